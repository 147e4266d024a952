// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/search/gives_check.h"

#include "engine/attacks.h"
#include "engine/castling.h"

namespace engine::search {
namespace {

// Our sliders that attack the enemy king on the given occupancy.
Bitboard slider_checkers(const Position& pos, Color us, Square king, Bitboard occupied,
                         Bitboard removed) {
  const Bitboard ours = pos.pieces(us) & ~removed;
  const Bitboard diagonal = ours & (pos.pieces(Bishop) | pos.pieces(Queen));
  const Bitboard straight = ours & (pos.pieces(Rook) | pos.pieces(Queen));
  return (bishop_attacks(king, occupied) & diagonal) | (rook_attacks(king, occupied) & straight);
}

}  // namespace

bool gives_check(const Position& pos, Move m) {
  const Color us = pos.side_to_move();
  const Square king = pos.king_square(~us);
  const Square from = m.from(), to = m.to();
  if (m.kind() == MoveKind::Castling) {
    const CastlingSide side = castling_side(from, to);
    const Square rook_to = castling_rook_destination(us, side);
    const Bitboard occupied = (pos.occupied() ^ square_bb(from) ^ square_bb(to)) |
                              square_bb(castling_king_destination(us, side)) | square_bb(rook_to);
    return (rook_attacks(rook_to, occupied) & square_bb(king)) != 0;
  }
  Bitboard occupied = (pos.occupied() ^ square_bb(from)) | square_bb(to);
  Bitboard removed = square_bb(from);
  if (m.kind() == MoveKind::EnPassant) {
    occupied ^= square_bb(to - pawn_push(us));
  } else if (!pos.empty(to)) {
    removed |= square_bb(to);  // a captured piece of theirs never checks for us
  }
  const PieceType arriving =
      m.kind() == MoveKind::Promotion ? m.promotion() : type_of(pos.piece_on(from));
  const Bitboard attacks =
      arriving == Pawn ? pawn_attacks(us, to) : piece_attacks(arriving, to, occupied);
  if (attacks & square_bb(king)) return true;
  // Discovered check: one of our other sliders now sees the king.
  return slider_checkers(pos, us, king, occupied, removed) != 0;
}

}  // namespace engine::search
