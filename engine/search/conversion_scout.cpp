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

Bitboard ConversionScout::attacks_from(PieceType t, Square s, Bitboard our_orthogonal,
                                       Bitboard our_diagonal, Bitboard occupied) const {
  switch (t) {
    case Pawn:
      return pawn_attacks(us_, s);
    case Knight:
      return knight_attacks(s);
    case King:
      return king_attacks(s);
    default:
      break;
  }
  Bitboard result = 0;
  if (t == Rook || t == Queen) result |= rook_attacks(s, occupied & ~our_orthogonal);
  if (t == Bishop || t == Queen) result |= bishop_attacks(s, occupied & ~our_diagonal);
  return result;
}

Bitboard ConversionScout::direct_targets(Move m) const {
  if (!ripe_ || m.kind() == MoveKind::Castling) return 0;
  const Square from = m.from(), to = m.to();
  const PieceType moved = type_of(pos_.piece_on(from));
  const PieceType arriving = m.kind() == MoveKind::Promotion ? m.promotion() : moved;
  const Bitboard ours = sets_.by_color[us_];
  Bitboard orthogonal = ours & (sets_.by_type[Rook] | sets_.by_type[Queen]);
  Bitboard diagonal = ours & (sets_.by_type[Bishop] | sets_.by_type[Queen]);
  const Bitboard before = attacks_from(moved, from, orthogonal, diagonal, pos_.occupied());
  const Bitboard change = square_bb(from) | square_bb(to);
  const Bitboard occupied = pos_.occupied() ^ change;
  orthogonal &= ~square_bb(from);
  diagonal &= ~square_bb(from);
  if (arriving == Rook || arriving == Queen) orthogonal |= square_bb(to);
  if (arriving == Bishop || arriving == Queen) diagonal |= square_bb(to);
  const Bitboard after = attacks_from(arriving, to, orthogonal, diagonal, occupied);
  return after & ~before & ripe_;
}

bool ConversionScout::may_convert(Move m) const {
  if (!ripe_) return false;
  if (m.kind() == MoveKind::Castling) return true;
  if ((square_bb(m.from()) | square_bb(m.to())) & lines_) return true;
  return direct_targets(m) != 0;
}

}  // namespace engine::search
