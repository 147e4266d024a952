// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/attacks.h"

#include "engine/magics.h"

namespace engine {
namespace {

constexpr int kRookDirs[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
constexpr int kBishopDirs[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

// Slow reference ray walk, used only to fill the tables.
Bitboard ray_attacks(Square s, Bitboard occupied, const int (&dirs)[4][2]) {
  Bitboard result = 0;
  for (const auto& d : dirs) {
    int f = file_of(s) + d[0], r = rank_of(s) + d[1];
    while (f >= 0 && f < 8 && r >= 0 && r < 8) {
      Square t = make_square(f, r);
      result |= square_bb(t);
      if (occupied & square_bb(t)) break;
      f += d[0];
      r += d[1];
    }
  }
  return result;
}

Bitboard leaper_attacks(Square s, const int (*steps)[2], int count) {
  Bitboard result = 0;
  for (int i = 0; i < count; ++i) {
    int f = file_of(s) + steps[i][0], r = rank_of(s) + steps[i][1];
    if (f >= 0 && f < 8 && r >= 0 && r < 8) result |= square_bb(make_square(f, r));
  }
  return result;
}

// Deterministic xorshift generator for the magic search (same tables every run).
struct MagicRng {
  std::uint64_t state;
  std::uint64_t next() {
    state ^= state >> 12;
    state ^= state << 25;
    state ^= state >> 27;
    return state * 2685821657736338717ULL;
  }
  std::uint64_t sparse() { return next() & next() & next(); }
};

// Fills square s's slice of the shared table, using the stored multiplier when it works
// and searching for a new one otherwise.
void init_magic(Square s, const int (&dirs)[4][2], Bitboard stored, Magic& magic,
                std::vector<Bitboard>& table, MagicRng& rng) {
  Bitboard edges =
      ((kRank1 | kRank8) & ~rank_bb(rank_of(s))) | ((kFileA | kFileH) & ~file_bb(file_of(s)));
  magic.mask = ray_attacks(s, 0, dirs) & ~edges;
  int bits = popcount(magic.mask);
  magic.shift = 64 - bits;
  magic.offset = std::uint32_t(table.size());
  std::size_t size = std::size_t(1) << bits;
  table.resize(table.size() + size);

  std::vector<Bitboard> occupancies, references;
  Bitboard subset = 0;
  do {  // Carry-rippler enumeration of all subsets of the mask.
    occupancies.push_back(subset);
    references.push_back(ray_attacks(s, subset, dirs));
    subset = (subset - magic.mask) & magic.mask;
  } while (subset);

  std::vector<int> epoch(size, 0);
  for (int attempt = 1;; ++attempt) {
    if (attempt == 1) {
      magic.multiplier = stored;
    } else {
      do magic.multiplier = rng.sparse();
      while (popcount((magic.mask * magic.multiplier) >> 56) < 6);
    }
    bool ok = true;
    for (std::size_t i = 0; i < occupancies.size() && ok; ++i) {
      std::uint32_t idx =
          std::uint32_t(((occupancies[i] & magic.mask) * magic.multiplier) >> magic.shift);
      if (epoch[idx] < attempt) {
        epoch[idx] = attempt;
        table[magic.offset + idx] = references[i];
      } else if (table[magic.offset + idx] != references[i]) {
        ok = false;
      }
    }
    if (ok) return;
  }
}

}  // namespace

AttackTables::AttackTables() {
  static constexpr int kKnightSteps[8][2] = {{1, 2},   {2, 1},   {2, -1}, {1, -2},
                                             {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
  static constexpr int kKingSteps[8][2] = {{1, 0},  {1, 1},   {0, 1},  {-1, 1},
                                           {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
  for (Square s = 0; s < 64; ++s) {
    knight[s] = leaper_attacks(s, kKnightSteps, 8);
    king[s] = leaper_attacks(s, kKingSteps, 8);
    pawn[White][s] = pawn_attacks_bb(White, square_bb(s));
    pawn[Black][s] = pawn_attacks_bb(Black, square_bb(s));
  }
  MagicRng rng{0x9E3779B97F4A7C15ULL};
  slider_table.reserve(107648);
  for (Square s = 0; s < 64; ++s)
    init_magic(s, kRookDirs, kRookMagics[s], rook_magic[s], slider_table, rng);
  for (Square s = 0; s < 64; ++s)
    init_magic(s, kBishopDirs, kBishopMagics[s], bishop_magic[s], slider_table, rng);

  for (Square a = 0; a < 64; ++a) {
    for (Square b = 0; b < 64; ++b) {
      if (a == b) continue;
      for (const auto* dirs : {&kRookDirs, &kBishopDirs}) {
        if (ray_attacks(a, 0, *dirs) & square_bb(b)) {
          line[a][b] =
              (ray_attacks(a, 0, *dirs) & ray_attacks(b, 0, *dirs)) | square_bb(a) | square_bb(b);
          between[a][b] = ray_attacks(a, square_bb(b), *dirs) & ray_attacks(b, square_bb(a), *dirs);
        }
      }
    }
  }
}

const AttackTables kAttacks;

}  // namespace engine
