// SPDX-License-Identifier: GPL-3.0-or-later
// Principal variation search: the main alpha-beta search of a Worker.
#include <algorithm>

#include "engine/rules/pacifist.h"
#include "engine/rules/standard.h"
#include "engine/search/gives_check.h"
#include "engine/search/move_picker.h"
#include "engine/search/params.h"
#include "engine/search/see.h"
#include "engine/search/worker.h"
#include "engine/tablebase/tablebases.h"

namespace engine::search {
namespace {

// Chess: the side has a piece besides pawns and king (zugzwang is rare then).
bool has_non_pawn_material(const Position& pos, Color c) {
  return (pos.pieces(c) & ~pos.pieces(Pawn) & ~pos.pieces(King)) != 0;
}

}  // namespace

int Worker::search(int alpha, int beta, int depth, int ply, bool cut_node) {
  const bool pv_node = beta - alpha > 1;
  const bool root = ply == 0;
  const bool pacifist = pos_.pacifist();
  // A singular-extension search of this node without one move (see the move loop).
  const Move excluded = frame(ply).excluded;
  pv_length_[ply] = ply;

  if (!root) {
    // Draws by the fifty-move rule and by repetition (one repetition inside the tree is
    // enough: the side that could avoid it will).
    if ((pos_.rule50() >= 100 && !(!pacifist && pos_.in_check())) || pos_.repetitions() >= 1)
      return kDrawScore;
    // Mate distance pruning: nothing here beats a win or loss already found nearer the root.
    alpha = std::max(alpha, mated_in(ply));
    beta = std::min(beta, mate_in(ply + 1));
    if (alpha >= beta) return alpha;
  }
  if (depth <= 0) return qsearch(alpha, beta, ply, 0);
  if (count_node_and_check()) return 0;
  seldepth_ = std::max(seldepth_, ply);
  const bool in_check = forced();
  if (ply >= kMaxPly - 1) return in_check ? kDrawScore : evaluate();

  TTData tt;
  const bool tt_hit = tt_->probe(pos_.key(), tt);
  const int tt_score = tt_hit ? score_from_tt(tt.score, ply) : 0;
  const Move tt_move = tt_hit ? tt.move : Move::none();
  // Transposition cutoff: a deep enough stored result settles this node (not one searched
  // without a move: the stored result counts that move).
  if (!pv_node && excluded == Move::none() && tt_hit && tt.depth >= depth &&
      tt_cutoff_allowed(tt, tt_score, alpha, beta))
    return tt_score;

  // Endgame tables: their result replaces the subtree (see docs/engine.md, score.h).
  if (!root && excluded == Move::none() && tb_pieces_ > 0 &&
      popcount(pos_.occupied()) <= tb_pieces_) {
    if (const auto tb_score = control_->tablebases->probe(pos_, ply)) {
      control_->tb_hits.fetch_add(1, std::memory_order_relaxed);
      tt_->store(pos_.key(), Move::none(), score_to_tt(*tb_score, ply), kNoEval,
                 std::min(depth + params::kTablebaseDepthBonus, kMaxPly - 1), Bound::Exact);
      return *tb_score;
    }
  }

  Frame& here = frame(ply);
  int static_eval = kNoEval, eval = kNoEval;
  if (!in_check) {
    static_eval = tt_hit && tt.eval != kNoEval ? tt.eval : evaluate();
    eval = static_eval;
    if (tt_hit && tt_cutoff_allowed(tt, tt_score, eval, eval)) eval = tt_score;
  }
  here.static_eval = static_eval;
  const int two_back = frame(ply - 2).static_eval;
  const bool improving = !in_check && two_back != kNoEval && static_eval > two_back;

  if (!pv_node && !in_check && excluded == Move::none() && !is_decisive(beta)) {
    // Reverse futility pruning: far above beta with little depth left, trust the eval.
    if (depth <= params::kReverseFutilityMaxDepth &&
        eval - params::kReverseFutilityMargin * (depth - improving) >= beta)
      return eval;
    // Razoring: far below alpha near the leaves, only tactics can help; ask quiescence.
    if (depth <= params::kRazorMaxDepth && eval + params::kRazorMargin * depth < alpha) {
      const int score = qsearch(alpha, alpha + 1, ply, 0);
      if (aborted_) return 0;
      if (score <= alpha) return score;
    }
    // Null-move pruning: if passing still beats beta, a real move will too. Pacifist: a
    // pass forfeits the flips any real move would bring, so it is pessimistic as it
    // should be; it is skipped when pieces are pending (the position after a pass would
    // be one the rules never produce) and verified at high depth (see docs/engine.md).
    const bool null_safe = pacifist ? !pos_.over_persuaded(~pos_.side_to_move())
                                    : has_non_pawn_material(pos_, pos_.side_to_move());
    if (depth >= params::kNullMoveMinDepth && eval >= beta && static_eval >= beta &&
        ply >= null_min_ply_ && frame(ply - 1).move != Move::null() && null_safe) {
      const int r = params::kNullMoveBaseReduction + depth / params::kNullMoveDepthDivisor +
                    std::min((eval - beta) / params::kNullMoveEvalDivisor, 3);
      UndoRecord undo;
      here.move = Move::null();
      here.piece = NoPiece;
      here.continuation = nullptr;
      make_null_move(undo);
      int score = -search(-beta, -beta + 1, depth - r, ply + 1, !cut_node);
      undo_null_move(undo);
      if (aborted_) return 0;
      if (score >= beta) {
        if (is_decisive(score)) score = beta;
        if (!pacifist || depth < params::kNullMoveVerifyDepth || null_min_ply_ > 0) return score;
        // Verification: the same reduced search, without null moves for its first plies.
        null_min_ply_ = ply + 3 * (depth - r) / 4;
        const int verified = search(beta - 1, beta, depth - r, ply, false);
        null_min_ply_ = 0;
        if (aborted_) return 0;
        if (verified >= beta) return score;
      }
    }
  }

  // Internal iterative reduction: without a stored move this node is probably not
  // important enough for its full depth.
  if (depth >= params::kIirMinDepth && tt_move == Move::none() && (pv_node || cut_node)) --depth;

  // Singular extensions (chess) may test the table move: its stored lower bound must be
  // deep enough and not a mate score.
  const bool singular_candidate =
      !pacifist && !root && excluded == Move::none() && depth >= params::kSingularMinDepth &&
      tt_hit && tt_move != Move::none() && (tt.bound == Bound::Lower || tt.bound == Bound::Exact) &&
      tt.depth >= depth - params::kSingularTtDepthSlack && !is_decisive(tt_score);

  MoveList moves;
  if (pacifist)
    generate_pacifist_pseudo_legal(pos_, moves);
  else
    generate_chess_legal(pos_, moves);
  const Frame& previous = frame(ply - 1);
  OrderingContext context{history_, ply, tt_move, Move::none(), {}};
  if (previous.move.is_ok() && previous.piece != NoPiece)
    context.counter = history_.counter[previous.piece][previous.move.to()];
  context.continuation[0] = previous.continuation;
  context.continuation[1] = frame(ply - 2).continuation;
  MovePicker picker(pos_, moves, context);
  const Bitboard pending = pacifist ? pending_flips() : 0;

  int best_score = -kInfinity;
  Move best_move = Move::none();
  int legal = 0, quiets_seen = 0;
  bool skip_quiets = false;
  MoveList quiets_tried, noisy_tried;
  const int lmp_limit = (params::kLateMovePruningBase + depth * depth) / (improving ? 1 : 2);
  for (Move m = picker.next(); m != Move::none(); m = picker.next()) {
    if (m == excluded) continue;
    const bool likely_noisy = pacifist ? picker.last_good_noisy() : is_chess_noisy(pos_, m);
    const bool quiet_before = !likely_noisy;
    if (!root && best_score > -kMateBound) {
      bool prune = false, prune_later_quiets = false;
      if (quiet_before) {
        if (skip_quiets) {
          prune = true;
        } else if (depth <= params::kLateMovePruningMaxDepth && quiets_seen >= lmp_limit) {
          // Late move pruning: late quiet moves at low depth rarely matter.
          prune = prune_later_quiets = true;
        } else if (!in_check && depth <= params::kFutilityMaxDepth &&
                   static_eval + params::kFutilityBase + params::kFutilityPerDepth * depth <=
                       alpha) {
          // Futility pruning: a quiet move cannot lift a hopeless static eval above alpha.
          prune = prune_later_quiets = true;
        } else if (depth <= params::kHistoryPruningMaxDepth && m != context.counter &&
                   picker.last_score() < params::kHistoryPruningPerDepth * depth) {
          // History pruning: quiet moves that keep failing here are not worth a look.
          prune = true;
        } else if (!pacifist && depth <= params::kSeePruningMaxDepth &&
                   !see_at_least(pos_, m, params::kSeeQuietMarginPerDepth * depth)) {
          // SEE pruning (chess): quiet moves that hang material.
          prune = true;
        }
      } else if (!pacifist && depth <= params::kSeePruningMaxDepth && !picker.last_good_noisy() &&
                 !see_at_least(pos_, m, params::kSeeNoisyMarginPerDepthSq * depth * depth)) {
        // SEE pruning (chess): captures that lose too much material. The picker has already
        // found that a good noisy move loses none, more than any margin asks for.
        static_assert(params::kSeeNoisyMarginPerDepthSq <= 0);
        prune = true;
      }
      // Checks are never pruned: they are how mates are found. (Asked last: most moves are
      // not pruned, and the question costs more than the pruning tests.)
      if (prune && (pacifist || !gives_check(pos_, m))) {
        skip_quiets |= prune_later_quiets;
        continue;
      }
    }

    // Singular extension: when every other move stays clearly below the table move's stored
    // score, the table move is the only good one and is searched a ply deeper. When even
    // the margin-lowered score beats beta without it, several moves do: the node fails
    // high (multi-cut). When only the stored score beats beta, the table move is searched
    // a ply shallower.
    int singular_extension = 0;
    if (singular_candidate && m == tt_move && ply < params::kExtensionPlyFactor * root_depth_) {
      const int singular_beta = tt_score - params::kSingularMarginPerDepth * depth;
      here.excluded = m;
      const int score = search(singular_beta - 1, singular_beta, (depth - 1) / 2, ply, cut_node);
      here.excluded = Move::none();
      if (aborted_) return 0;
      if (score < singular_beta)
        singular_extension = 1;
      else if (singular_beta >= beta)
        return singular_beta;
      else if (tt_score >= beta)
        singular_extension = -1;
    }

    const Piece piece = pos_.piece_on(m.from());
    UndoRecord undo;
    make_move(m, undo);
    if (pacifist && !pos_.last_move_was_legal()) {
      undo_move(m, undo);
      continue;
    }
    ++legal;
    tt_->prefetch(pos_.key());
    const bool gives_check = pacifist ? !pos_.pieces(pos_.side_to_move(), King) : pos_.in_check();
    // A chess check that loses material by SEE earns no extension: it is usually a spite
    // check that only delays the search. SEE reads the position before the move, so the
    // few checks are taken back for it; the accumulators already hold the position after.
    bool losing_check = false;
    if (!pacifist && gives_check) {
      pos_.undo_move(m, undo);
      losing_check = !see_at_least(pos_, m, 0);
      pos_.make_move(m, undo);
    }
    const bool noisy = pacifist ? (pos_.last_converted() & ~pending) != 0 : likely_noisy;
    if (!noisy) ++quiets_seen;
    here.move = m;
    here.piece = piece;
    here.continuation = &history_.continuation[piece][m.to()];

    // Check extension (Pacifist: the reply must win a king back at once).
    const int check_extension =
        gives_check && !losing_check && ply < params::kExtensionPlyFactor * root_depth_ ? 1 : 0;
    const int extension = std::max(check_extension, singular_extension);
    const int new_depth = depth - 1 + extension;
    int score = 0;
    // Late move reductions: later, quieter moves get a shallower null-window look first.
    if (depth >= params::kLmrMinDepth && legal > params::kLmrMinMoves + int(pv_node) && !noisy &&
        (!gives_check || !pacifist)) {
      int r = reduction(pv_node, depth, legal);
      r -= gives_check;  // a quiet check is reduced one ply less
      r += !improving;
      r += params::kLmrCutNodeReduction * cut_node;
      r -= picker.last_score() >= params::kOrderCounter;  // killers and counter moves
      if (picker.last_score() < params::kOrderCounter)
        r -= std::clamp(picker.last_score() / params::kLmrHistoryDivisor, -2, 2);
      const int reduced = std::clamp(new_depth - r, 1, new_depth);
      score = -search(-alpha - 1, -alpha, reduced, ply + 1, true);
      if (score > alpha && reduced < new_depth)
        score = -search(-alpha - 1, -alpha, new_depth, ply + 1, !cut_node);
    } else if (!pv_node || legal > 1) {
      score = -search(-alpha - 1, -alpha, new_depth, ply + 1, !cut_node);
    }
    if (pv_node && (legal == 1 || (score > alpha && score < beta)))
      score = -search(-beta, -alpha, new_depth, ply + 1, false);
    undo_move(m, undo);
    if (aborted_) return 0;

    if (score > best_score) {
      best_score = score;
      if (score > alpha) {
        best_move = m;
        if (pv_node) update_pv(ply, m);
        if (score >= beta) {
          update_histories(ply, depth, m, !noisy, quiets_tried, noisy_tried);
          break;
        }
        alpha = score;
      }
    }
    if (noisy)
      noisy_tried.push_back(m);
    else if (quiets_tried.size() < 64)
      quiets_tried.push_back(m);
  }

  // A search without the excluded move stores nothing: its result does not describe the
  // node. With no other legal move, the excluded one is as singular as a move can be.
  if (excluded != Move::none()) {
    if (legal == 0) return alpha;
    return best_score;
  }
  if (legal == 0) {
    // No legal move: Pacifist loses without a king and is stalemated with one; chess
    // is checkmated in check and stalemated otherwise.
    if (pacifist) return pos_.pieces(pos_.side_to_move(), King) ? kDrawScore : mated_in(ply);
    return in_check ? mated_in(ply) : kDrawScore;
  }
  const Bound bound = best_score >= beta             ? Bound::Lower
                      : pv_node && best_move.is_ok() ? Bound::Exact
                                                     : Bound::Upper;
  tt_->store(pos_.key(), best_move, score_to_tt(best_score, ply), static_eval, depth, bound);
  return best_score;
}

}  // namespace engine::search
