// SPDX-License-Identifier: GPL-3.0-or-later
// Castling geometry (spec "Castling", Chess960 destinations): the squares a castling move
// needs empty and the squares its king crosses, shared by both rule sets.
#include <gtest/gtest.h>

#include "engine/castling.h"

namespace engine {
namespace {

Square sq(std::string_view n) {
  return make_square(n[0] - 'a', n[1] - '1');
}

Bitboard squares(std::initializer_list<std::string_view> names) {
  Bitboard b = 0;
  for (std::string_view n : names) b |= square_bb(sq(n));
  return b;
}

TEST(Castling, StandardKingSideAndQueenSide) {
  const CastlingPath short_path = castling_path(White, sq("e1"), sq("h1"));
  EXPECT_EQ(short_path.king_to, sq("g1"));
  EXPECT_EQ(short_path.rook_to, sq("f1"));
  EXPECT_EQ(short_path.must_be_empty, squares({"f1", "g1"}));
  EXPECT_EQ(short_path.king_crosses, squares({"f1"}));
  const CastlingPath long_path = castling_path(Black, sq("e8"), sq("a8"));
  EXPECT_EQ(long_path.king_to, sq("c8"));
  EXPECT_EQ(long_path.rook_to, sq("d8"));
  // b8 must be empty for the rook's way, though the king does not cross it.
  EXPECT_EQ(long_path.must_be_empty, squares({"b8", "c8", "d8"}));
  EXPECT_EQ(long_path.king_crosses, squares({"d8"}));
}

TEST(Castling, Chess960PathsLeaveOutTheKingAndRook) {
  // King b1, rook a1, long: the king steps to c1 and the rook jumps over it to d1.
  const CastlingPath a = castling_path(White, sq("b1"), sq("a1"));
  EXPECT_EQ(a.must_be_empty, squares({"c1", "d1"}));
  EXPECT_EQ(a.king_crosses, 0u);
  // King already on its destination g1, rook h1: only the rook's destination matters.
  const CastlingPath b = castling_path(White, sq("g1"), sq("h1"));
  EXPECT_EQ(b.king_to, sq("g1"));
  EXPECT_EQ(b.must_be_empty, squares({"f1"}));
  EXPECT_EQ(b.king_crosses, 0u);
  // King f8, rook g8, short: king and rook change places over each other's squares.
  const CastlingPath c = castling_path(Black, sq("f8"), sq("g8"));
  EXPECT_EQ(c.king_to, sq("g8"));
  EXPECT_EQ(c.rook_to, sq("f8"));
  EXPECT_EQ(c.must_be_empty, 0u);
  EXPECT_EQ(c.king_crosses, 0u);
}

}  // namespace
}  // namespace engine
