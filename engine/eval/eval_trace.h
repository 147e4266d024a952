// SPDX-License-Identifier: GPL-3.0-or-later
// The evaluation's linear form, for the tuner: while evaluating, a Scorer adds
// each weight times its count (White's count minus Black's) to the score and,
// when tracing, records that count per flat weight index (weight_schema.h) and
// evaluation part: middlegame, endgame or plain (untapered and unscaled). With the
// phase and the scale factor this reproduces the evaluation exactly
// (traced_eval). The engine evaluates with NoTrace: the recording compiles away.
// A trace is a plain value, filled by one thread.
#pragma once

#include <cstdint>
#include <span>
#include <type_traits>
#include <vector>

#include "engine/eval/eval_params.h"

namespace engine::eval {

struct EvalTrace {
  // Per flat weight index: the coefficient it was used with, from White's point of view.
  std::vector<int> mg, eg, plain;
  int phase = 0;       // 0 .. kPhaseTotal (the middlegame share of the blend)
  int scale = 100;     // percent applied to the blended part (drawish endings)
  int sign = 1;        // +1 White to move, -1 Black: evaluate() is from the side to move
  bool drawn = false;  // insufficient material: the evaluation is 0 whatever the weights

  // Empties the trace for an evaluation with `count` weights.
  void reset(int count);
};

// The evaluation with the given flat weights recorded in trace, computed exactly as
// evaluate() does it (integer blend and scale, side to move, clamped).
int traced_eval(const EvalTrace& trace, std::span<const int> weights);

// The engine's path: records nothing.
struct NoTrace {};

// Sums weight * count terms; with an EvalTrace also records every count.
template <class Trace, class Weights>
class Scorer {
 public:
  static constexpr bool kTracing = std::is_same_v<Trace, EvalTrace>;

  Scorer(const Weights& weights, Trace& trace) : weights_(weights), trace_(trace) {}

  // A tapered term: both halves of the pair.
  void add(const Pair& weight, int count) {
    tapered_ += weight * count;
    if constexpr (kTracing) {
      trace_.mg[index(weight.mg)] += count;
      trace_.eg[index(weight.eg)] += count;
    }
  }
  void add_mg(const int& weight, int count) {
    tapered_.mg += weight * count;
    if constexpr (kTracing) trace_.mg[index(weight)] += count;
  }
  void add_eg(const int& weight, int count) {
    tapered_.eg += weight * count;
    if constexpr (kTracing) trace_.eg[index(weight)] += count;
  }
  // A sum of tapered terms computed earlier (the pawn cache's); the engine's path only, as
  // it carries no counts to record.
  void add_sum(const Pair& sum) {
    static_assert(!kTracing, "a trace needs every term's count");
    tapered_ += sum;
  }
  // An untapered, unscaled term.
  void add_plain(const int& weight, int count) {
    plain_ += weight * count;
    if constexpr (kTracing) trace_.plain[index(weight)] += count;
  }

  Pair tapered() const { return tapered_; }
  int plain() const { return plain_; }
  Trace& trace() { return trace_; }

 private:
  // The flat index of a weight: its position, in ints, inside the weight struct.
  int index(const int& weight) const {
    return int(
        (reinterpret_cast<std::uintptr_t>(&weight) - reinterpret_cast<std::uintptr_t>(&weights_)) /
        sizeof(int));
  }

  const Weights& weights_;
  Trace& trace_;
  Pair tapered_;
  int plain_ = 0;
};

}  // namespace engine::eval
