// SPDX-License-Identifier: GPL-3.0-or-later
// The time manager's clocks while pondering: no hard limit before ponderhit, the hard limit
// measured from the ponderhit, the soft target counting the ponder time. The sleeps only
// make time pass; every assertion compares durations with margins far beyond any delay
// between two statements.
#include "engine/search/time_manager.h"

#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "engine/search/params.h"

namespace engine::search {
namespace {

using namespace std::chrono_literals;

SearchLimits clock_limits(int remaining) {
  SearchLimits limits;
  limits.wtime_ms = remaining;
  limits.btime_ms = remaining;
  limits.move_overhead_ms = 0;
  return limits;
}

TEST(TimeManager, NoHardLimitWhilePonderingAndOurClockStartsAtPonderhit) {
  SearchLimits limits;
  limits.movetime_ms = 0;  // a hard limit of 0 ms: reached as soon as our clock runs
  limits.move_overhead_ms = 0;
  limits.ponder = true;
  TimeManager time;
  time.plan(limits, White);
  std::this_thread::sleep_for(20ms);
  EXPECT_FALSE(time.clock_running());
  EXPECT_FALSE(time.hard_limit_reached());
  EXPECT_EQ(time.clock_elapsed_ms(), 0);
  EXPECT_GE(time.elapsed_ms(), 20);
  time.ponderhit();
  EXPECT_TRUE(time.clock_running());
  EXPECT_TRUE(time.hard_limit_reached());
}

TEST(TimeManager, PonderTimeCountsTowardTheSoftTargetNotTheHardLimit) {
  // 10 s on the clock: a soft target of about 200 ms and a hard limit of about 800 ms.
  SearchLimits limits = clock_limits(10'000);
  limits.ponder = true;
  const auto budget = plan_time(limits, White);
  ASSERT_TRUE(budget);
  const int slowest_target = budget->soft_ms * params::kStabilityScalePercent[0] / 100 *
                             params::kNewIterationPercent / 100;
  ASSERT_GT(budget->hard_ms, 2 * slowest_target);
  TimeManager time;
  time.plan(limits, White);
  EXPECT_TRUE(time.may_start_iteration(0));
  std::this_thread::sleep_for(std::chrono::milliseconds(slowest_target + 50));
  time.ponderhit();
  // Pondering already thought longer than the target of any stability ...
  EXPECT_FALSE(time.may_start_iteration(0));
  EXPECT_GE(time.elapsed_ms(), slowest_target + 50);
  // ... but our own clock has only just started.
  EXPECT_LT(time.clock_elapsed_ms(), time.elapsed_ms());
  EXPECT_FALSE(time.hard_limit_reached());
}

TEST(TimeManager, OnlyTheFirstPonderhitStartsTheClock) {
  SearchLimits limits = clock_limits(60'000);
  limits.ponder = true;
  TimeManager time;
  time.plan(limits, Black);
  time.ponderhit();
  std::this_thread::sleep_for(30ms);
  time.ponderhit();  // a late duplicate must not give the search more time
  EXPECT_GE(time.clock_elapsed_ms(), 30);
}

TEST(TimeManager, WithoutPonderBothClocksStartAtPlan) {
  TimeManager time;
  time.plan(clock_limits(60'000), White);
  EXPECT_TRUE(time.clock_running());
  std::this_thread::sleep_for(20ms);
  time.ponderhit();  // not pondering: changes nothing
  EXPECT_GE(time.clock_elapsed_ms(), 20);
  SearchLimits infinite_ponder;
  infinite_ponder.ponder = true;
  infinite_ponder.infinite = true;  // go ponder infinite: infinite wins, no ponder state
  time.plan(infinite_ponder, White);
  EXPECT_TRUE(time.clock_running());
}

}  // namespace
}  // namespace engine::search
