// SPDX-License-Identifier: GPL-3.0-or-later
// Chess move generation (standard and Chess960 castling): fully legal moves,
// using pins and check evasions rather than make/undo. Thread-safe.
#pragma once

#include "engine/position.h"

namespace engine {

void generate_chess_legal(const Position& pos, MoveList& list);

}  // namespace engine
