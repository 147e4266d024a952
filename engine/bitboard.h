// SPDX-License-Identifier: GPL-3.0-or-later
// Bitboard helpers: bit tricks, file/rank masks and shifts. Pure functions.
#pragma once

#include <bit>
#include <string>

#include "engine/types.h"

namespace engine {

constexpr Bitboard kFileA = 0x0101010101010101ULL;
constexpr Bitboard kFileH = kFileA << 7;
constexpr Bitboard kRank1 = 0xFFULL;
constexpr Bitboard kRank8 = kRank1 << 56;

constexpr Bitboard square_bb(Square s) {
  return Bitboard(1) << s;
}
constexpr Bitboard file_bb(int file) {
  return kFileA << file;
}
constexpr Bitboard rank_bb(int rank) {
  return kRank1 << (8 * rank);
}

constexpr int popcount(Bitboard b) {
  return std::popcount(b);
}
constexpr Square lsb(Bitboard b) {
  return std::countr_zero(b);
}
constexpr Square msb(Bitboard b) {
  return 63 - std::countl_zero(b);
}
constexpr bool more_than_one(Bitboard b) {
  return (b & (b - 1)) != 0;
}

// Removes and returns the lowest set square of b (b must be non-empty).
inline Square pop_lsb(Bitboard& b) {
  Square s = lsb(b);
  b &= b - 1;
  return s;
}

// Shifts every square one step in a direction, dropping squares that leave the board.
constexpr Bitboard shift_north(Bitboard b) {
  return b << 8;
}
constexpr Bitboard shift_south(Bitboard b) {
  return b >> 8;
}
constexpr Bitboard shift_east(Bitboard b) {
  return (b & ~kFileH) << 1;
}
constexpr Bitboard shift_west(Bitboard b) {
  return (b & ~kFileA) >> 1;
}
constexpr Bitboard shift_forward(Color c, Bitboard b) {
  return c == White ? shift_north(b) : shift_south(b);
}

// All squares attacked by the pawns in b of colour c (the two diagonals forward).
constexpr Bitboard pawn_attacks_bb(Color c, Bitboard b) {
  Bitboard f = shift_forward(c, b);
  return shift_east(f) | shift_west(f);
}

// An 8x8 picture of the bitboard, rank 8 first, for debugging and test messages.
std::string bitboard_to_string(Bitboard b);

}  // namespace engine
