// SPDX-License-Identifier: GPL-3.0-or-later
// Search budget: first-move deadline, correspondence, clocks and the hard cap.
#include "daemon/search_budget.h"

#include <gtest/gtest.h>

namespace bot {
namespace {

TEST(SearchBudget, FirstMoveThinksBrieflyInsideTheDeadline) {
  BudgetSettings s{.move_overhead_ms = 100, .max_think_ms = 10000, .first_move_max_ms = 2000};
  SearchBudget b = search_budget({.first_move = true}, s);
  ASSERT_TRUE(b.limits.movetime_ms);
  EXPECT_EQ(*b.limits.movetime_ms, 1900);
  EXPECT_EQ(b.hard_cap_ms, 2000);
  SearchBudget tight = search_budget({.first_move = true, .first_move_deadline_ms = 4000}, s);
  EXPECT_EQ(tight.hard_cap_ms, 1000);
  EXPECT_LT(*tight.limits.movetime_ms, 1000);
}

TEST(SearchBudget, CorrespondenceThinksTheCap) {
  BudgetSettings s{.max_think_ms = 7000};
  SearchBudget b = search_budget({.correspondence = true}, s);
  EXPECT_EQ(b.limits.movetime_ms, 7000);
  EXPECT_FALSE(b.limits.wtime_ms);
}

TEST(SearchBudget, ClockGamesPassTheClocksAndCapTheMove) {
  BudgetSettings s{.move_overhead_ms = 50, .max_think_ms = 5000};
  BudgetInput in{
      .we_are_white = false, .wtime_ms = 60000, .btime_ms = 3000, .winc_ms = 1000, .binc_ms = 1000};
  SearchBudget b = search_budget(in, s);
  EXPECT_FALSE(b.limits.movetime_ms);
  EXPECT_EQ(b.limits.wtime_ms, 60000);
  EXPECT_EQ(b.limits.btime_ms, 3000);
  EXPECT_EQ(b.limits.binc_ms, 1000);
  EXPECT_EQ(b.limits.move_overhead_ms, 50);
  EXPECT_EQ(b.hard_cap_ms, (3000 - 50) / 2);  // half of what is left beats the 5 s cap
  BudgetInput rich{.we_are_white = true, .wtime_ms = 600000, .btime_ms = 600000};
  EXPECT_EQ(search_budget(rich, s).hard_cap_ms, 5000);
}

TEST(SearchBudget, NegativeClocksAreClamped) {
  SearchBudget b = search_budget({.wtime_ms = -20, .btime_ms = 100}, {});
  EXPECT_EQ(b.limits.wtime_ms, 0);
  EXPECT_GT(b.hard_cap_ms, 0);
}

}  // namespace
}  // namespace bot
