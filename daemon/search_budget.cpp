// SPDX-License-Identifier: GPL-3.0-or-later
#include "daemon/search_budget.h"

#include <algorithm>

namespace bot {

SearchBudget search_budget(const BudgetInput& input, const BudgetSettings& settings) {
  SearchBudget budget;
  budget.limits.move_overhead_ms = settings.move_overhead_ms;
  const int cap = settings.max_think_ms > 0 ? settings.max_think_ms : 0;

  // Before both sides moved the clocks do not run, but the server aborts a game whose
  // player does not move in time: think briefly, well inside the deadline.
  if (input.first_move) {
    int think = settings.first_move_max_ms;
    if (input.first_move_deadline_ms)
      think = std::min(think, std::max(50, *input.first_move_deadline_ms / 4));
    if (cap) think = std::min(think, cap);
    budget.limits.movetime_ms = std::max(50, think - settings.move_overhead_ms);
    budget.hard_cap_ms = think;
    return budget;
  }
  // Correspondence and unlimited games: the clock is days long; think a fixed time.
  if (input.correspondence || !input.wtime_ms || !input.btime_ms) {
    int think = cap ? cap : 10000;
    budget.limits.movetime_ms = think;
    budget.hard_cap_ms = think;
    return budget;
  }
  budget.limits.wtime_ms = std::max(0, *input.wtime_ms);
  budget.limits.btime_ms = std::max(0, *input.btime_ms);
  budget.limits.winc_ms = input.winc_ms;
  budget.limits.binc_ms = input.binc_ms;
  // Never let one move take more than half of what is left after the overhead.
  int ours = input.we_are_white ? *input.wtime_ms : *input.btime_ms;
  int half_left = std::max(10, (ours - settings.move_overhead_ms) / 2);
  budget.hard_cap_ms = cap ? std::min(cap, half_left) : half_left;
  return budget;
}

}  // namespace bot
