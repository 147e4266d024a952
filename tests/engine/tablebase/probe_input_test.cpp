// SPDX-License-Identifier: GPL-3.0-or-later
// Our Position as Fathom and Gaviota want it: square numbering, pieces, side to move,
// en passant, the fifty-move counter, and which positions may be probed at all.
#include "engine/tablebase/probe_input.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "engine/fen.h"
#include "engine/game.h"

namespace engine::tablebase {
namespace {

Position fen(const char* text, Variant v = Variant::Standard) {
  auto pos = parse_fen(text, v);
  EXPECT_TRUE(pos) << text;
  return *pos;
}

constexpr std::uint64_t bit(int file, int rank) {
  return std::uint64_t(1) << (rank * 8 + file);
}

TEST(TablebaseProbeInput, FathomGetsOneBitboardPerColourAndPieceTypeA1IsBitZero) {
  // White: Ka1, Qh8, Pe4; black: Kc3, Nb7. Black to move, 7 plies since the last zeroing move.
  const FathomInput in = to_fathom(fen("7Q/1n6/8/8/4P3/2k5/8/K7 b - - 7 40"));
  EXPECT_EQ(in.white, bit(0, 0) | bit(7, 7) | bit(4, 3));
  EXPECT_EQ(in.black, bit(2, 2) | bit(1, 6));
  EXPECT_EQ(in.kings, bit(0, 0) | bit(2, 2));
  EXPECT_EQ(in.queens, bit(7, 7));
  EXPECT_EQ(in.knights, bit(1, 6));
  EXPECT_EQ(in.pawns, bit(4, 3));
  EXPECT_EQ(in.rooks | in.bishops, 0u);
  EXPECT_FALSE(in.white_to_move);
  EXPECT_EQ(in.rule50, 7u);
  EXPECT_EQ(in.castling, 0u);
  EXPECT_EQ(in.ep, 0u);
}

TEST(TablebaseProbeInput, EnPassantSquareIsTheSquareBehindThePawn) {
  // After e2e4 with a black pawn on d4 the en-passant target is e3 (square 20).
  auto game = replay(Variant::Standard, "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1", "e2e4");
  ASSERT_TRUE(game);
  const FathomInput f = to_fathom(game->position);
  EXPECT_EQ(f.ep, 20u);
  EXPECT_FALSE(f.white_to_move);
  EXPECT_EQ(f.rule50, 0u);
  const GaviotaInput g = to_gaviota(game->position);
  EXPECT_EQ(g.ep_square, 20u);
  EXPECT_EQ(g.side_to_move, kGaviotaBlackToMove);
  // Without a pawn that could capture, no en-passant square is set (and none is passed).
  auto quiet = replay(Variant::Standard, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "e2e4");
  ASSERT_TRUE(quiet);
  EXPECT_EQ(to_fathom(quiet->position).ep, 0u);
  EXPECT_EQ(to_gaviota(quiet->position).ep_square, kGaviotaNoSquare);
}

TEST(TablebaseProbeInput, GaviotaGetsTerminatedSquareAndPieceLists) {
  const GaviotaInput in = to_gaviota(fen("6Q1/1n6/8/8/4P3/2k5/8/K7 w - - 0 1"));
  EXPECT_EQ(in.side_to_move, kGaviotaWhiteToMove);
  EXPECT_EQ(in.castling, kGaviotaNoCastling);
  EXPECT_EQ(in.ep_square, kGaviotaNoSquare);
  // White: king a1 (0), queen g8 (62), pawn e4 (28), then the terminators.
  EXPECT_EQ(in.white_squares[0], 0u);
  EXPECT_EQ(in.white_pieces[0], gaviota_piece(King));
  EXPECT_EQ(in.white_squares[1], 62u);
  EXPECT_EQ(in.white_pieces[1], gaviota_piece(Queen));
  EXPECT_EQ(in.white_squares[2], 28u);
  EXPECT_EQ(in.white_pieces[2], gaviota_piece(Pawn));
  EXPECT_EQ(in.white_squares[3], kGaviotaNoSquare);
  EXPECT_EQ(in.white_pieces[3], kGaviotaNoPiece);
  // Black: king c3 (18), knight b7 (49).
  EXPECT_EQ(in.black_squares[0], 18u);
  EXPECT_EQ(in.black_pieces[0], gaviota_piece(King));
  EXPECT_EQ(in.black_squares[1], 49u);
  EXPECT_EQ(in.black_pieces[1], gaviota_piece(Knight));
  EXPECT_EQ(in.black_squares[2], kGaviotaNoSquare);
  EXPECT_EQ(in.black_pieces[2], kGaviotaNoPiece);
}

TEST(TablebaseProbeInput, GaviotaPieceCodesArePawnOneToKingSix) {
  EXPECT_EQ(gaviota_piece(Pawn), 1);
  EXPECT_EQ(gaviota_piece(Knight), 2);
  EXPECT_EQ(gaviota_piece(Bishop), 3);
  EXPECT_EQ(gaviota_piece(Rook), 4);
  EXPECT_EQ(gaviota_piece(Queen), 5);
  EXPECT_EQ(gaviota_piece(King), 6);
}

TEST(TablebaseProbeInput, OnlyChessPositionsWithoutCastlingRightsMayBeProbed) {
  EXPECT_TRUE(probe_allowed(fen("4k3/8/8/8/8/8/8/4K2Q w - - 0 1")));
  EXPECT_FALSE(probe_allowed(fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1")));
  // Chess960 without castling rights is fine.
  EXPECT_TRUE(probe_allowed(fen("4k3/8/8/8/8/8/8/1K5R w - - 0 1", Variant::Chess960)));
  // Pacifist never: the tables assume captures.
  const Position pacifist = fen("4k3/8/8/8/8/8/8/4K2Q w - - 0 1", Variant::Pacifist);
  EXPECT_FALSE(probe_allowed(pacifist));
  EXPECT_EQ(piece_count(pacifist), 3);
}

}  // namespace
}  // namespace engine::tablebase
