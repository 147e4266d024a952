// SPDX-License-Identifier: GPL-3.0-or-later
// Castling geometry, Chess960 style for every variant: the king ends on c1/g1
// (c8/g8) and the rook on d1/f1 (d8/f8), wherever they started; the squares a
// castling move needs empty and the squares its king crosses, for both rule sets.
// Pure functions; thread-safe.
#pragma once

#include "engine/attacks.h"
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

// The squares one castling move passes, from the king's and the rook's start squares.
struct CastlingPath {
  Square king_to;
  Square rook_to;
  // Squares between the king and its destination, between the rook and its destination,
  // and both destinations, apart from the castling king and rook themselves: they must
  // be empty.
  Bitboard must_be_empty;
  // Squares the king crosses before its destination (neither its start nor its destination).
  Bitboard king_crosses;
};

inline CastlingPath castling_path(Color c, Square king_from, Square rook_from) {
  const CastlingSide side = castling_side(king_from, rook_from);
  const Square king_to = castling_king_destination(c, side);
  const Square rook_to = castling_rook_destination(c, side);
  const Bitboard movers = square_bb(king_from) | square_bb(rook_from);
  const Bitboard king_crosses = between_bb(king_from, king_to);
  const Bitboard must_be_empty =
      (king_crosses | square_bb(king_to) | between_bb(rook_from, rook_to) | square_bb(rook_to)) &
      ~movers;
  return {king_to, rook_to, must_be_empty, king_crosses};
}

}  // namespace engine
