// SPDX-License-Identifier: GPL-3.0-or-later
// Persuasion counting (spec "Persuasion and support"): each attack pattern, batteries, blockers.
#include <gtest/gtest.h>

#include "engine/fen.h"
#include "engine/rules/persuasion.h"

namespace engine {
namespace {

Square sq(std::string_view n) {
  return make_square(n[0] - 'a', n[1] - '1');
}

// Counts of (white, black) attackers on a square of a Pacifist position.
std::pair<int, int> counts_at(std::string_view fen, std::string_view square) {
  auto pos = parse_fen(fen, Variant::Pacifist);
  EXPECT_TRUE(pos) << pos.error();
  const AttackCounts& c = pos->counts();
  return {c.by_color[White].at(sq(square)), c.by_color[Black].at(sq(square))};
}

TEST(Persuasion, SpecFileExampleCountsTheBattery) {
  // From s = e1 outward on the e-file: empty, white rook, empty, white queen, black rook.
  EXPECT_EQ(counts_at("4r3/8/4Q3/8/4R3/8/k7/K7 w - - 0 1", "e1"), std::make_pair(2, 0));
}

TEST(Persuasion, SpecDiagonalExamplePawnStopsTheWalk) {
  // a1 outward: white bishop b2, white pawn c3, white queen d4 -> only the bishop counts.
  EXPECT_EQ(counts_at("7k/8/8/8/3Q4/2P5/1B6/7K w - - 0 1", "a1"), std::make_pair(1, 0));
}

TEST(Persuasion, PawnsAttackDiagonallyForwardForTheirColour) {
  EXPECT_EQ(counts_at("7k/8/8/8/8/3P4/8/K7 w - - 0 1", "e4"), std::make_pair(1, 0));
  EXPECT_EQ(counts_at("7k/8/8/8/8/3P4/8/K7 w - - 0 1", "e2"), std::make_pair(0, 0));
  EXPECT_EQ(counts_at("7k/8/8/8/3p4/8/8/K7 w - - 0 1", "e3"), std::make_pair(0, 1));
}

TEST(Persuasion, KnightsAndKingsJump) {
  EXPECT_EQ(counts_at("7k/8/8/8/8/8/8/KN6 w - - 0 1", "c3"), std::make_pair(1, 0));
  EXPECT_EQ(counts_at("7k/8/8/8/8/8/8/KN6 w - - 0 1", "a2"), std::make_pair(1, 0));  // the king
  EXPECT_EQ(counts_at("7k/8/8/8/8/8/8/KN6 w - - 0 1", "a3"), std::make_pair(1, 0));  // the knight
}

TEST(Persuasion, FirstPieceMustMoveAlongTheLine) {
  // A white knight stands first on the file: the rook behind it does not count.
  EXPECT_EQ(counts_at("7k/8/8/8/4R3/4N3/8/K7 w - - 0 1", "e2"), std::make_pair(0, 0));
  // A bishop first on a file does not count, nor the queen behind it.
  EXPECT_EQ(counts_at("7k/8/8/8/4Q3/4B3/8/K7 w - - 0 1", "e2"), std::make_pair(0, 0));
}

TEST(Persuasion, BatteryStopsAtTheOtherColour) {
  // e1 outward: white rook e3, black rook e5, white queen e7 -> white 1 only.
  EXPECT_EQ(counts_at("7k/4Q3/8/4r3/8/4R3/8/K7 w - - 0 1", "e1"), std::make_pair(1, 0));
  // Black first: black rook e3 then black queen e5 -> black 2.
  EXPECT_EQ(counts_at("7k/8/8/4q3/8/4r3/8/K7 w - - 0 1", "e1"), std::make_pair(0, 2));
}

TEST(Persuasion, DiagonalBatteriesMixBishopsAndQueens) {
  // a1 outward: white queen b2, white bishop c3, white bishop d4.
  EXPECT_EQ(counts_at("7k/8/8/8/3B4/2B5/1Q6/7K w - - 0 1", "a1"), std::make_pair(3, 0));
  // A rook on a diagonal does not attack along it and stops the walk.
  EXPECT_EQ(counts_at("7k/8/8/8/3B4/2R5/1Q6/7K w - - 0 1", "a1"), std::make_pair(1, 0));
}

TEST(Persuasion, ThePieceOnTheSquareNeverCountsAndBlocksBeyond) {
  // A rook on e4 does not count for e4; the rook on e4 blocks the e8 rook's path to e1 only
  // through batteries of the same colour.
  EXPECT_EQ(counts_at("4r2k/8/8/8/4R3/8/8/K7 w - - 0 1", "e4"), std::make_pair(0, 1));
}

TEST(Persuasion, OutnumberedComparesStrictly) {
  // The black knight on b2: persuaded by the white king, supported by the bishop on c3: 1 = 1.
  auto even = parse_fen("7k/8/8/8/8/2b5/1n6/K7 w - - 0 1", Variant::Pacifist);
  ASSERT_TRUE(even) << even.error();
  EXPECT_EQ(even->counts().by_color[White].at(sq("b2")), 1);
  EXPECT_EQ(even->counts().by_color[Black].at(sq("b2")), 1);
  EXPECT_EQ(even->over_persuaded(Black), 0u);
  // Without the bishop: 1 > 0.
  auto lone = parse_fen("7k/8/8/8/8/8/1n6/K7 w - - 0 1", Variant::Pacifist);
  ASSERT_TRUE(lone);
  EXPECT_EQ(lone->over_persuaded(Black), square_bb(sq("b2")));
}

TEST(Persuasion, CountPlanesAddAndCompare) {
  CountPlanes a, b;
  for (int i = 0; i < 40; ++i) a.add(square_bb(5));
  b.add(square_bb(5) | square_bb(9));
  EXPECT_EQ(a.at(5), 40);
  EXPECT_EQ(b.at(9), 1);
  EXPECT_EQ(greater_than(a, b), square_bb(5));
  EXPECT_EQ(greater_than(b, a), square_bb(9));
}

}  // namespace
}  // namespace engine
