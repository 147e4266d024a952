// SPDX-License-Identifier: GPL-3.0-or-later
// Time management: turns the clock limits of a search into a soft target (no new
// iteration starts after it, scaled by how stable the best move is) and a hard
// limit (the search stops at once).
//
// Pondering: a "go ponder" search thinks on the opponent's time, so our clock is not
// running: no hard limit applies until ponderhit(). From then on the hard limit (which
// protects our clock) is measured from the ponderhit, while the soft target (whether to
// start another iteration) counts all the thinking since go, ponder time included: a
// position already searched longer than its target is answered at once.
//
// Owned by one search. plan() runs on the controlling thread before the search thread
// starts; ponderhit() may run on any thread while the main search thread reads the
// clocks, so both start times are atomic. Everything else is read-only during the search.
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
  // Starts the thinking time now, and our clock too unless limits.ponder (and not
  // infinite): then the clock waits for ponderhit().
  void plan(const SearchLimits& limits, Color us);
  // UCI ponderhit: our clock starts now (the opponent played the expected move). Only
  // the first call after a pondering plan() counts.
  void ponderhit();

  // Thinking time since plan(), ponder time included (SearchInfo::time_ms).
  int elapsed_ms() const;
  // Time on our own clock: since plan(), or since ponderhit() when pondering; 0 before it.
  int clock_elapsed_ms() const;
  bool clock_running() const { return clock_start_ns_.load() != kClockStopped; }
  bool timed() const { return budget_.has_value(); }
  bool hard_limit_reached() const {
    return budget_ && clock_running() && clock_elapsed_ms() >= budget_->hard_ms;
  }
  // Whether another iteration may start, given for how many iterations the best move
  // has not changed; measured in thinking time (elapsed_ms), so ponder time counts.
  bool may_start_iteration(int stable_iterations) const;
  const std::optional<TimeBudget>& budget() const { return budget_; }

 private:
  static constexpr std::int64_t kClockStopped = INT64_MIN;

  std::atomic<std::int64_t> start_ns_{0};
  std::atomic<std::int64_t> clock_start_ns_{0};  // kClockStopped while pondering
  std::optional<TimeBudget> budget_;
};

}  // namespace engine::search
