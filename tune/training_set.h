// SPDX-License-Identifier: GPL-3.0-or-later
// The positions the tuner fits, each reduced once to its evaluation trace in
// sparse form (the weights it uses and their coefficients) plus its targets, so
// the evaluation with any weights is a short dot product. Built from data lines:
// positions that are not quiet (tune/quiet.h) or drawn by insufficient material
// (the evaluation is 0 whatever the weights) are left out; a position that
// appears more than once (same placement, side, castling and en passant) is kept
// once with the mean of its results and of its scores. Built by one thread, then
// read-only: safe to read from many threads.
#pragma once

#include <cstdint>
#include <expected>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "engine/eval/eval_trace.h"
#include "engine/position.h"
#include "tune/data_file.h"

namespace tune {

// One weight's coefficient in one position. Pair terms apply to index (middlegame) and
// index + 1 (endgame) alike.
struct Term {
  std::uint16_t index;
  std::int16_t coefficient;
};

struct TrainingPosition {
  std::uint32_t first = 0;  // its terms: pairs, then mg, eg and plain ones
  std::uint16_t pairs = 0, mg = 0, eg = 0, plain = 0;
  float mg_share = 0, eg_share = 0;  // phase / 24 and (24 - phase) / 24, times scale / 100
  float result = 0;                  // White's score
  float score = 0;                   // centipawns, White's view (when has_score)
  bool has_score = false;
};

struct SetStats {
  long long added = 0, not_quiet = 0, drawn = 0, duplicates = 0;
};

class TrainingSet {
 public:
  explicit TrainingSet(bool pacifist);

  bool pacifist() const { return pacifist_; }
  int weight_count() const { return weight_count_; }
  std::size_t size() const { return positions_.size(); }
  const SetStats& stats() const { return stats_; }

  // Parses the line's FEN (an error when it is not a legal position of the rule set) and
  // adds the position unless it is filtered out or repeats one (then its targets are merged).
  std::expected<void, std::string> add(const DataLine& line);
  // Adds a position without filtering or merging (tests); returns its index.
  std::size_t add_position(const engine::Position& pos, double result, std::optional<double> score);
  // Turns the merged targets into means; call once after the last add().
  void finish();

  const TrainingPosition& position(std::size_t i) const { return positions_[i]; }
  std::span<const Term> terms(const TrainingPosition& p) const {
    return {terms_.data() + p.first, std::size_t(p.pairs + p.mg + p.eg + p.plain)};
  }
  // The evaluation with the given weights from White's point of view, in centipawns (the
  // trace's blend without integer rounding, unclamped).
  double evaluate(const TrainingPosition& p, std::span<const double> weights) const;

 private:
  void append(const engine::eval::EvalTrace& trace, double result, std::optional<double> score);

  bool pacifist_;
  int weight_count_;
  std::vector<bool> pair_start_;  // index is the middlegame half of a Pair field element
  std::vector<Term> terms_;
  std::vector<TrainingPosition> positions_;
  std::unordered_map<std::string, std::size_t> index_of_;  // FEN without counters -> position
  std::vector<int> merged_;                                // results merged into each position
  std::vector<int> merged_scores_;                         // scores merged into each position
  SetStats stats_;
  engine::eval::EvalTrace trace_;
};

}  // namespace tune
