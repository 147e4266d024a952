// SPDX-License-Identifier: GPL-3.0-or-later
// Pacifist persuasion counting (spec section "Persuasion and support").
//
// For every square and each colour we need the number of that colour's pieces
// attacking the square, batteries included. The counts of all 64 squares are
// kept bit-sliced: plane i holds bit i of every square's count, so adding one
// piece's attack set to all squares is a ripple-carry over six bitboards and
// "persuasion > support" over the whole board is a handful of bitboard ops.
// Pure functions over plain values; thread-safe.
#pragma once

#include <array>

#include "engine/bitboard.h"

namespace engine {

// Six planes hold counts 0..63; a colour has at most 32 pieces, so counts never overflow.
constexpr int kCountPlanes = 6;

struct CountPlanes {
  std::array<Bitboard, kCountPlanes> plane{};

  // Adds 1 to the count of every square in b.
  void add(Bitboard b) {
    for (int i = 0; i < kCountPlanes && b; ++i) {
      Bitboard carry = plane[i] & b;
      plane[i] ^= b;
      b = carry;
    }
  }
  int at(Square s) const {
    int n = 0;
    for (int i = 0; i < kCountPlanes; ++i) n |= int((plane[i] >> s) & 1) << i;
    return n;
  }
  Bitboard nonzero() const {
    Bitboard b = 0;
    for (Bitboard p : plane) b |= p;
    return b;
  }
  bool operator==(const CountPlanes&) const = default;
};

// Squares where a's count is strictly greater than b's.
inline Bitboard greater_than(const CountPlanes& a, const CountPlanes& b) {
  Bitboard greater = 0, equal = ~Bitboard(0);
  for (int i = kCountPlanes - 1; i >= 0; --i) {
    greater |= equal & a.plane[i] & ~b.plane[i];
    equal &= ~(a.plane[i] ^ b.plane[i]);
  }
  return greater;
}

// Attack counts of both colours over the whole board.
struct AttackCounts {
  std::array<CountPlanes, 2> by_color;

  // Squares where colour c is out-numbered: the other colour's attackers exceed c's.
  Bitboard outnumbered(Color c) const { return greater_than(by_color[~c], by_color[c]); }
  bool operator==(const AttackCounts&) const = default;
};

// The squares a piece of type t and colour c on s attacks in the Pacifist sense:
// sliders see through friendly pieces that move along the same line (batteries).
Bitboard persuasion_attacks(PieceType t, Color c, Square s, const std::array<Bitboard, 6>& by_type,
                            const std::array<Bitboard, 2>& by_color);

// The number of colour c's pieces attacking s in the Pacifist sense (one square only:
// much cheaper than count_attacks when a single square matters).
int count_attackers(Color c, Square s, const std::array<Bitboard, 6>& by_type,
                    const std::array<Bitboard, 2>& by_color);

// Counts every piece's persuasion attacks on every square, for both colours.
AttackCounts count_attacks(const std::array<Bitboard, 6>& by_type,
                           const std::array<Bitboard, 2>& by_color);

}  // namespace engine
