// SPDX-License-Identifier: GPL-3.0-or-later
// Basic value types of the rules engine: colours, pieces, squares, variants.
// Plain values only; no state, safe to use from any thread.
#pragma once

#include <cstdint>

namespace engine {

using Bitboard = std::uint64_t;
using Key = std::uint64_t;

enum Color : std::uint8_t { White, Black };
constexpr Color operator~(Color c) {
  return Color(c ^ 1);
}

enum PieceType : std::uint8_t { Pawn, Knight, Bishop, Rook, Queen, King, NoPieceType };
constexpr int kPieceTypeCount = 6;

// Piece = colour * 8 + type; NoPiece marks an empty square.
enum Piece : std::uint8_t { NoPiece = 15 };
constexpr Piece make_piece(Color c, PieceType t) {
  return Piece(c * 8 + t);
}
constexpr Color color_of(Piece p) {
  return Color(p >> 3);
}
constexpr PieceType type_of(Piece p) {
  return PieceType(p & 7);
}

// Squares are 0..63 with a1 = 0, b1 = 1, ..., h8 = 63.
using Square = int;
constexpr Square kNoSquare = 64;
constexpr int file_of(Square s) {
  return s & 7;
}
constexpr int rank_of(Square s) {
  return s >> 3;
}
constexpr Square make_square(int file, int rank) {
  return rank * 8 + file;
}
// Rank index as seen from colour c (0 = c's first rank).
constexpr int relative_rank(Color c, int rank) {
  return c == White ? rank : 7 - rank;
}
constexpr Square relative_square(Color c, Square s) {
  return c == White ? s : s ^ 56;
}
constexpr int pawn_push(Color c) {
  return c == White ? 8 : -8;
}

// Rule sets. Chess960 is not a rule set of its own: castling is always stored
// Chess960-style (king square + rook square); the variant only changes how
// FEN and castling moves are written and which start positions are expected.
enum class Variant : std::uint8_t { Standard, Chess960, Pacifist };
constexpr bool is_pacifist(Variant v) {
  return v == Variant::Pacifist;
}

// Castling sides, indexed by where the rook stands relative to the king.
enum CastlingSide : std::uint8_t { KingSide, QueenSide };

// Castling rights as 4 bits: White king side, White queen side, Black king side, Black queen side.
constexpr int castling_bit(Color c, CastlingSide side) {
  return 1 << (c * 2 + side);
}
constexpr int kAllCastling = 15;

}  // namespace engine
