// SPDX-License-Identifier: GPL-3.0-or-later
// How long to think on one move, from the game's clocks and the engine settings.
// A pure function: the session passes the limits to engine::Engine and stops the
// search itself when the hard cap expires.
#pragma once

#include <optional>

#include "engine/search/limits.h"

namespace bot {

struct BudgetInput {
  bool we_are_white = true;
  std::optional<int> wtime_ms{}, btime_ms{};  // absent in games without a clock
  int winc_ms = 0, binc_ms = 0;
  bool correspondence = false;  // days per move: think for max_think_ms
  bool first_move = false;      // before both sides moved: the server aborts slow starters
  std::optional<int> first_move_deadline_ms{};  // from gameState.expiration when known
};

struct BudgetSettings {
  int move_overhead_ms = 100;
  int max_think_ms = 10000;  // 0 = no cap
  int first_move_max_ms = 2000;
};

struct SearchBudget {
  engine::SearchLimits limits;
  int hard_cap_ms = 0;  // stop the search after this long whatever the engine decided; 0 = none
};

SearchBudget search_budget(const BudgetInput& input, const BudgetSettings& settings);

}  // namespace bot
