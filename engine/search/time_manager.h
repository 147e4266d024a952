// SPDX-License-Identifier: GPL-3.0-or-later
// Time management: turns the clock limits of a search into a soft target (no new
// iteration starts after it, scaled by how stable the best move is) and a hard
// limit (the search stops at once).
//
// Owned by one search. plan() runs before the search threads start; restart()
// (ponderhit) may run on the controlling thread while the main search thread
// reads the clock, so the start time is atomic. Everything else is read-only
// during the search.
#pragma once

#include <atomic>
#include <cstdint>
#include <optional>

#include "engine/search/limits.h"
#include "engine/types.h"

namespace engine::search {

struct TimeBudget {
  int soft_ms = 0;
  int hard_ms = 0;
  bool fixed = false;  // go movetime: use all of it; iterations never stop early
};

// The budget for one move of colour us, or nullopt when the limits set no time bound
// (depth, nodes or infinite only). max_time_ms caps the hard limit (and so the soft
// target) of every kind of budget. Pure; see params.h for the constants.
std::optional<TimeBudget> plan_time(const SearchLimits& limits, Color us);

class TimeManager {
 public:
  void plan(const SearchLimits& limits, Color us);
  // Measures from now on (UCI ponderhit: our clock starts when the opponent moved).
  void restart();

  int elapsed_ms() const;
  bool timed() const { return budget_.has_value(); }
  bool hard_limit_reached() const { return budget_ && elapsed_ms() >= budget_->hard_ms; }
  // Whether another iteration may start, given for how many iterations the best move
  // has not changed.
  bool may_start_iteration(int stable_iterations) const;
  const std::optional<TimeBudget>& budget() const { return budget_; }

 private:
  std::atomic<std::int64_t> start_ns_{0};
  std::optional<TimeBudget> budget_;
};

}  // namespace engine::search
