// SPDX-License-Identifier: GPL-3.0-or-later
// The pawn cache: the part of the standard evaluation that depends on the pawns alone
// (structure terms, passed-pawn ranks, which pawns are passed), remembered per pawn
// placement so that a search pays for it once per structure. Entries are checked against
// both colours' pawn bitboards in full, so a hit is exact and the evaluation is the same
// with or without the cache (the bench node count does not change).
// Owned by one search thread (a Worker); not thread-safe.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "engine/bitboard.h"
#include "engine/eval/eval_params.h"

namespace engine::eval {

struct PawnEntry {
  // Both colours' pawns; no placement has the same square in both, so all-ones marks an
  // empty entry.
  Bitboard white = ~Bitboard{0}, black = ~Bitboard{0};
  Pair score;                        // White's pawn-only terms minus Black's
  std::array<Bitboard, 2> passed{};  // each colour's passed pawns
};

class PawnCache {
 public:
  // entries: a power of two (tests use small ones to make entries collide).
  explicit PawnCache(std::size_t entries = kPawnCacheEntries) : entries_(entries) {}

  // The entry the placement maps to: it holds that placement when holds() says so,
  // otherwise the caller fills it (overwriting whatever was there).
  PawnEntry& slot(Bitboard white, Bitboard black) {
    const std::uint64_t mixed = (white * 0x9E3779B97F4A7C15ULL) ^ (black * 0xC2B2AE3D27D4EB4FULL);
    return entries_[(mixed >> 32) & (entries_.size() - 1)];
  }
  static bool holds(const PawnEntry& entry, Bitboard white, Bitboard black) {
    return entry.white == white && entry.black == black;
  }

 private:
  std::vector<PawnEntry> entries_;
};

}  // namespace engine::eval
