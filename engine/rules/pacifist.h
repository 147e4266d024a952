// SPDX-License-Identifier: GPL-3.0-or-later
// Pacifist move generation and legality. Thread-safe.
#pragma once

#include "engine/position.h"

namespace engine {

// Spec "Board, pieces, moves" and "Castling": moves to empty squares only, straight
// pawns with the two-step restriction, castling by its conditions. Not yet checked
// for legality.
void generate_pacifist_pseudo_legal(const Position& pos, MoveList& list);

// Spec "Legality": after the move and its cascade the mover owns a king that is not
// over-persuaded.
bool pacifist_move_is_legal(const Position& pos, Move m);

// The same decision taken the long way, always running the whole cascade: the
// definition the fast check above must agree with (tests compare the two).
bool pacifist_move_is_legal_by_cascade(const Position& pos, Move m);

void generate_pacifist_legal(const Position& pos, MoveList& list);

}  // namespace engine
