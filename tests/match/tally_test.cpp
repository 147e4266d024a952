// SPDX-License-Identifier: GPL-3.0-or-later
// Match tallies (match/tally.h): results from the first engine's side, pairs counted only when
// both games are done, faults by engine and reason.
#include "match/tally.h"

#include <gtest/gtest.h>

namespace match {
namespace {

GameTask task(int number, int white, int black) {
  GameTask t;
  t.number = number;
  t.pair = number / 2;
  t.white = white;
  t.black = black;
  return t;
}

GameRecord result(engine::Outcome outcome) {
  GameRecord g;
  g.outcome = outcome;
  return g;
}

TEST(Tally, PairsAreCountedFromTheFirstEngineOncBothGamesAreIn) {
  MatchTally tally({"a", "b"});
  using engine::Outcome;
  // Pair 0: a wins with White, draws with Black: 1.5 points.
  tally.add(task(0, 0, 1), result(Outcome::WhiteWins));
  EXPECT_EQ(tally.pairings()[0].pairs.pairs(), 0);  // the pair is not complete
  tally.add(task(1, 1, 0), result(Outcome::Draw));
  // Pair 1, finished in the other order: a loses with Black (b is White and wins), a loses
  // with White: 0 points.
  tally.add(task(3, 1, 0), result(Outcome::WhiteWins));
  tally.add(task(2, 0, 1), result(Outcome::BlackWins));
  // Pair 2: a wins both: 2 points.
  tally.add(task(4, 0, 1), result(Outcome::WhiteWins));
  tally.add(task(5, 1, 0), result(Outcome::BlackWins));
  const PairingTally& p = tally.pairings()[0];
  EXPECT_EQ(p.pairs.counts, (std::array<int, 5>{1, 0, 0, 1, 1}));
  EXPECT_EQ(p.games.wins, 3);
  EXPECT_EQ(p.games.draws, 1);
  EXPECT_EQ(p.games.losses, 2);
  EXPECT_EQ(tally.games(), 6);
}

TEST(Tally, FaultsAreChargedToTheEngineAtFault) {
  MatchTally tally({"a", "b", "c"});
  GameRecord crash = result(engine::Outcome::WhiteWins);
  crash.ending = Ending::Fault;
  crash.fault = Fault::Crash;
  crash.fault_side = engine::Black;
  tally.add(task(0, 0, 2), crash);  // c was Black
  GameRecord illegal = result(engine::Outcome::BlackWins);
  illegal.ending = Ending::Fault;
  illegal.fault = Fault::Illegal;
  illegal.fault_side = engine::White;
  tally.add(task(1, 1, 2), illegal);  // b was White
  EXPECT_EQ(tally.faults_of(2, Fault::Crash), 1);
  EXPECT_EQ(tally.faults_of(1, Fault::Illegal), 1);
  EXPECT_EQ(tally.faults_of(0, Fault::Crash), 0);
  EXPECT_EQ(tally.faults(Fault::Crash), 1);
  EXPECT_EQ(tally.faults(Fault::Time), 0);
  // Round robin: three pairings, each game in its own.
  ASSERT_EQ(tally.pairings().size(), 3u);
  EXPECT_EQ(tally.pairings()[1].games.wins, 1);    // a vs c: a won as White
  EXPECT_EQ(tally.pairings()[2].games.losses, 1);  // b vs c: b lost as White
  const std::string summary = tally.summary(std::nullopt);
  EXPECT_NE(summary.find("c (crash 1, hang 0, illegal move 0, time loss 0)"), std::string::npos)
      << summary;
}

TEST(Tally, ProgressLineShowsScoreEloLlrAndFaults) {
  MatchTally tally({"a", "b"});
  GameTask first = task(0, 0, 1), second = task(1, 1, 0);
  GameRecord win = result(engine::Outcome::WhiteWins);
  win.reason = "checkmate";
  tally.add(first, win);
  tally.add(second, result(engine::Outcome::Draw));
  const std::string line =
      tally.progress_line(second, result(engine::Outcome::Draw), 10, SprtParameters{});
  EXPECT_NE(line.find("Game 2/10"), std::string::npos) << line;
  EXPECT_NE(line.find("a vs b: W 1 D 1 L 0, 75.0%"), std::string::npos) << line;
  EXPECT_NE(line.find("LLR "), std::string::npos) << line;
  EXPECT_NE(line.find("(-2.94, 2.94)"), std::string::npos) << line;
  EXPECT_NE(line.find("faults 0"), std::string::npos) << line;
}

}  // namespace
}  // namespace match
