// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/tablebase/probe_input.h"

#include "engine/bitboard.h"

namespace engine::tablebase {

bool probe_allowed(const Position& pos) {
  return !pos.pacifist() && pos.castling_rights() == 0;
}

int piece_count(const Position& pos) {
  return popcount(pos.occupied());
}

FathomInput to_fathom(const Position& pos) {
  FathomInput in;
  in.white = pos.pieces(White);
  in.black = pos.pieces(Black);
  in.kings = pos.pieces(King);
  in.queens = pos.pieces(Queen);
  in.rooks = pos.pieces(Rook);
  in.bishops = pos.pieces(Bishop);
  in.knights = pos.pieces(Knight);
  in.pawns = pos.pieces(Pawn);
  in.rule50 = unsigned(pos.rule50());
  in.castling = 0;
  in.ep = pos.en_passant() == kNoSquare ? 0u : unsigned(pos.en_passant());
  in.white_to_move = pos.side_to_move() == White;
  return in;
}

GaviotaInput to_gaviota(const Position& pos) {
  GaviotaInput in;
  in.side_to_move = pos.side_to_move() == White ? kGaviotaWhiteToMove : kGaviotaBlackToMove;
  in.ep_square = pos.en_passant() == kNoSquare ? kGaviotaNoSquare : unsigned(pos.en_passant());
  in.castling = kGaviotaNoCastling;
  for (Color c : {White, Black}) {
    auto& squares = c == White ? in.white_squares : in.black_squares;
    auto& pieces = c == White ? in.white_pieces : in.black_pieces;
    std::size_t n = 0;
    // Kings first, then the rest by type: Gaviota accepts any order; this one is fixed.
    for (PieceType t : {King, Queen, Rook, Bishop, Knight, Pawn}) {
      Bitboard b = pos.pieces(c, t);
      while (b && n + 1 < GaviotaInput::kSlots) {
        squares[n] = unsigned(pop_lsb(b));
        pieces[n] = gaviota_piece(t);
        ++n;
      }
    }
    squares[n] = kGaviotaNoSquare;
    pieces[n] = kGaviotaNoPiece;
  }
  return in;
}

}  // namespace engine::tablebase
