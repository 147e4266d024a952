// SPDX-License-Identifier: GPL-3.0-or-later
// Syzygy tables through Fathom (Debian's libfathom-dev): win/draw/loss during the
// search, distance to zeroing (DTZ) at the root. Built without Fathom, open() says so
// and returns nothing.
//
// Thread contract: Fathom keeps its tables in process-wide state, so at most one
// SyzygyTables owns them at a time (open() refuses a second while the first has tables).
// open() and the destructor must not run while any thread probes. probe_wdl() may be
// called from any number of threads at once (Fathom's WDL probe is thread-safe);
// probe_root() is not thread-safe in Fathom and is serialised by a mutex here.
#pragma once

#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "engine/move.h"
#include "engine/position.h"

namespace engine::tablebase {

// From the side to move. Blessed losses and cursed wins are draws under the fifty-move rule.
enum class Wdl { Loss, BlessedLoss, Draw, CursedWin, Win };

struct SyzygyRootMove {
  Move move;  // the table's move: keeps the result, and wins by the shortest DTZ
  Wdl wdl;    // the result of the root position with the fifty-move counter applied
  int dtz;    // plies to the next zeroing move (capture or pawn move) with best play
};

class SyzygyTables {
 public:
  // True when paxbot was built with Fathom.
  static bool compiled_in();
  // Opens the tables under `path` (directories separated by ':'); nullptr when none are
  // usable, with a message naming each problem (missing or unreadable directory, a file that
  // is truncated or not a Syzygy table, no tables at all, Fathom not compiled in).
  static std::unique_ptr<SyzygyTables> open(const std::string& path,
                                            std::vector<std::string>& messages);
  ~SyzygyTables();
  SyzygyTables(const SyzygyTables&) = delete;
  SyzygyTables& operator=(const SyzygyTables&) = delete;

  // The most pieces (kings included) any table found has.
  int max_pieces() const { return max_pieces_; }
  // Only for positions with a fifty-move counter of 0 (right after a capture or pawn move:
  // the WDL tables assume it); nullopt when the position is not covered or a probe fails.
  std::optional<Wdl> probe_wdl(const Position& pos) const;
  // The root move from the DTZ tables (the fifty-move counter counts); nullopt when the
  // position is not covered, a table is missing or unreadable, or there is no legal move.
  std::optional<SyzygyRootMove> probe_root(const Position& pos) const;

 private:
  explicit SyzygyTables(int max_pieces) : max_pieces_(max_pieces) {}

  const int max_pieces_;
  mutable std::mutex root_mutex_;
};

}  // namespace engine::tablebase
