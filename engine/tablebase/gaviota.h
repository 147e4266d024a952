// SPDX-License-Identifier: GPL-3.0-or-later
// Gaviota tables (distance to mate) through Debian's libgaviotatb-dev. Built without
// the library, open() says so and returns nothing.
//
// Thread contract: the library keeps its tables, paths and cache in process-wide state,
// so at most one GaviotaTables owns them at a time (open() refuses a second while one
// exists: the library reports whether it is initialised). open() and the destructor must
// not run while any thread probes; probe() may be called from any number of threads at
// once (the library guards its shared cache and files with its own mutex).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/position.h"

namespace engine::tablebase {

// The distance to mate from the side to move: a win or a loss in `plies` half-moves
// (0 for a position that is already mate), or a draw.
struct Dtm {
  enum class Outcome { Loss, Draw, Win };
  Outcome outcome = Outcome::Draw;
  int plies = 0;
  bool operator==(const Dtm&) const = default;
};

class GaviotaTables {
 public:
  static bool compiled_in();
  // Opens the tables under `path` (directories separated by ':') with a cache of `cache_mb`
  // MiB; nullptr when none are usable, with a message naming each problem (missing or
  // unreadable directory, no *.gtb.cp1-4 files, library not compiled in).
  static std::unique_ptr<GaviotaTables> open(const std::string& path, int cache_mb,
                                             std::vector<std::string>& messages);
  ~GaviotaTables();
  GaviotaTables(const GaviotaTables&) = delete;
  GaviotaTables& operator=(const GaviotaTables&) = delete;

  // The most pieces (kings included) of the tables found: 3, 4 or 5.
  int max_pieces() const { return max_pieces_; }
  // nullopt when the position is not covered or its table is missing.
  std::optional<Dtm> probe(const Position& pos) const;

 private:
  GaviotaTables(int max_pieces, const char** paths) : max_pieces_(max_pieces), paths_(paths) {}

  const int max_pieces_;
  const char** paths_;  // the library's path list, kept until tb_done()
};

}  // namespace engine::tablebase
