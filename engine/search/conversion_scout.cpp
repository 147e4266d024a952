// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/search/conversion_scout.h"

#include "engine/attacks.h"

namespace engine::search {
namespace {

// Squares where both colours' attack counts are equal.
Bitboard equal_counts(const CountPlanes& a, const CountPlanes& b) {
  Bitboard equal = ~Bitboard(0);
  for (int i = 0; i < kCountPlanes; ++i) equal &= ~(a.plane[i] ^ b.plane[i]);
  return equal;
}

}  // namespace

ConversionScout::ConversionScout(const Position& pos)
    : pos_(pos), us_(pos.side_to_move()), sets_{pos.by_type(), pos.by_color()} {
  const Color them = ~us_;
  AttackCounts settled;
  const AttackCounts* counts = &pos.counts();
  if (pos.over_persuaded(them)) {
    settled = resolve_cascade(sets_, us_).counts;
    counts = &settled;
  }
  ripe_ = sets_.by_color[them] & equal_counts(counts->by_color[us_], counts->by_color[them]);
  const Bitboard occupied = pos.occupied();
  for (Bitboard b = ripe_; b;) lines_ |= queen_attacks(pop_lsb(b), occupied);
}

Bitboard ConversionScout::direct_targets(Move m) const {
  if (!ripe_ || m.kind() == MoveKind::Castling) return 0;
  const Square from = m.from(), to = m.to();
  const PieceType moved = type_of(pos_.piece_on(from));
  const PieceType arriving = m.kind() == MoveKind::Promotion ? m.promotion() : moved;
  const Bitboard before = persuasion_attacks(moved, us_, from, sets_.by_type, sets_.by_color);
  // The settled board after the move: nothing is captured in Pacifist, so `to` is empty.
  PieceSets after = sets_;
  after.by_type[moved] ^= square_bb(from);
  after.by_type[arriving] |= square_bb(to);
  after.by_color[us_] ^= square_bb(from) | square_bb(to);
  const Bitboard attacks = persuasion_attacks(arriving, us_, to, after.by_type, after.by_color);
  return attacks & ~before & ripe_;
}

bool ConversionScout::may_convert(Move m) const {
  if (!ripe_) return false;
  if (m.kind() == MoveKind::Castling) return true;
  if ((square_bb(m.from()) | square_bb(m.to())) & lines_) return true;
  return direct_targets(m) != 0;
}

}  // namespace engine::search
