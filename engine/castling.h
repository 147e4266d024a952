// SPDX-License-Identifier: GPL-3.0-or-later
// Castling geometry, Chess960 style for every variant: the king ends on c1/g1
// (c8/g8) and the rook on d1/f1 (d8/f8), wherever they started.
#pragma once

#include "engine/types.h"

namespace engine {

constexpr Square castling_king_destination(Color c, CastlingSide side) {
  return relative_square(c, side == KingSide ? make_square(6, 0) : make_square(2, 0));
}

constexpr Square castling_rook_destination(Color c, CastlingSide side) {
  return relative_square(c, side == KingSide ? make_square(5, 0) : make_square(3, 0));
}

// Which side a castling move goes to, from the king's and the rook's start squares.
constexpr CastlingSide castling_side(Square king_from, Square rook_from) {
  return rook_from > king_from ? KingSide : QueenSide;
}

}  // namespace engine
