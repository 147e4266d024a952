// SPDX-License-Identifier: GPL-3.0-or-later
// Zobrist hashing keys, generated at compile time from a fixed seed, so the
// same position hashes the same in every process and on every thread.
#pragma once

#include <array>

#include "engine/types.h"

namespace engine::zobrist {

struct Keys {
  std::array<std::array<Key, 64>, 16> piece_square{};  // indexed by Piece, then square
  std::array<Key, 16> castling{};                      // indexed by the 4-bit rights mask
  std::array<Key, 8> en_passant_file{};
  Key side = 0;  // xored in when Black is to move
};

constexpr Keys make_keys() {
  Keys k;
  std::uint64_t state = 0x2545F4914F6CDD1DULL;
  auto next = [&state]() {  // splitmix64
    state += 0x9E3779B97F4A7C15ULL;
    std::uint64_t z = state;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  };
  for (auto& row : k.piece_square)
    for (auto& key : row) key = next();
  for (int mask = 1; mask < 16; ++mask) k.castling[mask] = next();
  for (auto& key : k.en_passant_file) key = next();
  k.side = next();
  return k;
}

inline constexpr Keys kKeys = make_keys();

inline Key piece_square(Piece p, Square s) {
  return kKeys.piece_square[p][s];
}

}  // namespace engine::zobrist
