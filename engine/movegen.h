// SPDX-License-Identifier: GPL-3.0-or-later
// Legal move generation for every rule set, and legality of a single move.
// Pure functions of a Position; thread-safe for distinct positions.
#pragma once

#include "engine/position.h"

namespace engine {

// Appends every legal move of the side to move (chess: standard and Chess960 rules;
// Pacifist: spec sections "Board, pieces, moves", "Legality" and "Castling").
void generate_legal(const Position& pos, MoveList& list);

inline MoveList legal_moves(const Position& pos) {
  MoveList list;
  generate_legal(pos, list);
  return list;
}

// Whether m is one of the legal moves of pos.
bool is_legal(const Position& pos, Move m);

}  // namespace engine
