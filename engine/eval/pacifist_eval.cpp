// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/eval/pacifist_eval.h"

#include <algorithm>

#include "engine/attacks.h"
#include "engine/eval/weight_schema.h"
#include "engine/eval/weights_pacifist.h"
#include "engine/rules/cascade.h"

namespace engine::eval {
namespace {

constexpr const PacifistWeights& W = kPacifistWeights;

Bitboard equal_counts(const CountPlanes& a, const CountPlanes& b) {
  Bitboard equal = ~Bitboard(0);
  for (int i = 0; i < kCountPlanes; ++i) equal &= ~(a.plane[i] ^ b.plane[i]);
  return equal;
}

// The settled board the evaluation looks at.
struct Board {
  const PieceSets& sets;
  const AttackCounts& counts;
  Bitboard occupied;
  Bitboard pieces(Color c, PieceType t) const { return sets.by_color[c] & sets.by_type[t]; }
  PieceType type_on(Square s) const {
    for (PieceType t : {Pawn, Knight, Bishop, Rook, Queen, King})
      if (sets.by_type[t] & square_bb(s)) return t;
    return NoPieceType;
  }
  int margin(Color c, Square s) const {
    return counts.by_color[c].at(s) - counts.by_color[~c].at(s);
  }
};

// Empty squares each piece type of one colour can move to (pawns: their pushes).
using Reach = std::array<Bitboard, 6>;

// Every term below adds weight * sign * count: sign is +1 for White's terms, -1 for Black's;
// penalties are subtracted.

// Material, mobility, control and pawn advancement of colour c; fills its reach.
template <class S>
void side_score(S& score, const Board& board, Color c, Reach& reach) {
  const int sign = c == White ? 1 : -1;
  const Bitboard empty = ~board.occupied;
  const int kings = popcount(board.pieces(c, King));
  if (kings >= 1) score.add_plain(W.first_king, sign);
  if (kings >= 2) score.add_plain(W.second_king, sign);
  for (PieceType t : {Knight, Bishop, Rook, Queen, King}) {
    for (Bitboard b = board.pieces(c, t); b;) {
      const Bitboard moves = piece_attacks(t, pop_lsb(b), board.occupied) & empty;
      reach[t] |= moves;
      if (t != King) score.add_plain(W.piece_value[t], sign);
      score.add_plain(W.mobility[t][popcount(moves)], sign);
    }
  }
  const Bitboard pawns = board.pieces(c, Pawn);
  reach[Pawn] = shift_forward(c, pawns) & empty;
  for (Bitboard b = pawns; b;) {
    score.add_plain(W.piece_value[Pawn], sign);
    score.add_plain(W.pawn_rank[relative_rank(c, rank_of(pop_lsb(b)))], sign);
  }
  const Bitboard controlled =
      greater_than(board.counts.by_color[c], board.counts.by_color[~c]) & empty;
  score.add_plain(W.control, sign * popcount(controlled));
}

// Whether `attacker` can bring one more piece to bear on s with one move.
bool reachable(const Board& board, Color attacker, Square s, const Reach& reach) {
  if (knight_attacks(s) & reach[Knight]) return true;
  if (king_attacks(s) & reach[King]) return true;
  if (pawn_attacks(~attacker, s) & reach[Pawn]) return true;
  if (bishop_attacks(s, board.occupied) & (reach[Bishop] | reach[Queen])) return true;
  return (rook_attacks(s, board.occupied) & (reach[Rook] | reach[Queen])) != 0;
}

// Penalties for colour c's weak pieces: over-persuaded ones, the most valuable ripe piece
// the enemy can reach (ripe row 0 when c is to move, 1 otherwise), and king margins.
template <class S>
void weaknesses(S& score, const Board& board, Color c, const Reach& enemy_reach, int ripe_row) {
  const int sign = c == White ? 1 : -1;
  const Bitboard own = board.sets.by_color[c];
  const Bitboard over = own & board.counts.outnumbered(c) & ~board.sets.by_type[King];
  for (Bitboard b = over; b;) score.add_plain(W.over_persuaded[board.type_on(pop_lsb(b))], -sign);
  const Bitboard ripe = own & ~board.sets.by_type[King] &
                        equal_counts(board.counts.by_color[c], board.counts.by_color[~c]);
  int worst = 0;
  PieceType worst_type = NoPieceType;
  for (Bitboard b = ripe; b;) {
    const Square s = pop_lsb(b);
    const PieceType t = board.type_on(s);
    const int value = W.piece_value[t];
    if (value > worst && reachable(board, ~c, s, enemy_reach)) {
      worst = value;
      worst_type = t;
    }
  }
  if (worst_type != NoPieceType) score.add_plain(W.ripe[ripe_row][worst_type], -sign);
  const Bitboard kings = board.pieces(c, King);
  const int shared = more_than_one(kings) ? 1 : 0;  // with two kings only one must survive
  for (Bitboard b = kings; b;) {
    const Square s = pop_lsb(b);
    const int margin = board.margin(c, s);
    if (margin < 0) {
      // A king left over-persuaded flips on the enemy's next move unless we fix it first.
      score.add_plain(W.king_over_persuaded[shared], -sign);
      continue;
    }
    if (margin > 2) continue;
    score.add_plain(W.king_margin[shared][margin], -sign);
    if (margin == 0 && reachable(board, ~c, s, enemy_reach))
      score.add_plain(W.king_reachable[shared], -sign);
  }
}

template <class Trace>
int evaluate(const Position& pos, Trace& trace) {
  Scorer<Trace, PacifistWeights> score(W, trace);
  const Color us = pos.side_to_move(), them = ~us;
  PieceSets sets{pos.by_type(), pos.by_color()};
  AttackCounts counts = pos.counts();
  // Pieces the opponent left over-persuaded flip during our next move, whatever it is.
  if (pos.over_persuaded(them)) counts = resolve_cascade(sets, us).counts;
  const Board board{sets, counts, sets.by_color[White] | sets.by_color[Black]};
  Reach reach_us{}, reach_them{};
  side_score(score, board, us, reach_us);
  side_score(score, board, them, reach_them);
  weaknesses(score, board, us, reach_them, 0);
  weaknesses(score, board, them, reach_us, 1);
  const int side = us == White ? 1 : -1;
  score.add_plain(W.tempo, side);
  if constexpr (score.kTracing) trace.sign = side;
  return side * score.plain();
}

}  // namespace

int evaluate_pacifist(const Position& pos) {
  NoTrace none;
  return evaluate(pos, none);
}

int evaluate_pacifist(const Position& pos, EvalTrace& trace) {
  trace.reset(kWeightCount<PacifistWeights>);
  return evaluate(pos, trace);
}

}  // namespace engine::eval
