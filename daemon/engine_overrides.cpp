// SPDX-License-Identifier: GPL-3.0-or-later
#include "daemon/engine_overrides.h"

#include <algorithm>

namespace bot {
namespace {

bool matches(const config::EngineOverride& o, const GameContext& game) {
  using Kind = config::OpponentKind;
  if (o.opponent == Kind::kHuman && game.opponent_is_bot) return false;
  if (o.opponent == Kind::kBot && !game.opponent_is_bot) return false;
  if (o.speeds.empty()) return true;
  return game.speed && std::ranges::find(o.speeds, *game.speed) != o.speeds.end();
}

}  // namespace

ContextSettings apply_overrides(ContextSettings s,
                                std::span<const config::EngineOverride> overrides,
                                const GameContext& game) {
  for (const config::EngineOverride& o : overrides) {
    if (!matches(o, game)) continue;
    if (o.hash_mb) s.engine.hash_mb = *o.hash_mb;
    if (o.threads) s.engine.threads = *o.threads;
    if (o.move_overhead_ms) s.budget.move_overhead_ms = *o.move_overhead_ms;
    if (o.max_think_ms) s.budget.max_think_ms = *o.max_think_ms;
    if (o.first_move_max_ms) s.budget.first_move_max_ms = *o.first_move_max_ms;
    if (o.book) s.book = *o.book;
    if (o.ponder) s.ponder = *o.ponder;
  }
  return s;
}

}  // namespace bot
