// SPDX-License-Identifier: GPL-3.0-or-later
// The search with a network (EngineOptions::network): it plays legal moves, is
// deterministic at a fixed depth, really evaluates with the network in chess (other node
// counts than the classical evaluation), keeps the classical evaluation in Pacifist, and
// scores insufficient material 0 like the classical evaluation.
#include <gtest/gtest.h>

#include <memory>

#include "engine/engine.h"
#include "engine/fen.h"
#include "engine/movegen.h"
#include "engine/nnue/network.h"
#include "tests/engine/nnue/nnue_test_support.h"

namespace engine {
namespace {

std::shared_ptr<const nnue::Network> shared_network(int hidden, unsigned seed) {
  return std::make_shared<const nnue::Network>(paxbot_test::random_network(hidden, seed));
}

SearchResult search_once(std::shared_ptr<const nnue::Network> network, Variant variant,
                         const char* fen, int depth, int threads = 1) {
  Engine engine(EngineOptions{16, threads, nullptr, std::move(network)});
  EXPECT_TRUE(engine.set_position(variant, fen, {}));
  SearchLimits limits;
  limits.depth = depth;
  return engine.search(limits);
}

TEST(NnueSearch, PlaysLegalMovesDeterministicallyWithTheNetwork) {
  const auto network = shared_network(128, 21);
  for (const auto& start : paxbot_test::chess_starts()) {
    auto pos = parse_fen(start.fen, start.variant);
    ASSERT_TRUE(pos);
    const SearchResult first = search_once(network, start.variant, start.fen, 6);
    const SearchResult second = search_once(network, start.variant, start.fen, 6);
    const SearchResult classical = search_once(nullptr, start.variant, start.fen, 6);
    EXPECT_TRUE(is_legal(*pos, first.best)) << start.fen;
    EXPECT_EQ(first.best, second.best) << start.fen;
    EXPECT_EQ(first.info.score_cp, second.info.score_cp) << start.fen;
    EXPECT_EQ(first.info.nodes, second.info.nodes) << start.fen;
    EXPECT_EQ(first.info.pv, second.info.pv) << start.fen;
    EXPECT_NE(first.info.nodes, classical.info.nodes)
        << "the network should steer the search differently: " << start.fen;
  }
}

TEST(NnueSearch, SeveralThreadsWithTheNetworkPlayLegalMoves) {
  const auto network = shared_network(32, 22);
  for (const auto& start : paxbot_test::chess_starts()) {
    auto pos = parse_fen(start.fen, start.variant);
    ASSERT_TRUE(pos);
    const SearchResult result = search_once(network, start.variant, start.fen, 7, 2);
    EXPECT_TRUE(is_legal(*pos, result.best)) << start.fen;
  }
}

TEST(NnueSearch, PacifistKeepsTheClassicalEvaluation) {
  const auto network = shared_network(32, 23);
  for (const auto& start : paxbot_test::pacifist_starts()) {
    const SearchResult with = search_once(network, start.variant, start.fen, 4);
    const SearchResult without = search_once(nullptr, start.variant, start.fen, 4);
    EXPECT_EQ(with.info.nodes, without.info.nodes) << start.fen;
    EXPECT_EQ(with.best, without.best) << start.fen;
    EXPECT_EQ(with.info.score_cp, without.info.score_cp) << start.fen;
  }
}

TEST(NnueSearch, InsufficientMaterialScoresZero) {
  const auto network = shared_network(32, 24);
  // King and knight against king: every static evaluation is 0 whatever the network says.
  const SearchResult result =
      search_once(network, Variant::Standard, "8/8/4k3/8/8/3NK3/8/8 w - - 0 1", 5);
  EXPECT_EQ(result.info.score_cp, 0);
  // With a pawn on the board the network's own (non-zero) values come back.
  const SearchResult pawn =
      search_once(network, Variant::Standard, "8/8/4k3/8/8/3NK3/4P3/8 w - - 0 1", 1);
  EXPECT_NE(pawn.info.score_cp, 0);
}

TEST(NnueSearch, TheEngineSwitchesNetworksBetweenSearches) {
  const auto a = shared_network(32, 25), b = shared_network(64, 26);
  Engine engine(EngineOptions{16, 1, nullptr, a});
  ASSERT_TRUE(engine.set_position(Variant::Standard, "startpos", {}));
  SearchLimits limits;
  limits.depth = 5;
  // new_game() each time: the histories of one game carry over from search to search.
  const SearchResult with_a = engine.search(limits);
  EngineOptions options = engine.options();
  options.network = b;
  engine.set_options(options);
  engine.new_game();
  const SearchResult with_b = engine.search(limits);
  options.network = a;
  engine.set_options(options);
  engine.new_game();
  const SearchResult with_a_again = engine.search(limits);
  EXPECT_EQ(with_a.info.nodes, with_a_again.info.nodes) << "no state of b may survive";
  EXPECT_EQ(with_a.best, with_a_again.best);
  EXPECT_NE(with_a.info.nodes, with_b.info.nodes);
  options.network = nullptr;
  engine.set_options(options);
  engine.new_game();
  EXPECT_EQ(engine.search(limits).info.nodes,
            search_once(nullptr, Variant::Standard, "startpos", 5).info.nodes);
}

}  // namespace
}  // namespace engine
