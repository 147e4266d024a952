// SPDX-License-Identifier: GPL-3.0-or-later
// The results of a match so far: per pairing of engines W/D/L (trinomial) and game pairs
// (pentanomial) from the first-listed engine's point of view, faults per engine and reason,
// ponder hits and misses per engine, and the progress and summary lines printed from them.
//
// Thread contract: not synchronised; the match records games and prints under its own mutex.
#pragma once

#include <array>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "match/game_runner.h"
#include "match/schedule.h"
#include "match/stats.h"

namespace match {

struct PairingTally {
  int a = 0, b = 0;  // engine indexes, a < b; results are a's
  Trinomial games;
  Pentanomial pairs;
};

class MatchTally {
 public:
  explicit MatchTally(std::vector<std::string> names);

  // Records a finished game; returns the index of its pairing.
  int add(const GameTask& task, const GameRecord& game);

  const std::vector<PairingTally>& pairings() const { return pairings_; }
  int games() const { return games_; }
  int faults(Fault fault) const;
  int faults_of(int engine, Fault fault) const;
  // Moves `engine` searched on a ponder, and of those the ponderhits.
  int ponders_of(int engine) const { return ponders_[std::size_t(engine)].first; }
  int ponder_hits_of(int engine) const { return ponders_[std::size_t(engine)].second; }

  // "Game 3/20 a-b 1-0 checkmate | a vs b W 1 D 0 L 0 ... | LLR ... | faults 0".
  std::string progress_line(const GameTask& task, const GameRecord& game, int total_games,
                            const std::optional<SprtParameters>& sprt) const;
  // The final report: per pairing results, Elo, pentanomial, faults, SPRT.
  std::string summary(const std::optional<SprtParameters>& sprt) const;

 private:
  static int fault_index(Fault fault);
  std::string pairing_text(const PairingTally& p) const;
  std::string faults_text() const;

  std::vector<std::string> names_;
  std::vector<PairingTally> pairings_;
  std::map<int, std::pair<int, double>> open_pairs_;  // pair -> games finished, a's points
  std::vector<std::array<int, 4>> faults_;            // per engine, per kFaults entry
  std::vector<std::pair<int, int>> ponders_;          // per engine: ponders, hits
  int games_ = 0;
};

// The score of the first engine of a pairing in a game: 1, 0.5 or 0.
double points_for(int engine, const GameTask& task, const GameRecord& game);

}  // namespace match
