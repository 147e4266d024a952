#include "engine/eval/pacifist_eval.h"

#include <algorithm>

#include "engine/attacks.h"
#include "engine/eval/eval_params.h"
#include "engine/rules/cascade.h"

namespace engine::eval {
namespace {

using namespace params;

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

// Material, mobility, control and pawn advancement of colour c; fills its reach.
int side_score(const Board& board, Color c, Reach& reach) {
  const Bitboard empty = ~board.occupied;
  int score = 0;
  const int kings = popcount(board.pieces(c, King));
  if (kings >= 1) score += kPacifistFirstKing;
  if (kings >= 2) score += kPacifistSecondKing;
  for (PieceType t : {Knight, Bishop, Rook, Queen, King}) {
    for (Bitboard b = board.pieces(c, t); b;) {
      const Bitboard moves = piece_attacks(t, pop_lsb(b), board.occupied) & empty;
      reach[t] |= moves;
      score += kPacifistValue[t] + kPacifistMobility[t] * popcount(moves);
    }
  }
  const Bitboard pawns = board.pieces(c, Pawn);
  reach[Pawn] = shift_forward(c, pawns) & empty;
  for (Bitboard b = pawns; b;)
    score += kPacifistValue[Pawn] + kPacifistPawnRank[relative_rank(c, rank_of(pop_lsb(b)))];
  const Bitboard controlled =
      greater_than(board.counts.by_color[c], board.counts.by_color[~c]) & empty;
  score += kPacifistControl * popcount(controlled);
  return score;
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
// the enemy can reach, and king margins. `ripe_percent` weighs ripe pieces for c.
int weaknesses(const Board& board, Color c, const Reach& enemy_reach, int ripe_percent) {
  const Bitboard own = board.sets.by_color[c];
  int penalty = 0;
  const Bitboard over = own & board.counts.outnumbered(c) & ~board.sets.by_type[King];
  for (Bitboard b = over; b;)
    penalty += 2 * kPacifistValue[board.type_on(pop_lsb(b))] * kPacifistOverPersuadedPercent / 100;
  const Bitboard ripe = own & ~board.sets.by_type[King] &
                        equal_counts(board.counts.by_color[c], board.counts.by_color[~c]);
  int worst = 0;
  for (Bitboard b = ripe; b;) {
    const Square s = pop_lsb(b);
    const int value = kPacifistValue[board.type_on(s)];
    if (value > worst && reachable(board, ~c, s, enemy_reach)) worst = value;
  }
  penalty += worst * ripe_percent / 100;
  const Bitboard kings = board.pieces(c, King);
  const int king_share = more_than_one(kings) ? 2 : 1;  // with two kings only one must survive
  for (Bitboard b = kings; b;) {
    const Square s = pop_lsb(b);
    const int margin = board.margin(c, s);
    if (margin < 0) {
      // A king left over-persuaded flips on the enemy's next move unless we fix it first.
      const int value = king_share == 2 ? kPacifistSecondKing : kPacifistFirstKing;
      penalty += value * kPacifistOverPersuadedPercent / 100;
      continue;
    }
    if (margin > 2) continue;
    int p = kPacifistKingMargin[margin];
    if (margin == 0 && reachable(board, ~c, s, enemy_reach)) p += kPacifistKingReachable;
    penalty += p / king_share;
  }
  return penalty;
}

}  // namespace

int evaluate_pacifist(const Position& pos) {
  const Color us = pos.side_to_move(), them = ~us;
  PieceSets sets{pos.by_type(), pos.by_color()};
  AttackCounts counts = pos.counts();
  // Pieces the opponent left over-persuaded flip during our next move, whatever it is.
  if (pos.over_persuaded(them)) counts = resolve_cascade(sets, us).counts;
  const Board board{sets, counts, sets.by_color[White] | sets.by_color[Black]};
  Reach reach_us{}, reach_them{};
  int score = side_score(board, us, reach_us) - side_score(board, them, reach_them);
  score -= weaknesses(board, us, reach_them, kPacifistRipeOwnPercent);
  score += weaknesses(board, them, reach_us, kPacifistRipeTheirPercent);
  return score + kPacifistTempo;
}

}  // namespace engine::eval
