// SPDX-License-Identifier: GPL-3.0-or-later
// Time management: budgets stay inside the clock after every move's overhead,
// so a whole game at 1+0 or 0.5+0 with 50 ms overhead cannot run out of time
// even if every move used its full hard limit. No timed assertions: the clock
// is simulated.
#include <gtest/gtest.h>

#include "engine/search/time_manager.h"

namespace engine::search {
namespace {

SearchLimits clock_limits(int remaining, int increment, int overhead) {
  SearchLimits limits;
  limits.wtime_ms = remaining;
  limits.btime_ms = remaining;
  limits.winc_ms = increment;
  limits.binc_ms = increment;
  limits.move_overhead_ms = overhead;
  return limits;
}

// Plays `moves` moves that each spend `spend_factor` times the soft target (at most the
// hard limit; the search overruns its target only while the best move keeps changing),
// plus 1 ms for the depth-1 search that always completes, plus `lag` (the real
// transmission delay, at most the configured overhead); returns the lowest clock seen.
int simulate_game(int initial, int increment, int overhead, int lag, int moves,
                  int spend_factor = 2) {
  int clock = initial, lowest = initial;
  for (int i = 0; i < moves; ++i) {
    auto budget = plan_time(clock_limits(clock, increment, overhead), White);
    EXPECT_TRUE(budget.has_value());
    if (!budget) return -1;
    EXPECT_LE(budget->soft_ms, budget->hard_ms);
    EXPECT_GE(budget->soft_ms, 0);
    // While the clock holds more than the overhead, the hard limit leaves the overhead free.
    if (clock > overhead + 5) {
      EXPECT_LE(budget->hard_ms + overhead, clock) << "move " << i;
    }
    clock -= std::min(spend_factor * budget->soft_ms, budget->hard_ms) + 1 + lag;
    lowest = std::min(lowest, clock);
    clock += increment;
  }
  return lowest;
}

// 1+0 and 0.5+0 are one minute and half a minute without increment; every move loses
// 50 ms in transit and the engine is told so (Move Overhead 50).
TEST(SearchTime, OneMinuteGameWithFiftyMsOverheadNeverFlags) {
  EXPECT_GT(simulate_game(60'000, 0, 50, 50, 120), 0);
  EXPECT_GT(simulate_game(60'000, 0, 50, 50, 150, 1), 0);
  EXPECT_GT(simulate_game(60'000, 0, 10, 10, 200, 1), 0);
}

TEST(SearchTime, HalfMinuteGameWithFiftyMsOverheadNeverFlags) {
  EXPECT_GT(simulate_game(30'000, 0, 50, 50, 100), 0);
}

TEST(SearchTime, TinyClocksStillLeaveTheOverheadFree) {
  // Below the overhead reserve the budget drops to nothing: depth 1 only.
  EXPECT_GT(simulate_game(500, 0, 50, 3, 100), 0);
}

TEST(SearchTime, IncrementGamesNeverFlag) {
  EXPECT_GT(simulate_game(10'000, 100, 10, 10, 300), 0);
  EXPECT_GT(simulate_game(1'000, 100, 50, 50, 300), 0);
  EXPECT_GT(simulate_game(3'000, 0, 10, 5, 120), 0);
}

TEST(SearchTime, MovesToGoSpendsAboutAShare) {
  SearchLimits limits = clock_limits(40'000, 0, 0);
  limits.movestogo = 40;
  auto budget = plan_time(limits, White);
  ASSERT_TRUE(budget);
  EXPECT_GT(budget->soft_ms, 500);
  EXPECT_LT(budget->soft_ms, 2'000);
  EXPECT_LT(budget->hard_ms, 40'000 / 2);
}

TEST(SearchTime, UsesTheClockOfTheSideToMove) {
  SearchLimits limits = clock_limits(60'000, 0, 10);
  limits.btime_ms = 1'000;
  EXPECT_GT(plan_time(limits, White)->soft_ms, plan_time(limits, Black)->soft_ms);
}

TEST(SearchTime, MovetimeIsFixedAndOtherLimitsAreUntimed) {
  SearchLimits limits;
  limits.movetime_ms = 500;
  limits.move_overhead_ms = 20;
  auto budget = plan_time(limits, Black);
  ASSERT_TRUE(budget);
  EXPECT_EQ(budget->hard_ms, 480);
  EXPECT_TRUE(budget->fixed);
  SearchLimits depth;
  depth.depth = 5;
  EXPECT_FALSE(plan_time(depth, White).has_value());
  SearchLimits infinite;
  infinite.infinite = true;
  EXPECT_FALSE(plan_time(infinite, White).has_value());
}

TEST(SearchTime, MaxTimeCapsTheClockPlanAsAHardLimit) {
  SearchLimits limits = clock_limits(600'000, 5'000, 30);
  const auto uncapped = plan_time(limits, White);
  ASSERT_TRUE(uncapped);
  ASSERT_GT(uncapped->soft_ms, 10);
  limits.max_time_ms = 10;
  const auto capped = plan_time(limits, White);
  ASSERT_TRUE(capped);
  EXPECT_EQ(capped->hard_ms, 10);  // the overhead is not taken off the cap
  EXPECT_EQ(capped->soft_ms, 10);
  EXPECT_FALSE(capped->fixed);
  // A cap above what the clock allows changes nothing.
  limits.max_time_ms = 10'000'000;
  EXPECT_EQ(plan_time(limits, White)->hard_ms, uncapped->hard_ms);
  EXPECT_EQ(plan_time(limits, White)->soft_ms, uncapped->soft_ms);
}

TEST(SearchTime, MaxTimeCapsMovetimeAndAloneIsAFixedBudget) {
  SearchLimits movetime;
  movetime.movetime_ms = 500;
  movetime.move_overhead_ms = 20;
  movetime.max_time_ms = 40;
  EXPECT_EQ(plan_time(movetime, White)->hard_ms, 40);
  EXPECT_TRUE(plan_time(movetime, White)->fixed);
  SearchLimits alone;
  alone.max_time_ms = 25;
  alone.move_overhead_ms = 500;
  auto budget = plan_time(alone, Black);
  ASSERT_TRUE(budget);
  EXPECT_EQ(budget->hard_ms, 25);
  EXPECT_EQ(budget->soft_ms, 25);
  EXPECT_TRUE(budget->fixed);
}

TEST(SearchTime, EmptyClockMeansNoThinking) {
  auto budget = plan_time(clock_limits(0, 0, 10), White);
  ASSERT_TRUE(budget);
  EXPECT_EQ(budget->hard_ms, 0);
}

}  // namespace
}  // namespace engine::search
