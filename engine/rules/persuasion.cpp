// SPDX-License-Identifier: GPL-3.0-or-later
// Spec section "Persuasion and support": attack patterns with batteries, counted per square.
#include "engine/rules/persuasion.h"

#include "engine/attacks.h"

namespace engine {
namespace {

// A slider of colour c looks through c's own pieces that move along the same
// kind of line: those pieces form a battery with it (spec "Persuasion and support").
struct BatteryOccupancy {
  Bitboard orthogonal;  // occupancy seen along ranks and files
  Bitboard diagonal;    // occupancy seen along diagonals
};

BatteryOccupancy battery_occupancy(Color c, const std::array<Bitboard, 6>& by_type,
                                   const std::array<Bitboard, 2>& by_color) {
  Bitboard occupied = by_color[White] | by_color[Black];
  Bitboard rook_movers = (by_type[Rook] | by_type[Queen]) & by_color[c];
  Bitboard bishop_movers = (by_type[Bishop] | by_type[Queen]) & by_color[c];
  return {occupied & ~rook_movers, occupied & ~bishop_movers};
}

}  // namespace

Bitboard persuasion_attacks(PieceType t, Color c, Square s, const std::array<Bitboard, 6>& by_type,
                            const std::array<Bitboard, 2>& by_color) {
  switch (t) {
    case Pawn:
      return pawn_attacks(c, s);
    case Knight:
      return knight_attacks(s);
    case King:
      return king_attacks(s);
    default:
      break;
  }
  BatteryOccupancy occ = battery_occupancy(c, by_type, by_color);
  Bitboard result = 0;
  if (t == Rook || t == Queen) result |= rook_attacks(s, occ.orthogonal);
  if (t == Bishop || t == Queen) result |= bishop_attacks(s, occ.diagonal);
  return result;
}

int count_attackers(Color c, Square s, const std::array<Bitboard, 6>& by_type,
                    const std::array<Bitboard, 2>& by_color) {
  const Bitboard own = by_color[c];
  BatteryOccupancy occ = battery_occupancy(c, by_type, by_color);
  return popcount(pawn_attacks(~c, s) & by_type[Pawn] & own) +
         popcount(knight_attacks(s) & by_type[Knight] & own) +
         popcount(king_attacks(s) & by_type[King] & own) +
         popcount(rook_attacks(s, occ.orthogonal) & (by_type[Rook] | by_type[Queen]) & own) +
         popcount(bishop_attacks(s, occ.diagonal) & (by_type[Bishop] | by_type[Queen]) & own);
}

AttackCounts count_attacks(const std::array<Bitboard, 6>& by_type,
                           const std::array<Bitboard, 2>& by_color) {
  AttackCounts counts;
  for (Color c : {White, Black}) {
    CountPlanes& planes = counts.by_color[c];
    Bitboard own = by_color[c];
    Bitboard pawns_forward = shift_forward(c, by_type[Pawn] & own);
    planes.add(shift_east(pawns_forward));
    planes.add(shift_west(pawns_forward));
    for (Bitboard b = by_type[Knight] & own; b;) planes.add(knight_attacks(pop_lsb(b)));
    for (Bitboard b = by_type[King] & own; b;) planes.add(king_attacks(pop_lsb(b)));
    BatteryOccupancy occ = battery_occupancy(c, by_type, by_color);
    for (Bitboard b = (by_type[Rook] | by_type[Queen]) & own; b;)
      planes.add(rook_attacks(pop_lsb(b), occ.orthogonal));
    for (Bitboard b = (by_type[Bishop] | by_type[Queen]) & own; b;)
      planes.add(bishop_attacks(pop_lsb(b), occ.diagonal));
  }
  return counts;
}

}  // namespace engine
