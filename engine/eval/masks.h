// SPDX-License-Identifier: GPL-3.0-or-later
// Pawn-structure masks for evaluation: files, spans in front of a square, and
// king distances. Built at compile time; read-only.
#pragma once

#include <algorithm>
#include <array>
#include <cstdlib>

#include "engine/bitboard.h"

namespace engine::eval {

namespace detail {

// Ranks strictly in front of `rank` as seen by colour c.
constexpr Bitboard ranks_ahead(Color c, int rank) {
  Bitboard b = 0;
  for (int r = 0; r < 8; ++r)
    if (c == White ? r > rank : r < rank) b |= rank_bb(r);
  return b;
}

constexpr Bitboard adjacent_files(int file) {
  return (file > 0 ? file_bb(file - 1) : 0) | (file < 7 ? file_bb(file + 1) : 0);
}

struct Masks {
  std::array<Bitboard, 8> adjacent{};
  // [colour][square]: same file ahead; same and adjacent files ahead; adjacent files ahead.
  std::array<std::array<Bitboard, 64>, 2> file_ahead{}, passed_span{}, attack_span{};
  // [colour][square]: adjacent files, same rank or behind (pawns that could support it).
  std::array<std::array<Bitboard, 64>, 2> support_span{};
};

constexpr Masks make_masks() {
  Masks m;
  for (int f = 0; f < 8; ++f) m.adjacent[f] = adjacent_files(f);
  for (Color c : {White, Black})
    for (Square s = 0; s < 64; ++s) {
      Bitboard ahead = ranks_ahead(c, rank_of(s));
      m.file_ahead[c][s] = ahead & file_bb(file_of(s));
      m.attack_span[c][s] = ahead & m.adjacent[file_of(s)];
      m.passed_span[c][s] = m.file_ahead[c][s] | m.attack_span[c][s];
      m.support_span[c][s] = ~ahead & m.adjacent[file_of(s)];
    }
  return m;
}

}  // namespace detail

inline constexpr detail::Masks kMasks = detail::make_masks();

constexpr int square_distance(Square a, Square b) {
  return std::max(std::abs(file_of(a) - file_of(b)), std::abs(rank_of(a) - rank_of(b)));
}

}  // namespace engine::eval
