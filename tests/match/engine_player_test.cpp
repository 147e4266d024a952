// SPDX-License-Identifier: GPL-3.0-or-later
// What the runner reads from an engine's info lines (match/engine_player.h). The process side
// is exercised with the fake engine in match_test.cpp.
#include "match/engine_player.h"

#include <gtest/gtest.h>

namespace match {
namespace {

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

TEST(EnginePlayer, FaultNames) {
  EXPECT_EQ(fault_name(Fault::Crash), "crash");
  EXPECT_EQ(fault_name(Fault::Hang), "hang");
  EXPECT_EQ(fault_name(Fault::Illegal), "illegal move");
  EXPECT_EQ(fault_name(Fault::Time), "time loss");
}

}  // namespace
}  // namespace match
