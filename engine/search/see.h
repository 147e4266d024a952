// SPDX-License-Identifier: GPL-3.0-or-later
// Static exchange evaluation (chess only): the material balance of the capture
// sequence on one square when both sides always recapture with their least
// valuable piece and may stop at any time. Pins are ignored. Pure; thread-safe.
#pragma once

#include "engine/position.h"

namespace engine::search {

// Exchange values in centipawns (the king counts as priceless).
int see_piece_value(PieceType t);

// The exchange result of m on its destination square, from the mover's side.
int static_exchange(const Position& pos, Move m);

// Whether the exchange started by m gains at least threshold.
inline bool see_at_least(const Position& pos, Move m, int threshold) {
  return static_exchange(pos, m) >= threshold;
}

}  // namespace engine::search
