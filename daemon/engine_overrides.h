// SPDX-License-Identifier: GPL-3.0-or-later
// The engine settings of one game: the engine section with the matching entries of
// engine.overrides applied (config/config.h, EngineOverride). A pure function, called once
// per game by its session when the game's first full state names the speed and opponent.
#pragma once

#include <optional>
#include <span>

#include "config/config.h"
#include "daemon/search_budget.h"
#include "engine/engine.h"

namespace bot {

// What an override may change.
struct ContextSettings {
  engine::EngineOptions engine;  // hash_mb and threads; tablebases are kept
  BudgetSettings budget;
  std::optional<bool> book;    // nullopt: engine.book.against_humans / against_bots decide
  std::optional<bool> ponder;  // nullopt: engine.ponder decides
};

// The game's context: its speed (nullopt: a speed key paxbot does not know) and opponent.
struct GameContext {
  std::optional<config::Speed> speed;
  bool opponent_is_bot = false;  // bots and Lichess AI
};

// Applies the entries that match `game`, in order (a later entry wins, key by key).
ContextSettings apply_overrides(ContextSettings base,
                                std::span<const config::EngineOverride> overrides,
                                const GameContext& game);

}  // namespace bot
