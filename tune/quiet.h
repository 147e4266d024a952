// SPDX-License-Identifier: GPL-3.0-or-later
// Whether a position is quiet enough to tune the static evaluation on: the
// quiescence search would find nothing to search, so its value is exactly the
// static evaluation. Chess: not in check, no queen promotion and no capture whose
// static exchange (engine/search/see.h) is at least 0 -- the moves quiescence
// searches. Pacifist: the side to move owns a king, nobody has pending
// (over-persuaded) pieces and no move converts a piece (candidates guessed by
// engine/search/conversion_scout.h, confirmed by playing them) -- the moves
// quiescence searches. Both are a little stricter than quiescence, never looser:
// chess also refuses promotions that lose the queen, Pacifist positions with
// pending pieces. Pure; thread-safe.
#pragma once

#include "engine/position.h"

namespace tune {

bool is_quiet(const engine::Position& pos);

}  // namespace tune
