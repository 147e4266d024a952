// SPDX-License-Identifier: GPL-3.0-or-later
// The value types of the engine facade's search contract: what to search
// (SearchLimits), what the search reports while running (SearchInfo) and at the
// end (SearchResult), and where it reports (SearchCallbacks). Plain values.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "engine/move.h"

namespace engine {

// When to stop a search. All times are milliseconds. With no limit at all the
// search runs until stop() (as if infinite).
struct SearchLimits {
  std::optional<int> depth;
  std::optional<std::uint64_t> nodes;
  std::optional<int> movetime_ms;
  // A ceiling on this search whatever the clocks or movetime allow: the caller's think-time
  // cap, enforced by the time manager's hard limit (no overhead is subtracted from it).
  // Alone (no clock, no movetime) it is a fixed budget, used in full like movetime.
  std::optional<int> max_time_ms;
  std::optional<int> wtime_ms, btime_ms;
  int winc_ms = 0, binc_ms = 0;
  std::optional<int> movestogo;
  bool infinite = false;
  int move_overhead_ms = 10;
  // UCI "go ponder": search as if infinite until Engine::ponderhit(), then apply the
  // clock limits: the hard limit measured from the ponderhit, the soft target counting
  // the ponder time too (time_manager.h). The limits are those of our next move: our clock
  // does not run while the opponent thinks.
  bool ponder = false;
};

struct SearchInfo {
  int depth = 0, seldepth = 0;
  int score_cp = 0;            // from the side to move
  std::optional<int> mate_in;  // full moves; negative = being mated / losing the last king
  std::uint64_t nodes = 0;
  std::uint64_t nps = 0;
  int time_ms = 0;
  int hashfull = 0;             // permille of the transposition table in use
  bool from_tablebase = false;  // the root was in the tables: the move and score are theirs
  std::uint64_t tb_hits = 0;    // tablebase probes that answered (the root's choice counts one)
  std::vector<Move> pv;
};

struct SearchResult {
  Move best = Move::none();  // none only when the side to move has no legal move
  Move ponder = Move::none();
  SearchInfo info;
};

// Both callbacks run on the engine's search thread. on_info follows every completed
// iteration; on_best_move runs exactly once per go(), last. Callbacks must not call
// go(), wait() or set_options() on the same engine (they would wait for themselves).
struct SearchCallbacks {
  std::function<void(const SearchInfo&)> on_info;
  std::function<void(const SearchResult&)> on_best_move;
};

}  // namespace engine
