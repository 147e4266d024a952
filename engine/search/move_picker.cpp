// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/search/move_picker.h"

#include "engine/attacks.h"
#include "engine/eval/weights_pacifist.h"
#include "engine/search/conversion_scout.h"
#include "engine/search/see.h"

namespace engine::search {
namespace {

// Chess: the squares where a piece of each type is attacked by a cheaper enemy piece
// (knights and bishops by pawns, rooks by pawns and minors, queens by those and rooks).
std::array<Bitboard, 6> cheaper_attacks(const Position& pos) {
  const Color them = ~pos.side_to_move();
  const Bitboard occupied = pos.occupied();
  std::array<Bitboard, 6> danger{};
  Bitboard attacked = pawn_attacks_bb(them, pos.pieces(them, Pawn));
  danger[Knight] = danger[Bishop] = attacked;
  for (PieceType t : {Knight, Bishop})
    for (Bitboard b = pos.pieces(them, t); b;) attacked |= piece_attacks(t, pop_lsb(b), occupied);
  danger[Rook] = attacked;
  for (Bitboard b = pos.pieces(them, Rook); b;) attacked |= rook_attacks(pop_lsb(b), occupied);
  danger[Queen] = attacked;
  return danger;
}

}  // namespace

MovePicker::MovePicker(const Position& pos, const MoveList& moves, const OrderingContext& context)
    : moves_(moves) {
  if (pos.pacifist())
    score_pacifist(pos, context);
  else
    score_chess(pos, context);
}

int MovePicker::quiet_score(const Position& pos, Move m, const OrderingContext& context) const {
  const Piece piece = pos.piece_on(m.from());
  int score = context.history.butterfly[pos.side_to_move()][m.from()][m.to()];
  for (const PieceToHistory* table : context.continuation)
    if (table) score += (*table)[piece][m.to()];
  return score;
}

void MovePicker::score_chess(const Position& pos, const OrderingContext& context) {
  const auto& killers = context.history.killers[context.ply];
  const std::array<Bitboard, 6> danger = cheaper_attacks(pos);
  for (std::size_t i = 0; i < moves_.size(); ++i) {
    const Move m = moves_[i];
    int& score = scores_[i];
    if (m == context.tt_move) {
      score = params::kOrderTtMove;
    } else if (is_chess_noisy(pos, m)) {
      const PieceType victim = captured_type(pos, m);
      const Piece mover = pos.piece_on(m.from());
      int value = victim == NoPieceType ? 0 : see_piece_value(victim) * 8;
      if (m.kind() == MoveKind::Promotion) value += see_piece_value(m.promotion()) * 8;
      value -= type_of(mover);
      value += context.history.capture[mover][m.to()][victim == NoPieceType ? 7 : victim] / 8;
      // Under-promotions are almost never best: order them with the bad captures.
      const bool good =
          (m.kind() != MoveKind::Promotion || m.promotion() == Queen) && see_at_least(pos, m, 0);
      score = (good ? params::kOrderGoodNoisy : params::kOrderBadNoisy) + value;
    } else if (m == killers[0] || m == killers[1]) {
      score = params::kOrderKiller + (m == killers[0]);
    } else if (m == context.counter) {
      score = params::kOrderCounter;
    } else {
      // Quiet moves: history, plus a bonus for taking a piece out of reach of a cheaper
      // attacker and a malus for putting it there (by how much the piece is worth).
      score = quiet_score(pos, m, context);
      const PieceType t = type_of(pos.piece_on(m.from()));
      const int stake = params::kOrderThreatPerUnit * (t == Queen ? 3 : t == Rook ? 2 : 1);
      if (danger[t] & square_bb(m.from())) score += stake;
      if (danger[t] & square_bb(m.to())) score -= stake;
    }
  }
}

void MovePicker::score_pacifist(const Position& pos, const OrderingContext& context) {
  const auto& killers = context.history.killers[context.ply];
  const ConversionScout scout(pos);
  for (std::size_t i = 0; i < moves_.size(); ++i) {
    const Move m = moves_[i];
    int& score = scores_[i];
    if (m == context.tt_move) {
      score = params::kOrderTtMove;
      continue;
    }
    int stake = 0;
    for (Bitboard b = scout.direct_targets(m); b;) {
      const PieceType t = type_of(pos.piece_on(pop_lsb(b)));
      stake +=
          t == King ? eval::kPacifistWeights.first_king : eval::kPacifistWeights.piece_value[t];
    }
    if (stake)
      score = params::kOrderGoodNoisy + stake * 16 + quiet_score(pos, m, context) / 64;
    else if (m == killers[0] || m == killers[1])
      score = params::kOrderKiller + (m == killers[0]);
    else if (m == context.counter)
      score = params::kOrderCounter;
    else
      score = quiet_score(pos, m, context) +
              (m.kind() == MoveKind::Promotion ? 4 * params::kHistoryMax : 0);
  }
}

Move MovePicker::next() {
  if (next_ >= moves_.size()) return Move::none();
  std::size_t best = next_;
  for (std::size_t i = next_ + 1; i < moves_.size(); ++i)
    if (scores_[i] > scores_[best]) best = i;
  std::swap(moves_[best], moves_[next_]);
  std::swap(scores_[best], scores_[next_]);
  last_score_ = scores_[next_];
  return moves_[next_++];
}

}  // namespace engine::search
