// SPDX-License-Identifier: GPL-3.0-or-later
// Quiescence search: resolve the noisy moves before trusting the static eval.
// Chess: captures and queen promotions (all evasions when in check). Pacifist:
// moves that convert something beyond the flips any move brings (all legal moves
// when the side owns no king, since each of them must win a king back).
#include <algorithm>

#include "engine/rules/pacifist.h"
#include "engine/rules/standard.h"
#include "engine/search/conversion_scout.h"
#include "engine/search/move_picker.h"
#include "engine/search/params.h"
#include "engine/search/see.h"
#include "engine/search/worker.h"

namespace engine::search {
namespace {

// The noisy candidates of a quiet (not forced) node.
void noisy_candidates(const Position& pos, MoveList& out) {
  if (pos.pacifist()) {
    MoveList all;
    generate_pacifist_pseudo_legal(pos, all);
    const ConversionScout scout(pos);
    if (!scout.any_ripe()) return;
    for (Move m : all)
      if (scout.may_convert(m)) out.push_back(m);
    return;
  }
  generate_chess_legal(pos, out, MoveSet::Noisy);
}

}  // namespace

int Worker::qsearch(int alpha, int beta, int ply, int qply) {
  const bool pv_node = beta - alpha > 1;
  const bool pacifist = pos_.pacifist();
  pv_length_[ply] = ply;
  if (count_node_and_check()) return 0;
  seldepth_ = std::max(seldepth_, ply);
  const bool in_check = forced();
  if (ply >= kMaxPly - 1) return in_check ? kDrawScore : evaluate();

  TTData tt;
  const bool tt_hit = tt_->probe(pos_.key(), tt);
  const int tt_score = tt_hit ? score_from_tt(tt.score, ply) : 0;
  if (!pv_node && tt_hit && tt_cutoff_allowed(tt, tt_score, alpha, beta)) return tt_score;

  int best_score = -kInfinity, static_eval = kNoEval;
  if (!in_check) {
    static_eval = tt_hit && tt.eval != kNoEval ? tt.eval : evaluate();
    // Stand pat: the side to move may decline every noisy move.
    best_score = static_eval;
    // A table score whose bound allows it is a better guess of the position's worth than the
    // static eval.
    if (tt_hit && tt_cutoff_allowed(tt, tt_score, static_eval, static_eval)) best_score = tt_score;
    if (best_score >= beta) return best_score;
    alpha = std::max(alpha, best_score);
  }
  const int max_qply =
      pacifist ? params::kPacifistQuiescenceMaxPly : params::kChessQuiescenceMaxPly;
  if (qply >= max_qply) return in_check ? evaluate() : best_score;

  MoveList moves;
  if (!in_check)
    noisy_candidates(pos_, moves);
  else if (pacifist)
    generate_pacifist_pseudo_legal(pos_, moves);
  else
    generate_chess_legal(pos_, moves);
  OrderingContext context{history_, ply, tt_hit ? tt.move : Move::none(), Move::none(), {}};
  MovePicker picker(pos_, moves, context);
  const Bitboard pending = pacifist && !in_check ? pending_flips() : 0;

  Move best_move = Move::none();
  int legal = 0;
  for (Move m = picker.next(); m != Move::none(); m = picker.next()) {
    if (!pacifist && !in_check) {
      // Delta pruning: even winning the piece outright would not reach alpha.
      const PieceType victim = captured_type(pos_, m);
      if (m.kind() != MoveKind::Promotion && victim != NoPieceType &&
          static_eval + see_piece_value(victim) + params::kDeltaMargin <= alpha)
        continue;
      // Captures that lose material are left out (the picker has found that its good noisy
      // moves lose none).
      if (!picker.last_good_noisy() && !see_at_least(pos_, m, 0)) continue;
    }
    const Piece piece = pos_.piece_on(m.from());
    UndoRecord undo;
    make_move(m, undo);
    if (pacifist &&
        (!pos_.last_move_was_legal() || (!in_check && !(pos_.last_converted() & ~pending)))) {
      undo_move(m, undo);
      continue;
    }
    ++legal;
    Frame& here = frame(ply);
    here.move = m;
    here.piece = piece;
    here.continuation = &history_.continuation[piece][m.to()];
    const int score = -qsearch(-beta, -alpha, ply + 1, qply + 1);
    undo_move(m, undo);
    if (aborted_) return 0;
    if (score > best_score) {
      best_score = score;
      if (score > alpha) {
        best_move = m;
        if (pv_node) update_pv(ply, m);
        if (score >= beta) break;
        alpha = score;
      }
    }
  }
  // Forced and nothing legal: checkmate, or (Pacifist) no king and none to win back.
  if (in_check && legal == 0) return mated_in(ply);
  const Bound bound = best_score >= beta ? Bound::Lower : Bound::Upper;
  tt_->store(pos_.key(), best_move, score_to_tt(best_score, ply), static_eval, 0, bound);
  return best_score;
}

}  // namespace engine::search
