// SPDX-License-Identifier: GPL-3.0-or-later
// Precomputed attack tables: leapers, magic-bitboard sliders, and the
// between/line masks. Built once at program start and read-only afterwards,
// so any thread may use them.
#pragma once

#include <array>
#include <vector>

#include "engine/bitboard.h"

namespace engine {

// One magic-bitboard entry: relevant-occupancy mask, multiplier and table offset.
struct Magic {
  Bitboard mask = 0;
  Bitboard multiplier = 0;
  unsigned shift = 0;
  std::uint32_t offset = 0;
  std::uint32_t index(Bitboard occupied) const {
    return offset + std::uint32_t(((occupied & mask) * multiplier) >> shift);
  }
};

// Owns all attack tables; one immutable instance exists (kAttacks).
struct AttackTables {
  std::array<Bitboard, 64> knight{};
  std::array<Bitboard, 64> king{};
  std::array<std::array<Bitboard, 64>, 2> pawn{};
  std::array<Magic, 64> rook_magic{};
  std::array<Magic, 64> bishop_magic{};
  std::vector<Bitboard> slider_table;
  // Squares strictly between a and b when on a common line, else empty.
  std::array<std::array<Bitboard, 64>, 64> between{};
  // The whole line (edge to edge) through a and b when aligned, else empty.
  std::array<std::array<Bitboard, 64>, 64> line{};

  AttackTables();
};

extern const AttackTables kAttacks;

inline Bitboard knight_attacks(Square s) {
  return kAttacks.knight[s];
}
inline Bitboard king_attacks(Square s) {
  return kAttacks.king[s];
}
inline Bitboard pawn_attacks(Color c, Square s) {
  return kAttacks.pawn[c][s];
}
inline Bitboard rook_attacks(Square s, Bitboard occupied) {
  return kAttacks.slider_table[kAttacks.rook_magic[s].index(occupied)];
}
inline Bitboard bishop_attacks(Square s, Bitboard occupied) {
  return kAttacks.slider_table[kAttacks.bishop_magic[s].index(occupied)];
}
inline Bitboard queen_attacks(Square s, Bitboard occupied) {
  return rook_attacks(s, occupied) | bishop_attacks(s, occupied);
}
inline Bitboard between_bb(Square a, Square b) {
  return kAttacks.between[a][b];
}
inline Bitboard line_bb(Square a, Square b) {
  return kAttacks.line[a][b];
}

// Attacks of a non-pawn piece type from s with the given occupancy.
inline Bitboard piece_attacks(PieceType t, Square s, Bitboard occupied) {
  switch (t) {
    case Knight:
      return knight_attacks(s);
    case Bishop:
      return bishop_attacks(s, occupied);
    case Rook:
      return rook_attacks(s, occupied);
    case Queen:
      return queen_attacks(s, occupied);
    case King:
      return king_attacks(s);
    default:
      return 0;
  }
}

}  // namespace engine
