// SPDX-License-Identifier: GPL-3.0-or-later
#include "daemon/search_budget.h"

#include <algorithm>
#include <sstream>

namespace bot {
namespace {

// Games without a clock and no max_think_ms: think this long on each move.
constexpr int kNoClockThinkMs = 10000;
// The first move (and a correspondence move) never thinks less than this because of a short
// deadline ...
constexpr int kMinDeadlineThinkMs = 50;
// ... and otherwise uses at most this fraction (1/n) of the time to the deadline.
constexpr int kDeadlineShare = 4;

}  // namespace

engine::SearchLimits search_budget(const BudgetInput& input, const BudgetSettings& settings) {
  engine::SearchLimits limits;
  limits.move_overhead_ms = settings.move_overhead_ms;
  const int cap = settings.max_think_ms > 0 ? settings.max_think_ms : 0;

  // Before both sides moved the clocks do not run, but the server aborts a game whose
  // player does not move in time: think briefly, well inside the deadline. The overhead is
  // already outside first_move_max_ms (config validation keeps both below the deadline).
  if (input.first_move) {
    int think = settings.first_move_max_ms;
    if (input.first_move_deadline_ms)
      think = std::min(
          think, std::max(kMinDeadlineThinkMs, *input.first_move_deadline_ms / kDeadlineShare));
    if (cap) think = std::min(think, cap);
    limits.max_time_ms = think;
    return limits;
  }
  // Correspondence and unlimited games: the clock is days long; think a fixed time, but
  // never more than a share of what is left before the move's deadline.
  if (input.correspondence || !input.wtime_ms || !input.btime_ms) {
    int think = cap ? cap : kNoClockThinkMs;
    if (input.correspondence_left_ms)
      think = std::min(
          think, std::max(kMinDeadlineThinkMs, *input.correspondence_left_ms / kDeadlineShare));
    limits.max_time_ms = think;
    return limits;
  }
  // The engine plans within the clocks (never more than a share of what is left after the
  // overhead); the cap bounds that plan.
  limits.wtime_ms = std::max(0, *input.wtime_ms);
  limits.btime_ms = std::max(0, *input.btime_ms);
  limits.winc_ms = input.winc_ms;
  limits.binc_ms = input.binc_ms;
  if (cap) limits.max_time_ms = cap;
  return limits;
}

std::string describe_limits(const engine::SearchLimits& limits) {
  std::ostringstream out;
  const char* separator = "";
  if (limits.wtime_ms && limits.btime_ms) {
    out << "clock " << *limits.wtime_ms << "/" << *limits.btime_ms << " ms +" << limits.winc_ms
        << "/" << limits.binc_ms;
    separator = ", ";
  }
  if (limits.movetime_ms) {
    out << separator << "movetime " << *limits.movetime_ms << " ms";
    separator = ", ";
  }
  out << separator << "overhead " << limits.move_overhead_ms << " ms";
  if (limits.max_time_ms) out << ", at most " << *limits.max_time_ms << " ms";
  return out.str();
}

}  // namespace bot
