// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/search/see.h"

#include <algorithm>

#include "engine/attacks.h"

namespace engine::search {
namespace {

constexpr int kSeeValues[] = {100, 320, 330, 500, 950, 20000, 0};

// The least valuable piece among attackers of colour c; kNoSquare if none.
Square least_valuable(const Position& pos, Bitboard attackers, Color c, PieceType& type) {
  for (PieceType t : {Pawn, Knight, Bishop, Rook, Queen, King}) {
    Bitboard b = attackers & pos.pieces(c, t);
    if (b) {
      type = t;
      return lsb(b);
    }
  }
  return kNoSquare;
}

}  // namespace

int see_piece_value(PieceType t) {
  return kSeeValues[t];
}

int static_exchange(const Position& pos, Move m) {
  if (m.kind() == MoveKind::Castling) return 0;
  const Square from = m.from(), to = m.to();
  Color side = pos.side_to_move();
  Bitboard occupied = pos.occupied() ^ square_bb(from);
  int gain[40];
  int depth = 0;
  PieceType on_square = type_of(pos.piece_on(from));
  if (m.kind() == MoveKind::EnPassant) {
    gain[0] = kSeeValues[Pawn];
    occupied ^= square_bb(to - pawn_push(side));
  } else {
    gain[0] = pos.empty(to) ? 0 : kSeeValues[type_of(pos.piece_on(to))];
  }
  if (m.kind() == MoveKind::Promotion) {
    gain[0] += kSeeValues[m.promotion()] - kSeeValues[Pawn];
    on_square = m.promotion();
  }
  const Bitboard diagonal_sliders = pos.pieces(Bishop) | pos.pieces(Queen);
  const Bitboard straight_sliders = pos.pieces(Rook) | pos.pieces(Queen);
  Bitboard attackers = pos.attackers_to(to, occupied) & occupied;
  for (;;) {
    side = ~side;
    PieceType next_type = NoPieceType;
    Square next = least_valuable(pos, attackers & occupied, side, next_type);
    if (next == kNoSquare) break;
    ++depth;
    // Capturing the piece now on the square, speculatively: it may be recaptured.
    gain[depth] = kSeeValues[on_square] - gain[depth - 1];
    // Neither side can improve by continuing: stop early.
    if (std::max(-gain[depth - 1], gain[depth]) < 0 || depth == 39) break;
    occupied ^= square_bb(next);
    // Sliders behind the piece that just captured join the exchange (x-rays).
    attackers |= (bishop_attacks(to, occupied) & diagonal_sliders) |
                 (rook_attacks(to, occupied) & straight_sliders);
    on_square = next_type;
  }
  // Each side chooses between standing pat and recapturing, from the last capture back.
  for (; depth > 0; --depth) gain[depth - 1] = -std::max(-gain[depth - 1], gain[depth]);
  return gain[0];
}

}  // namespace engine::search
