// SPDX-License-Identifier: GPL-3.0-or-later
// Chess: whether a move gives check, decided before playing it, so pruning can
// spare checking moves cheaply. Pure; thread-safe.
#pragma once

#include "engine/position.h"

namespace engine::search {

// Direct checks by the moved (or promoted) piece and discovered checks through its
// start square; castling and en passant are played on a copy of the board bits.
bool gives_check(const Position& pos, Move m);

}  // namespace engine::search
