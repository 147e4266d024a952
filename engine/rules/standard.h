// SPDX-License-Identifier: GPL-3.0-or-later
// Chess move generation (standard and Chess960 castling): fully legal moves,
// using pins and check evasions rather than make/undo. Thread-safe.
#pragma once

#include "engine/position.h"

namespace engine {

// All: every legal move. Noisy: the legal captures (en passant and capturing promotions
// included) and pushes promoting to a queen, the moves quiescence searches; they come in
// the order they have among all legal moves.
enum class MoveSet { All, Noisy };

void generate_chess_legal(const Position& pos, MoveList& list, MoveSet set = MoveSet::All);

}  // namespace engine
