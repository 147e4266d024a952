// SPDX-License-Identifier: GPL-3.0-or-later
// The engine facade: one instance per game. It owns the game's position, its
// transposition table (Hash MiB), history tables and search threads; several
// engines run at once in one process without sharing mutable state.
//
// Thread contract: the public methods are called from one controlling thread
// (or under the caller's own lock), except stop(), ponderhit() and searching(),
// which any thread may call at any time. go() returns at once and searches on the
// engine's own thread; the callbacks run there (see SearchCallbacks).
// set_options(), new_game() and go() first stop and wait for a running search, so one
// engine never runs two searches at once (a ponder search included): the old search's
// on_best_move has run before go() starts the new one.
#pragma once

#include <atomic>
#include <expected>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "engine/position.h"
#include "engine/search/limits.h"

namespace engine {

namespace search {
class SearchPool;
}
namespace tablebase {
class Tablebases;
}
namespace nnue {
struct Network;
}

struct EngineOptions {
  int hash_mb = 16;
  int threads = 1;
  // Endgame tables shared by every engine of the process (tablebase/tablebases.h); null: none.
  std::shared_ptr<const tablebase::Tablebases> tablebases = nullptr;
  // The evaluation network (engine/nnue/, immutable, shared by every thread); null: the
  // classical evaluation. Pacifist always uses the classical evaluation.
  std::shared_ptr<const nnue::Network> network = nullptr;
};

class Engine {
 public:
  explicit Engine(EngineOptions options = {});
  ~Engine();  // stops and joins
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;

  // Resizes the table (clearing it) and sets the thread count.
  void set_options(EngineOptions options);
  const EngineOptions& options() const { return options_; }

  // start is "startpos" (or empty) or a FEN; moves in UCI notation, either castling
  // spelling. On error the position is unchanged and the message names the bad part.
  std::expected<void, std::string> set_position(Variant variant, std::string_view start,
                                                const std::vector<std::string>& uci_moves);
  // A position the caller already holds, with the game's history (repetitions count).
  void set_position(Position position);
  const Position& position() const { return position_; }

  void new_game();  // clears the table and histories

  void go(const SearchLimits& limits, SearchCallbacks callbacks);
  void stop();
  // UCI ponderhit: a "go ponder" search continues as a normal timed search. Its hard
  // limit runs from now (our clock starts); the time spent pondering counts toward the soft
  // target, so a search that already thought long enough reports its move at once. Does
  // nothing unless a ponder search is running.
  void ponderhit();
  void wait();
  bool searching() const { return searching_.load(); }

  // go + wait; returns the result that on_best_move would receive.
  SearchResult search(const SearchLimits& limits);

 private:
  EngineOptions options_;
  Position position_;
  std::unique_ptr<search::SearchPool> pool_;
  std::thread thread_;
  std::atomic<bool> searching_{false};
};

}  // namespace engine
