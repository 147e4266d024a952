// SPDX-License-Identifier: GPL-3.0-or-later
// The search threads of one engine and what they share: the transposition
// table, one Worker per thread (each with its own histories) and the control
// block of the running search. Threads > 1 run Lazy SMP: every worker searches
// the same root, sharing results through the table; the main worker decides
// when to stop and its result is played.
//
// Owned by one Engine. search() blocks its caller, which becomes the main search
// thread; stop() and ponderhit() may be called from any thread while it runs.
// configure() and clear() must not run during a search.
#pragma once

#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <vector>

#include "engine/position.h"
#include "engine/search/control.h"
#include "engine/search/limits.h"
#include "engine/search/tt.h"
#include "engine/search/worker.h"

namespace engine::search {

class SearchPool {
 public:
  SearchPool(int hash_mb, int threads);

  void configure(int hash_mb, int threads);
  // The tables the next searches probe (null: none); the caller keeps them alive.
  void set_tablebases(const tablebase::Tablebases* tablebases) { tablebases_ = tablebases; }
  // The network the next searches evaluate with (null: the classical evaluation); the
  // caller keeps it alive.
  void set_network(const nnue::Network* network) { network_ = network; }
  void clear();  // the table and every worker's histories

  // Resets the control block and plans the time of a new search for side `us`; call
  // before search() on the thread that may later call stop() or ponderhit(), so that
  // neither is lost when it comes right after go().
  void prepare(const SearchLimits& limits, Color us);
  // Runs the search prepared last and returns its result; on_info follows each iteration.
  SearchResult search(const Position& root, const std::function<void(const SearchInfo&)>& on_info);
  void stop();
  // Ends pondering: the clock limits apply from now on (time_manager.h: the ponder time
  // counts toward the soft target, so a search already past it stops at once). Nothing
  // happens unless the prepared search is pondering.
  void ponderhit();

 private:
  SearchInfo make_info(const IterationResult& iteration) const;
  // Waits for stop() or ponderhit() after the search ended early while pondering or infinite.
  void wait_for_release();
  Move ponder_move(const Position& root, const std::vector<Move>& pv) const;

  TranspositionTable tt_;
  const tablebase::Tablebases* tablebases_ = nullptr;
  const nnue::Network* network_ = nullptr;
  std::vector<std::unique_ptr<Worker>> workers_;
  SearchControl control_;
  std::mutex mutex_;
  std::condition_variable released_;
  bool stop_requested_ = false;  // guarded by mutex_
};

}  // namespace engine::search
