// SPDX-License-Identifier: GPL-3.0-or-later
// The engine returns a legal move (or none exactly when there is no legal move)
// in every position of the perft data files and along random playouts, for
// every variant, at tiny limits: depth 1, one node and one millisecond.
#include <gtest/gtest.h>

#include <random>
#include <set>

#include "engine/engine.h"
#include "engine/fen.h"
#include "engine/movegen.h"
#include "engine/notation.h"
#include "engine/variant.h"
#include "tests/support/perft_data.h"

namespace engine {
namespace {

struct TinyLimit {
  const char* name;
  SearchLimits limits;
};

std::vector<TinyLimit> tiny_limits() {
  SearchLimits depth, nodes, time;
  depth.depth = 1;
  nodes.nodes = 1;
  time.movetime_ms = 1;
  time.move_overhead_ms = 0;
  return {{"depth 1", depth}, {"1 node", nodes}, {"1 ms", time}};
}

// Searches pos at every tiny limit and checks the answer against the legal moves.
void expect_legal_answers(Engine& engine, const Position& pos, const std::string& where) {
  const MoveList legal = legal_moves(pos);
  for (const TinyLimit& tiny : tiny_limits()) {
    const SearchResult result = engine.search(tiny.limits);
    if (legal.empty()) {
      EXPECT_EQ(result.best, Move::none()) << where << " (" << tiny.name << ")";
    } else {
      EXPECT_TRUE(legal.contains(result.best))
          << where << " (" << tiny.name << "): " << move_to_uci(pos, result.best);
    }
  }
}

TEST(SearchLegalMove, EveryPerftDataPositionAtTinyLimits) {
  auto rows = paxbot_test::read_perft_rows("perft-standard.tsv", "standard");
  auto pacifist = paxbot_test::read_perft_rows("perft-pacifist.tsv", "pacifist");
  rows.insert(rows.end(), pacifist.begin(), pacifist.end());
  ASSERT_FALSE(rows.empty()) << "no perft data under " << PAXBOT_TEST_DATA_DIR;
  Engine engine;
  std::set<std::pair<std::string, std::string>> seen;
  for (const auto& row : rows) {
    if (!seen.insert({row.variant, row.fen}).second) continue;
    auto variant = parse_variant(row.variant);
    ASSERT_TRUE(variant) << variant.error();
    ASSERT_TRUE(engine.set_position(*variant, row.fen, {})) << row.fen;
    expect_legal_answers(engine, engine.position(), row.variant + " " + row.fen);
  }
}

// Plays random games and checks the engine's answers along the way.
void random_playouts(Variant variant, std::string_view start, unsigned seed) {
  std::mt19937 rng(seed);
  Engine engine;
  for (int game = 0; game < 6; ++game) {
    std::vector<std::string> moves;
    for (int ply = 0; ply < 160; ++ply) {
      ASSERT_TRUE(engine.set_position(variant, start, moves));
      const Position& pos = engine.position();
      const MoveList legal = legal_moves(pos);
      if (ply % 7 == game % 7 || legal.empty()) expect_legal_answers(engine, pos, to_fen(pos));
      if (legal.empty()) break;
      moves.push_back(move_to_uci(pos, legal[rng() % legal.size()]));
    }
  }
}

TEST(SearchLegalMove, RandomPlayoutsStandard) {
  random_playouts(Variant::Standard, "startpos", 1);
}

TEST(SearchLegalMove, RandomPlayoutsChess960) {
  random_playouts(Variant::Chess960, chess960_start_fen(94), 2);
}

TEST(SearchLegalMove, RandomPlayoutsPacifist) {
  random_playouts(Variant::Pacifist, "startpos", 3);
}

TEST(SearchLegalMove, RandomPlayoutsPacifist960) {
  random_playouts(Variant::Pacifist, chess960_start_fen(301), 4);
}

TEST(SearchLegalMove, TwoThreadsReturnALegalMove) {
  Engine engine(EngineOptions{8, 2});
  SearchLimits limits;
  limits.movetime_ms = 60;
  for (Variant v : {Variant::Standard, Variant::Pacifist}) {
    ASSERT_TRUE(engine.set_position(v, "startpos", {"e2e4", "e7e5", "g1f3"}));
    const SearchResult result = engine.search(limits);
    EXPECT_TRUE(legal_moves(engine.position()).contains(result.best));
    EXPECT_GE(result.info.depth, 1);
  }
}

}  // namespace
}  // namespace engine
