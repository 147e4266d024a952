// SPDX-License-Identifier: GPL-3.0-or-later
// What the runner reads from an engine's info lines (match/engine_player.h), and pondering
// against the fake engine, which exits on any ponder protocol error (a crash fault here).
// Faults within whole matches: match_test.cpp.
#include "match/engine_player.h"

#include <gtest/gtest.h>

#include <sstream>

#include "engine/fen.h"
#include "engine/notation.h"

namespace match {
namespace {

constexpr auto kStartup = std::chrono::milliseconds(5000);

EngineSpec pondering_fake(const std::string& ponder_seed) {
  EngineSpec spec;
  spec.name = "fake";
  spec.cmd = FAKE_UCI_ENGINE;
  spec.args = {"seed=2"};
  if (!ponder_seed.empty()) spec.args.push_back("ponder-seed=" + ponder_seed);
  spec.ponder = true;
  return spec;
}

Clock::time_point soon() {
  return Clock::now() + kStartup;
}

bool legal_in(const std::string& moves, const std::string& move) {
  auto pos = engine::parse_fen("startpos", engine::Variant::Standard);
  std::istringstream words(moves);
  for (std::string w; words >> w;) {
    auto m = engine::parse_uci_move(*pos, w);
    if (!m) return false;
    engine::UndoRecord undo;
    pos->make_move(*m, undo);
  }
  return bool(engine::parse_uci_move(*pos, move));
}

TEST(EnginePlayer, InfoLinesGiveTheLastScoreAndDepth) {
  SearchAnswer answer;
  read_info("info depth 12 seldepth 18 multipv 1 score cp -35 nodes 40211 nps 1 pv e2e4 e7e5",
            answer);
  ASSERT_TRUE(answer.score);
  EXPECT_EQ(answer.score->cp, -35);
  EXPECT_FALSE(answer.score->is_mate());
  EXPECT_EQ(answer.depth, 12);
  read_info("info depth 13 score mate -4 upperbound nodes 50000", answer);
  ASSERT_TRUE(answer.score->is_mate());
  EXPECT_EQ(*answer.score->mate_in, -4);
  EXPECT_EQ(answer.depth, 13);
  // Text and moves after "string" or "pv" are not read as fields.
  read_info("info string score cp 999 depth 99", answer);
  read_info("info depth 14 pv e2e4 score cp 5", answer);
  EXPECT_EQ(*answer.score->mate_in, -4);
  EXPECT_EQ(answer.depth, 14);
  // A line without a score keeps the last one.
  read_info("info depth 15 currmove e2e4 currmovenumber 1", answer);
  EXPECT_TRUE(answer.score->is_mate());
  EXPECT_EQ(answer.depth, 15);
}

// The pondered reply is played: ponderhit, and the answer is a legal move there.
TEST(EnginePlayer, APonderOnThePlayedReplyIsAHit) {
  EnginePlayer player(pondering_fake("2"), engine::Variant::Standard, kStartup);
  ASSERT_TRUE(player.new_game());
  auto first = player.think("position startpos", "go nodes 1", soon(), Fault::Hang);
  ASSERT_TRUE(first) << first.error().detail;
  EXPECT_EQ(first->ponder_outcome, PonderOutcome::None);
  ASSERT_FALSE(first->ponder.empty());
  const std::string moves = first->move + " " + first->ponder;
  player.ponder("position startpos moves " + moves, "go ponder nodes 1");
  auto hit = player.think("position startpos moves " + moves, "go nodes 1", soon(), Fault::Hang);
  ASSERT_TRUE(hit) << hit.error().detail;
  EXPECT_EQ(hit->ponder_outcome, PonderOutcome::Hit);
  EXPECT_TRUE(legal_in(moves, hit->move)) << moves << " " << hit->move;
  player.stop();
}

// Another reply: the ponder is stopped and its bestmove read before the new search, so the
// answer belongs to the position asked about; a new game stops a ponder left running.
TEST(EnginePlayer, APonderOnAnotherReplyIsStoppedAndANewGameStopsOne) {
  EnginePlayer player(pondering_fake("2"), engine::Variant::Standard, kStartup);
  ASSERT_TRUE(player.new_game());
  player.ponder("position startpos moves e2e4 e7e5", "go ponder nodes 1");
  auto miss = player.think("position startpos moves d2d4", "go nodes 1", soon(), Fault::Hang);
  ASSERT_TRUE(miss) << miss.error().detail;
  EXPECT_EQ(miss->ponder_outcome, PonderOutcome::Miss);
  EXPECT_TRUE(legal_in("d2d4", miss->move)) << miss->move;
  player.ponder("position startpos moves d2d4 d7d5", "go ponder nodes 1");
  ASSERT_TRUE(player.new_game());
  auto fresh = player.think("position startpos", "go nodes 1", soon(), Fault::Hang);
  ASSERT_TRUE(fresh) << fresh.error().detail;
  EXPECT_EQ(fresh->ponder_outcome, PonderOutcome::None);
  EXPECT_TRUE(legal_in("", fresh->move));
  player.stop();
}

TEST(EnginePlayer, PonderOnNeedsAnEngineThatOffersPonder) {
  EnginePlayer player(pondering_fake(""), engine::Variant::Standard, kStartup);
  auto ready = player.new_game();
  ASSERT_FALSE(ready);
  EXPECT_NE(ready.error().detail.find("does not offer Ponder"), std::string::npos)
      << ready.error().detail;
}

TEST(EnginePlayer, FaultNames) {
  EXPECT_EQ(fault_name(Fault::Crash), "crash");
  EXPECT_EQ(fault_name(Fault::Hang), "hang");
  EXPECT_EQ(fault_name(Fault::Illegal), "illegal move");
  EXPECT_EQ(fault_name(Fault::Time), "time loss");
}

}  // namespace
}  // namespace match
