// SPDX-License-Identifier: GPL-3.0-or-later
// Our Position as each tablebase library wants it: Fathom (Syzygy) takes bitboards
// per colour and piece type, Gaviota takes square and piece lists. Both number squares
// a1 = 0 ... h8 = 63 like we do; both need "no castling rights", an en-passant square
// (or none) and the side to move; Fathom also takes the fifty-move counter. Also owns
// the one eligibility test every probe makes (standard chess rules, no castling rights).
// Plain values and pure functions; thread-safe.
#pragma once

#include <array>
#include <cstdint>

#include "engine/position.h"

namespace engine::tablebase {

// Tablebases are for chess (standard and Chess960) only, and only without castling
// rights; Pacifist positions never qualify (Pacifist has no captures, the tables do).
bool probe_allowed(const Position& pos);
// Every piece on the board, kings included.
int piece_count(const Position& pos);

// Fathom's tb_probe_wdl / tb_probe_root arguments.
struct FathomInput {
  std::uint64_t white = 0, black = 0;
  std::uint64_t kings = 0, queens = 0, rooks = 0, bishops = 0, knights = 0, pawns = 0;
  unsigned rule50 = 0;
  unsigned castling = 0;  // always 0: probe_allowed() excludes castling rights
  unsigned ep = 0;        // the en-passant target square, 0 for none (a1 never is one)
  bool white_to_move = true;
};
FathomInput to_fathom(const Position& pos);

// Gaviota's values (the library's enums, mirrored here so that the conversion is testable
// without the library; gaviota.cpp checks them against gtb-probe.h at compile time).
inline constexpr unsigned kGaviotaWhiteToMove = 0, kGaviotaBlackToMove = 1;
inline constexpr unsigned kGaviotaNoSquare = 64;
inline constexpr unsigned kGaviotaNoCastling = 0;
inline constexpr unsigned char kGaviotaNoPiece = 0;
// Gaviota piece codes: pawn 1, knight 2, bishop 3, rook 4, queen 5, king 6.
constexpr unsigned char gaviota_piece(PieceType t) {
  return static_cast<unsigned char>(t + 1);
}

// Gaviota's tb_probe_* arguments: per colour the squares and pieces, each list ended by
// kGaviotaNoSquare / kGaviotaNoPiece.
struct GaviotaInput {
  static constexpr std::size_t kSlots = 17;  // 16 pieces and the terminator
  unsigned side_to_move = kGaviotaWhiteToMove;
  unsigned ep_square = kGaviotaNoSquare;
  unsigned castling = kGaviotaNoCastling;
  std::array<unsigned, kSlots> white_squares{}, black_squares{};
  std::array<unsigned char, kSlots> white_pieces{}, black_pieces{};
};
GaviotaInput to_gaviota(const Position& pos);

}  // namespace engine::tablebase
