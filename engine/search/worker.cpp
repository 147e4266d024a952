// SPDX-License-Identifier: GPL-3.0-or-later
// Iterative deepening, aspiration windows and the bookkeeping shared by the
// alpha-beta and quiescence searches.
#include "engine/search/worker.h"

#include <algorithm>
#include <cmath>

#include "engine/eval/evaluate.h"
#include "engine/eval/standard_eval.h"
#include "engine/nnue/inference.h"
#include "engine/rules/cascade.h"
#include "engine/search/move_picker.h"
#include "engine/search/params.h"
#include "engine/tablebase/tablebases.h"

namespace engine::search {

Worker::Worker(int id) : id_(id) {
  for (int depth = 1; depth < 64; ++depth)
    for (int moves = 1; moves < 64; ++moves)
      reductions_[depth][moves] =
          std::int8_t(params::kLmrBase / 100.0 +
                      std::log(depth) * std::log(moves) / (params::kLmrDivisor / 100.0));
  history_.clear();
}

void Worker::run(const Position& root, SearchControl& control, TranspositionTable& tt,
                 const IterationHook& on_iteration) {
  pos_ = root;
  control_ = &control;
  tt_ = &tt;
  nodes_.store(0, std::memory_order_relaxed);
  aborted_ = false;
  completed_depth_ = 0;
  null_min_ply_ = 0;
  tb_pieces_ = control.tablebases && !root.pacifist() ? control.tablebases->max_pieces() : 0;
  // Pacifist keeps its classical evaluation (the network knows nothing of persuasion).
  use_network_ = control.network && !root.pacifist();
  if (use_network_) accumulators_.reset(*control.network, pos_);
  result_ = IterationResult{};
  for (Frame& f : frames_) f = Frame{};
  for (auto& pair : history_.killers) pair.fill(Move::none());

  const int max_depth = std::min(control.limits.depth.value_or(kMaxPly - 2), kMaxPly - 2);
  int previous = 0;
  for (int depth = 1; depth <= max_depth; ++depth) {
    // Lazy SMP: helper threads with odd ids search one ply deeper, so threads disagree
    // about which subtrees to visit first and share what they find through the table.
    const int search_depth = std::min(max_depth, depth + (id_ % 2));
    root_depth_ = search_depth;
    seldepth_ = 0;
    const int score = aspiration(search_depth, previous);
    if (aborted_) break;
    previous = score;
    completed_depth_ = search_depth;
    result_.depth = search_depth;
    result_.seldepth = seldepth_;
    result_.score = score;
    result_.pv.assign(pv_[0].begin(), pv_[0].begin() + pv_length_[0]);
    if (id_ == 0 && on_iteration && !on_iteration(result_)) break;
    if (control.stop.load(std::memory_order_relaxed)) break;
  }
  if (id_ == 0) control.stop.store(true, std::memory_order_relaxed);
}

int Worker::aspiration(int depth, int previous) {
  int delta = params::kAspirationWindow;
  int alpha = -kInfinity, beta = kInfinity;
  // Aspiration windows: expect the score near the last iteration's and widen on failure.
  if (depth >= params::kAspirationMinDepth && !is_decisive(previous)) {
    alpha = std::max(previous - delta, -kInfinity);
    beta = std::min(previous + delta, kInfinity);
  }
  for (;;) {
    const int score = search(alpha, beta, depth, 0, false);
    if (aborted_) return score;
    if (score <= alpha) {
      beta = (alpha + beta) / 2;
      alpha = std::max(score - delta, -kInfinity);
    } else if (score >= beta) {
      beta = std::min(score + delta, kInfinity);
    } else {
      return score;
    }
    delta = delta * params::kAspirationGrowthPercent / 100;
    if (delta > 1000) alpha = -kInfinity, beta = kInfinity;
  }
}

int Worker::evaluate() {
  if (!use_network_) return eval::evaluate(pos_, &pawn_cache_);
  if (eval::insufficient_material(pos_)) return 0;
  return std::clamp(nnue::evaluate(accumulators_, pos_), -kMaxEval, kMaxEval);
}

bool Worker::count_node_and_check() {
  const std::uint64_t n = nodes_.load(std::memory_order_relaxed) + 1;
  nodes_.store(n, std::memory_order_relaxed);
  if (id_ == 0 && (n & (params::kPollIntervalNodes - 1)) == 0) poll();
  // Depth 1 always completes, so every search has a searched move to play.
  if (completed_depth_ >= 1 && control_->stop.load(std::memory_order_relaxed)) aborted_ = true;
  return aborted_;
}

void Worker::poll() {
  SearchControl& c = *control_;
  if (c.limits.nodes && c.total_nodes() >= *c.limits.nodes) c.stop.store(true);
  if (!c.pondering.load(std::memory_order_relaxed) && c.time.hard_limit_reached())
    c.stop.store(true);
}

bool Worker::forced() const {
  if (pos_.pacifist()) return !pos_.pieces(pos_.side_to_move(), King);
  return pos_.in_check();
}

Bitboard Worker::pending_flips() const {
  const Color us = pos_.side_to_move();
  if (!pos_.over_persuaded(~us)) return 0;
  PieceSets sets{pos_.by_type(), pos_.by_color()};
  return resolve_cascade(sets, us).converted;
}

void Worker::update_pv(int ply, Move m) {
  pv_[ply][ply] = m;
  for (int i = ply + 1; i < pv_length_[ply + 1]; ++i) pv_[ply][i] = pv_[ply + 1][i];
  pv_length_[ply] = std::max(pv_length_[ply + 1], ply + 1);
}

int Worker::reduction(bool pv_node, int depth, int move_number) const {
  int r = reductions_[std::min(depth, 63)][std::min(move_number, 63)];
  return pv_node ? std::max(0, r - 1) : r;
}

void Worker::update_histories(int ply, int depth, Move best, bool best_quiet,
                              const MoveList& quiets, const MoveList& noisy) {
  const int bonus = HistoryTables::bonus(depth);
  const Color us = pos_.side_to_move();
  const Frame& previous = frame(ply - 1);
  auto reward_quiet = [&](Move m, int amount) {
    const Piece piece = pos_.piece_on(m.from());
    HistoryTables::update(history_.butterfly[us][m.from()][m.to()], amount);
    for (int back : {1, 2}) {
      PieceToHistory* table = frame(ply - back).continuation;
      if (table) HistoryTables::update((*table)[piece][m.to()], amount);
    }
  };
  auto reward_noisy = [&](Move m, int amount) {
    if (pos_.pacifist()) return reward_quiet(m, amount);
    const PieceType victim = captured_type(pos_, m);
    HistoryTables::update(
        history_.capture[pos_.piece_on(m.from())][m.to()][victim == NoPieceType ? 7 : victim],
        amount);
  };
  if (best_quiet) {
    history_.add_killer(ply, best);
    if (previous.move.is_ok() && previous.piece != NoPiece)
      history_.counter[previous.piece][previous.move.to()] = best;
    reward_quiet(best, bonus);
    for (Move m : quiets)
      if (m != best) reward_quiet(m, -bonus);
  } else {
    reward_noisy(best, bonus);
  }
  for (Move m : noisy)
    if (m != best) reward_noisy(m, -bonus);
}

}  // namespace engine::search
