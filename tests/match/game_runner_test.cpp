// SPDX-License-Identifier: GPL-3.0-or-later
// The game runner's go command (match/game_runner.h): clocks, time odds and fixed limits. Whole
// games are played in match_test.cpp.
#include "match/game_runner.h"

#include <gtest/gtest.h>

namespace match {
namespace {

TEST(GameRunner, GoCommandSendsBothClocksFromTheRunner) {
  Limits clock;
  clock.tc = TimeControl{10000, 100};
  const int remaining[2] = {9500, 8700};
  EXPECT_EQ(go_command(engine::White, clock, clock, remaining),
            "go wtime 9500 btime 8700 winc 100 binc 100");
  EXPECT_EQ(go_command(engine::Black, clock, clock, remaining),
            "go wtime 9500 btime 8700 winc 100 binc 100");
  EXPECT_EQ(go_command(engine::White, clock, clock, remaining, true),
            "go ponder wtime 9500 btime 8700 winc 100 binc 100");
}

TEST(GameRunner, GoCommandWithTimeOddsAndFixedLimits) {
  Limits fast, fixed;
  fast.tc = TimeControl{1000, 10};
  fast.nodes = 5000;
  fixed.movetime_ms = 250;
  fixed.depth = 6;
  const int remaining[2] = {800, 0};
  // White on a clock against an opponent without one: the opponent is shown White's clock.
  EXPECT_EQ(go_command(engine::White, fast, fixed, remaining),
            "go wtime 800 btime 800 winc 10 binc 10 nodes 5000");
  EXPECT_EQ(go_command(engine::Black, fast, fixed, remaining), "go movetime 250 depth 6");
  Limits nodes_only;
  nodes_only.nodes = 1;
  EXPECT_EQ(go_command(engine::White, nodes_only, nodes_only, remaining), "go nodes 1");
}

}  // namespace
}  // namespace match
