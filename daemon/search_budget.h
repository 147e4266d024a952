// SPDX-License-Identifier: GPL-3.0-or-later
// How long to think on one move, from the game's clocks and the engine settings.
// A pure function: the session hands the limits to engine::Engine, whose time manager
// enforces every cap as a hard limit (the session runs no timer of its own).
#pragma once

#include <optional>
#include <string>

#include "engine/search/limits.h"

namespace bot {

struct BudgetInput {
  bool we_are_white = true;
  std::optional<int> wtime_ms{}, btime_ms{};  // absent in games without a clock
  int winc_ms = 0, binc_ms = 0;
  // Days per move: think for max_think_ms (the session sets correspondence.move_time_ms
  // there), at most a share of correspondence_left_ms, our time to the move's deadline.
  bool correspondence = false;
  std::optional<int> correspondence_left_ms{};
  bool first_move = false;  // before both sides moved: the server aborts slow starters
  std::optional<int> first_move_deadline_ms{};  // from gameState.expiration when known
};

struct BudgetSettings {
  int move_overhead_ms = 100;
  int max_think_ms = 10000;  // 0 = no cap
  int first_move_max_ms = 2000;
};

// The engine limits of one move: the clocks (the engine's time manager plans within them)
// and max_time_ms, the cap of this move (max_think_ms, or first_move_max_ms before both
// sides moved).
engine::SearchLimits search_budget(const BudgetInput& input, const BudgetSettings& settings);

// The limits in one line for the log: "clock 60000/59000 ms +1000/1000, overhead 30 ms,
// at most 10 ms".
std::string describe_limits(const engine::SearchLimits& limits);

}  // namespace bot
