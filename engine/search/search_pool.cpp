// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/search/search_pool.h"

#include <algorithm>
#include <thread>

#include "engine/movegen.h"
#include "engine/tablebase/tablebases.h"

namespace engine::search {

SearchPool::SearchPool(int hash_mb, int threads) : tt_(std::max(1, hash_mb)) {
  configure(hash_mb, threads);
}

void SearchPool::configure(int hash_mb, int threads) {
  tt_.resize(std::size_t(std::max(1, hash_mb)));
  const std::size_t count = std::size_t(std::clamp(threads, 1, 256));
  while (workers_.size() < count)
    workers_.push_back(std::make_unique<Worker>(int(workers_.size())));
  workers_.resize(count);
}

void SearchPool::clear() {
  tt_.clear();
  for (auto& worker : workers_) worker->clear_history();
}

void SearchPool::prepare(const SearchLimits& limits, Color us) {
  control_.limits = limits;
  control_.time.plan(limits, us);
  control_.stable_iterations.store(0);
  control_.tablebases = tablebases_;
  control_.network = network_;
  control_.tb_hits.store(0);
  control_.stop.store(false);
  control_.pondering.store(limits.ponder && !limits.infinite);
  std::lock_guard lock(mutex_);
  stop_requested_ = false;
}

void SearchPool::stop() {
  {
    std::lock_guard lock(mutex_);
    stop_requested_ = true;
  }
  control_.stop.store(true);
  released_.notify_all();
}

void SearchPool::ponderhit() {
  {
    std::lock_guard lock(mutex_);
    if (!control_.pondering.load()) return;
    // The opponent played the expected move: our clock runs from now on.
    control_.time.ponderhit();
    control_.pondering.store(false);
    // Pondering already thought longer than this move's target: play the best move now.
    if (control_.time.timed() &&
        !control_.time.may_start_iteration(control_.stable_iterations.load()))
      control_.stop.store(true);
  }
  released_.notify_all();
}

void SearchPool::wait_for_release() {
  std::unique_lock lock(mutex_);
  released_.wait(lock, [this] {
    return stop_requested_ || (!control_.limits.infinite && !control_.pondering.load());
  });
}

SearchInfo SearchPool::make_info(const IterationResult& iteration) const {
  SearchInfo info;
  info.depth = iteration.depth;
  info.seldepth = std::max(iteration.seldepth, iteration.depth);
  info.score_cp = iteration.score;
  if (is_decisive(iteration.score)) info.mate_in = mate_distance_moves(iteration.score);
  info.nodes = control_.total_nodes();
  info.time_ms = control_.time.elapsed_ms();
  info.nps = info.nodes * 1000 / std::uint64_t(std::max(1, info.time_ms));
  info.hashfull = tt_.hashfull();
  info.tb_hits = control_.tb_hits.load(std::memory_order_relaxed);
  info.pv = iteration.pv;
  return info;
}

Move SearchPool::ponder_move(const Position& root, const std::vector<Move>& pv) const {
  if (pv.size() >= 2) return pv[1];
  if (pv.empty()) return Move::none();
  Position pos = root;
  UndoRecord undo;
  pos.make_move(pv[0], undo);
  TTData tt;
  if (tt_.probe(pos.key(), tt) && is_legal(pos, tt.move)) return tt.move;
  return Move::none();
}

SearchResult SearchPool::search(const Position& root,
                                const std::function<void(const SearchInfo&)>& on_info) {
  tt_.new_search();
  control_.node_counters.clear();
  for (const auto& worker : workers_) control_.node_counters.push_back(&worker->node_counter());

  SearchResult result;
  const MoveList root_moves = legal_moves(root);
  if (root_moves.empty()) {
    // Nothing to search: report the game result as the score.
    const bool lost = root.pacifist() ? !root.pieces(root.side_to_move(), King) : root.in_check();
    if (lost) result.info.mate_in = 0;
    result.info.score_cp = lost ? mated_in(0) : kDrawScore;
    if (on_info) on_info(result.info);
    wait_for_release();
    return result;
  }

  // Endgame tables that cover the root choose the move (never in Pacifist: root() refuses).
  if (control_.tablebases)
    if (const auto decision = control_.tablebases->root(root)) {
      control_.tb_hits.fetch_add(1, std::memory_order_relaxed);
      IterationResult tables{1, 1, decision->score, {decision->best}};
      if (decision->ponder != Move::none()) tables.pv.push_back(decision->ponder);
      result.info = make_info(tables);
      result.info.from_tablebase = true;
      result.best = decision->best;
      result.ponder = decision->ponder;
      if (on_info) on_info(result.info);
      wait_for_release();
      return result;
    }

  Move last_best = Move::none();
  int stable = 0;
  auto on_iteration = [&](const IterationResult& iteration) {
    if (on_info) on_info(make_info(iteration));
    const Move best = iteration.pv.empty() ? Move::none() : iteration.pv[0];
    stable = best == last_best ? stable + 1 : 0;
    last_best = best;
    control_.stable_iterations.store(stable);
    if (control_.pondering.load() || control_.limits.infinite || !control_.time.timed())
      return true;
    // One legal move: a short search for the ponder move is all it needs.
    if (root_moves.size() == 1 && iteration.depth >= 4) return false;
    // A win or loss proven within the full-width depth will not change.
    if (is_decisive(iteration.score) && kMateScore - std::abs(iteration.score) <= iteration.depth)
      return false;
    return control_.time.may_start_iteration(stable);
  };

  std::vector<std::thread> helpers;
  for (std::size_t i = 1; i < workers_.size(); ++i)
    helpers.emplace_back([this, i, &root] { workers_[i]->run(root, control_, tt_, nullptr); });
  workers_[0]->run(root, control_, tt_, on_iteration);
  control_.stop.store(true);
  for (std::thread& t : helpers) t.join();
  wait_for_release();

  // Lazy SMP vote: a helper that completed a deeper iteration with a score at least as
  // good as the main thread's is trusted instead.
  const Worker* chosen = workers_[0].get();
  for (const auto& worker : workers_) {
    const IterationResult& r = worker->result();
    if (!r.pv.empty() && r.depth > chosen->result().depth && r.score >= chosen->result().score)
      chosen = worker.get();
  }
  const IterationResult& best = chosen->result();
  result.info = make_info(best);
  result.best = best.pv.empty() ? root_moves[0] : best.pv[0];
  if (!root_moves.contains(result.best)) result.best = root_moves[0];
  result.ponder = ponder_move(root, best.pv);
  return result;
}

}  // namespace engine::search
