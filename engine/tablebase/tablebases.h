// SPDX-License-Identifier: GPL-3.0-or-later
// The engine's one tablebase interface: opens the Syzygy and Gaviota tables a setting
// names, answers the search's probes with a score on the search's scale (a win, draw or
// loss band below the mate scores, engine/score.h) and chooses the root move when
// the tables cover the root (Syzygy: DTZ, so won positions make progress under the
// fifty-move rule; otherwise Gaviota: the shortest mate). Standard chess and Chess960
// only, and only without castling rights: Pacifist positions are never probed.
//
// Thread contract: open() once, on one thread, before any search uses the result (the
// libraries keep their tables in process-wide state: one Tablebases owns them at a time;
// a second open() while the first lives reports that and gets no tables). The object is
// immutable afterwards: probe() and root() may be called from any number of search threads
// and engines at once. Destroy it (the last shared_ptr) only when no search uses it.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/move.h"
#include "engine/position.h"

namespace engine::tablebase {

class SyzygyTables;
class GaviotaTables;

struct Settings {
  std::string syzygy_path;   // directories separated by ':'; empty: no Syzygy tables
  std::string gaviota_path;  // directories separated by ':'; empty: no Gaviota tables
  int gaviota_cache_mb = 16;
  int max_pieces = 7;  // probe only positions with at most this many pieces (kings included)
  bool use_syzygy = true;
  bool use_gaviota = true;
  bool operator==(const Settings&) const = default;
};

// The root move the tables choose, with the score to report (search scale, root's side).
struct RootDecision {
  Move best = Move::none();
  Move ponder = Move::none();  // the defender's reply the tables expect, if known
  int score = 0;               // Gaviota win or loss: an exact mate score; Syzygy: the table band
};

class Tablebases {
 public:
  struct Opened {
    std::shared_ptr<const Tablebases> tables;  // null when no table is usable
    std::vector<std::string> messages;         // every problem, each naming its path
  };
  static Opened open(const Settings& settings);
  ~Tablebases();
  Tablebases(const Tablebases&) = delete;
  Tablebases& operator=(const Tablebases&) = delete;

  // Positions with more pieces are never probed (0 when nothing is open).
  int max_pieces() const { return max_pieces_; }
  // A one-line description for start-up logs ("Syzygy 5-piece (PATH), Gaviota 3-piece (PATH)").
  const std::string& summary() const { return summary_; }

  // The score of `pos` at `ply` from the side to move; nullopt when the tables do not say.
  // Syzygy WDL is asked only right after a capture or pawn move (fifty-move counter 0).
  std::optional<int> probe(const Position& pos, int ply) const;
  // The move to play at the root, when the tables cover the root position.
  std::optional<RootDecision> root(const Position& pos) const;

 private:
  Tablebases() = default;
  std::optional<RootDecision> gaviota_root(const Position& pos) const;

  std::unique_ptr<SyzygyTables> syzygy_;
  std::unique_ptr<GaviotaTables> gaviota_;
  int syzygy_pieces_ = 0, gaviota_pieces_ = 0, max_pieces_ = 0;
  std::string summary_;
};

}  // namespace engine::tablebase
