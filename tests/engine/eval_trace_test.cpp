// SPDX-License-Identifier: GPL-3.0-or-later
// The evaluation's trace: the recorded coefficients with the phase/scale blend
// reproduce evaluate() exactly, in both rule sets, and the flat weight view names
// every weight.
#include "engine/eval/eval_trace.h"

#include <gtest/gtest.h>

#include "engine/eval/evaluate.h"
#include "engine/eval/weight_schema.h"
#include "engine/eval/weights_pacifist.h"
#include "engine/eval/weights_standard.h"
#include "engine/fen.h"
#include "tests/support/sample_positions.h"

namespace engine::eval {
namespace {

template <class Weights>
void expect_trace_reproduces(bool pacifist, const Weights& weights) {
  const auto flat = flatten(weights);
  const auto positions = paxbot_test::sample_positions(pacifist, 6, 60, 20261201);
  ASSERT_GT(positions.size(), pacifist ? 500u : 2000u);
  EvalTrace trace;
  int nonzero_scale = 0;
  for (const Position& pos : positions) {
    const int value = evaluate(pos);
    ASSERT_EQ(evaluate(pos, trace), value) << to_fen(pos);
    ASSERT_EQ(traced_eval(trace, flat), value) << to_fen(pos);
    if (trace.scale != 100) ++nonzero_scale;
  }
  // The suites' endgames exercise the scaled path too.
  if (!pacifist) {
    EXPECT_GT(nonzero_scale, 0);
  }
}

TEST(EvalTrace, StandardTraceReproducesEvaluate) {
  expect_trace_reproduces(false, kStandardWeights);
}

TEST(EvalTrace, PacifistTraceReproducesEvaluate) {
  expect_trace_reproduces(true, kPacifistWeights);
}

TEST(EvalTrace, CoefficientsAreWhiteMinusBlack) {
  // The start position is symmetric: every weight used by both sides cancels, only the
  // tempo (for the side to move) remains.
  for (Variant v : {Variant::Standard, Variant::Pacifist}) {
    auto pos = parse_fen(kStartFen, v);
    ASSERT_TRUE(pos);
    EvalTrace trace;
    evaluate(*pos, trace);
    const auto fields = weight_fields(v == Variant::Pacifist);
    for (std::size_t i = 0; i < trace.mg.size(); ++i) {
      const std::string name = weight_name(fields, int(i));
      EXPECT_EQ(trace.mg[i], 0) << name;
      EXPECT_EQ(trace.eg[i], 0) << name;
      EXPECT_EQ(trace.plain[i], name == "tempo" ? 1 : 0) << name;
    }
    EXPECT_EQ(trace.sign, 1);
  }
}

TEST(EvalTrace, TraceFollowsOtherWeights) {
  // One extra white rook: with the rook's table entry doubled the traced value moves by
  // exactly that entry, blended by phase.
  auto pos = parse_fen("4k3/8/8/8/R7/8/8/4K3 w - - 0 1", Variant::Standard);
  ASSERT_TRUE(pos);
  EvalTrace trace;
  evaluate(*pos, trace);
  StandardWeights changed = kStandardWeights;
  changed.piece_square[Rook][24] = changed.piece_square[Rook][24] * 2;
  const Pair entry = kStandardWeights.piece_square[Rook][24];
  const int phase = trace.phase;
  const int expected_change =
      (entry.mg * phase + entry.eg * (kPhaseTotal - phase)) / kPhaseTotal * trace.scale / 100;
  EXPECT_NEAR(traced_eval(trace, flatten(changed)) - traced_eval(trace, flatten(kStandardWeights)),
              expected_change, 2);
}

TEST(WeightSchema, NamesEveryWeight) {
  const auto standard = weight_fields(false);
  EXPECT_EQ(weight_name(standard, 0), "piece_square[Pawn][a1].mg");
  EXPECT_EQ(weight_name(standard, 2 * (64 + 28) + 1), "piece_square[Knight][e4].eg");
  EXPECT_EQ(weight_name(standard, kWeightCount<StandardWeights> - 1), "king_pawn_storm[1][7]");
  EXPECT_EQ(weight_name(standard, kWeightCount<StandardWeights>), "");
  const auto pacifist = weight_fields(true);
  EXPECT_EQ(weight_name(pacifist, 3), "piece_value[Rook]");
  for (int i = 0; i < kWeightCount<PacifistWeights>; ++i)
    EXPECT_FALSE(weight_name(pacifist, i).empty()) << i;
}

}  // namespace
}  // namespace engine::eval
