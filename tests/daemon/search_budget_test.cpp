// SPDX-License-Identifier: GPL-3.0-or-later
// Search budget -> engine limits: first-move deadline, correspondence, clocks and the cap,
// checked both as the limits handed over and as the engine's time plan of them.
#include "daemon/search_budget.h"

#include <gtest/gtest.h>

#include "engine/search/time_manager.h"

namespace bot {
namespace {

using engine::search::plan_time;

TEST(SearchBudget, FirstMoveThinksBrieflyInsideTheDeadline) {
  BudgetSettings s{.move_overhead_ms = 100, .max_think_ms = 10000, .first_move_max_ms = 2000};
  engine::SearchLimits b = search_budget({.first_move = true}, s);
  EXPECT_FALSE(b.movetime_ms);
  EXPECT_FALSE(b.wtime_ms);
  EXPECT_EQ(b.max_time_ms, 2000);
  EXPECT_EQ(plan_time(b, engine::White)->hard_ms, 2000);
  engine::SearchLimits tight =
      search_budget({.first_move = true, .first_move_deadline_ms = 4000}, s);
  EXPECT_EQ(tight.max_time_ms, 1000);
}

TEST(SearchBudget, SmallFirstMoveCapsAreKeptExactly) {
  BudgetSettings s{.move_overhead_ms = 100, .max_think_ms = 10000, .first_move_max_ms = 10};
  engine::SearchLimits b = search_budget({.first_move = true}, s);
  EXPECT_EQ(b.max_time_ms, 10);
  EXPECT_EQ(plan_time(b, engine::Black)->hard_ms, 10);
  s.first_move_max_ms = 2000;
  s.max_think_ms = 10;  // the move cap also bounds the first move
  EXPECT_EQ(search_budget({.first_move = true}, s).max_time_ms, 10);
}

TEST(SearchBudget, CorrespondenceThinksTheCap) {
  BudgetSettings s{.max_think_ms = 7000};
  engine::SearchLimits b = search_budget({.correspondence = true}, s);
  EXPECT_EQ(b.max_time_ms, 7000);
  EXPECT_FALSE(b.wtime_ms);
  const auto plan = plan_time(b, engine::White);
  ASSERT_TRUE(plan);
  EXPECT_EQ(plan->hard_ms, 7000);
  EXPECT_TRUE(plan->fixed);
}

TEST(SearchBudget, CorrespondenceNeverThinksMoreThanAQuarterOfTheTimeLeft) {
  BudgetSettings s{.max_think_ms = 60000};
  EXPECT_EQ(
      search_budget({.correspondence = true, .correspondence_left_ms = 86'400'000}, s).max_time_ms,
      60000);
  EXPECT_EQ(search_budget({.correspondence = true, .correspondence_left_ms = 40000}, s).max_time_ms,
            10000);
  EXPECT_EQ(search_budget({.correspondence = true, .correspondence_left_ms = 0}, s).max_time_ms, 50)
      << "the floor: a move still gets searched";
}

TEST(SearchBudget, ClockGamesPassTheClocksAndTheCap) {
  BudgetSettings s{.move_overhead_ms = 50, .max_think_ms = 5000};
  BudgetInput in{
      .we_are_white = false, .wtime_ms = 60000, .btime_ms = 3000, .winc_ms = 1000, .binc_ms = 1000};
  engine::SearchLimits b = search_budget(in, s);
  EXPECT_FALSE(b.movetime_ms);
  EXPECT_EQ(b.wtime_ms, 60000);
  EXPECT_EQ(b.btime_ms, 3000);
  EXPECT_EQ(b.binc_ms, 1000);
  EXPECT_EQ(b.move_overhead_ms, 50);
  EXPECT_EQ(b.max_time_ms, 5000);
  // With 3 s left the engine's own plan stays far below the cap.
  EXPECT_LT(plan_time(b, engine::Black)->hard_ms, (3000 - 50) / 2);
}

TEST(SearchBudget, TenMillisecondCapIsTheEnginesHardLimitInLongGames) {
  BudgetSettings s{.move_overhead_ms = 30, .max_think_ms = 10};
  BudgetInput rich{.we_are_white = true, .wtime_ms = 600000, .btime_ms = 600000};
  engine::SearchLimits b = search_budget(rich, s);
  EXPECT_EQ(b.max_time_ms, 10);
  const auto plan = plan_time(b, engine::White);
  ASSERT_TRUE(plan);
  EXPECT_EQ(plan->hard_ms, 10);
  EXPECT_LE(plan->soft_ms, 10);
}

TEST(SearchBudget, NoCapLeavesTheClockPlan) {
  BudgetSettings s{.move_overhead_ms = 30, .max_think_ms = 0};
  engine::SearchLimits b = search_budget({.wtime_ms = 60000, .btime_ms = 60000}, s);
  EXPECT_FALSE(b.max_time_ms);
  EXPECT_GT(plan_time(b, engine::White)->hard_ms, 0);
}

TEST(SearchBudget, NegativeClocksAreClamped) {
  engine::SearchLimits b = search_budget({.wtime_ms = -20, .btime_ms = 100}, {});
  EXPECT_EQ(b.wtime_ms, 0);
  EXPECT_EQ(plan_time(b, engine::White)->hard_ms, 0);  // depth 1 only
}

TEST(SearchBudget, DescribesTheLimitsForTheLog) {
  BudgetSettings s{.move_overhead_ms = 30, .max_think_ms = 10};
  EXPECT_EQ(describe_limits(search_budget(
                {.wtime_ms = 60000, .btime_ms = 59000, .winc_ms = 1000, .binc_ms = 1000}, s)),
            "clock 60000/59000 ms +1000/1000, overhead 30 ms, at most 10 ms");
  EXPECT_EQ(describe_limits(search_budget({.correspondence = true}, s)),
            "overhead 30 ms, at most 10 ms");
}

}  // namespace
}  // namespace bot
