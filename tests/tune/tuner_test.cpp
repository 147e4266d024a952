// SPDX-License-Identifier: GPL-3.0-or-later
// The tuner recovers known weights: targets made from a chosen weight set W*
// (different from the engine's) are fitted from the engine's weights, and the
// fitted evaluation matches W*'s on positions it never saw.
#include "tune/tuner.h"

#include <gtest/gtest.h>

#include <cmath>

#include "engine/eval/evaluate.h"
#include "engine/eval/weight_schema.h"
#include "engine/eval/weights_pacifist.h"
#include "engine/eval/weights_standard.h"
#include "tests/support/sample_positions.h"

namespace tune {
namespace {

using namespace engine;

constexpr double kTrueK = 1.1;

// White's evaluation of pos with the given weights, as the engine computes it.
int white_eval(const Position& pos, std::span<const int> weights) {
  eval::EvalTrace trace;
  eval::evaluate(pos, trace);
  return trace.sign * eval::traced_eval(trace, weights);
}

// A set whose every target is exactly sigmoid(kTrueK * eval_with_weights).
TrainingSet synthetic_set(bool pacifist, const std::vector<Position>& positions,
                          std::span<const int> weights) {
  TrainingSet set(pacifist);
  for (const Position& pos : positions) {
    const int e = white_eval(pos, weights);
    if (std::abs(e) > 3000) continue;  // decided positions carry no gradient
    set.add_position(pos, sigmoid(kTrueK, e), std::nullopt);
  }
  return set;
}

// The shipped weights moved by fixed offsets, so the distance the fit has to go (and so the
// loss it starts from) does not change when the shipped weights are tuned again.
eval::StandardWeights standard_truth() {
  eval::StandardWeights w = eval::kStandardWeights;
  for (auto& entry : w.piece_square[Knight]) entry += eval::Pair{40, 30};
  w.bishop_pair += {31, 38};
  w.doubled_pawn += {-20, 18};
  w.rook_open_file += {-16, 33};
  w.passed_pawn[5] += {32, 56};
  w.bishop_pawns_same_colour += {-6, -11};
  w.tempo += 15;
  return w;
}

struct Fit {
  std::vector<int> weights;
  double held_out_error = 0;  // mean |eval_fit - eval_true| in centipawns
  double loss_before = 0, loss_after = 0;
};

Fit fit(bool pacifist, std::span<const int> start, std::span<const int> truth,
        const TuneOptions& options) {
  const auto train = paxbot_test::sample_positions(pacifist, 2, 40, 101);
  const auto held_out = paxbot_test::sample_positions(pacifist, 1, 40, 202);
  const TrainingSet set = synthetic_set(pacifist, train, truth);
  const TuneResult result = tune_weights(set, start, options);
  Fit out;
  for (double w : result.weights) out.weights.push_back(int(std::lround(w)));
  double sum = 0;
  for (const Position& pos : held_out)
    sum += std::abs(white_eval(pos, out.weights) - white_eval(pos, truth));
  out.held_out_error = sum / double(held_out.size());
  out.loss_before = result.loss_before;
  out.loss_after = result.loss_after;
  return out;
}

TEST(Tuner, FitKFindsTheScaleOfTheTargets) {
  const auto flat = eval::flatten(eval::kStandardWeights);
  const TrainingSet set =
      synthetic_set(false, paxbot_test::sample_positions(false, 1, 40, 5), flat);
  const std::vector<double> w(flat.begin(), flat.end());
  EXPECT_NEAR(fit_k(set, w), kTrueK, 0.01);
}

TEST(Tuner, RecoversKnownStandardWeights) {
  const auto start = eval::flatten(eval::kStandardWeights);
  const auto truth = eval::flatten(standard_truth());
  TuneOptions options;
  options.k = kTrueK;
  options.epochs = 1500;
  options.learning_rate = 2.0;
  options.batch_size = 1 << 20;
  const Fit result = fit(false, start, truth, options);
  EXPECT_LT(result.loss_after, result.loss_before / 100);
  EXPECT_LT(result.held_out_error, 5.0);
  eval::FlatWeights<eval::StandardWeights> flat{};
  std::copy(result.weights.begin(), result.weights.end(), flat.begin());
  const eval::StandardWeights w = eval::unflatten<eval::StandardWeights>(flat);
  const eval::StandardWeights t = standard_truth();
  // Weights the positions determine well come back; others (a knight's table entry against
  // its mobility entries, the endgame half of a passer's rank value against the free-path,
  // safe-stop and connected terms of the same passers) may trade off against each other,
  // which the held-out comparison above covers.
  EXPECT_NEAR(w.tempo, t.tempo, 2);
  EXPECT_NEAR(w.doubled_pawn.mg, t.doubled_pawn.mg, 4);
  EXPECT_NEAR(w.bishop_pair.mg, t.bishop_pair.mg, 6);
  EXPECT_NEAR(w.passed_pawn[5].mg, t.passed_pawn[5].mg, 5);
  EXPECT_NEAR(w.bishop_pawns_same_colour.mg, t.bishop_pawns_same_colour.mg, 2);
  EXPECT_NEAR(w.bishop_pawns_same_colour.eg, t.bishop_pawns_same_colour.eg, 3);
}

// As standard_truth: fixed offsets from the shipped weights.
eval::PacifistWeights pacifist_truth() {
  eval::PacifistWeights w = eval::kPacifistWeights;
  w.piece_value[Knight] += 60;
  w.control += 4;
  w.pawn_rank[4] += 19;
  w.tempo += 13;
  return w;
}

TEST(Tuner, RecoversKnownPacifistWeights) {
  const auto start = eval::flatten(eval::kPacifistWeights);
  const auto truth = eval::flatten(pacifist_truth());
  TuneOptions options;
  options.k = kTrueK;
  options.epochs = 1500;
  options.learning_rate = 2.0;
  options.batch_size = 1 << 20;
  const Fit result = fit(true, start, truth, options);
  EXPECT_LT(result.loss_after, result.loss_before / 100);
  EXPECT_LT(result.held_out_error, 5.0);
  eval::FlatWeights<eval::PacifistWeights> flat{};
  std::copy(result.weights.begin(), result.weights.end(), flat.begin());
  const eval::PacifistWeights w = eval::unflatten<eval::PacifistWeights>(flat);
  const eval::PacifistWeights t = pacifist_truth();
  // A knight's value trades off against its mobility entries and a pawn's against its rank
  // entries; the held-out comparison covers those.
  EXPECT_NEAR(w.tempo, t.tempo, 2);
  EXPECT_NEAR(w.control, t.control, 1);
}

TEST(Tuner, L2KeepsWeightsNearTheStart) {
  const auto start = eval::flatten(eval::kStandardWeights);
  const auto truth = eval::flatten(standard_truth());
  TuneOptions options;
  options.k = kTrueK;
  options.epochs = 300;
  options.learning_rate = 2.0;
  options.batch_size = 1 << 20;
  const auto tempo = [](const Fit& f) {
    eval::FlatWeights<eval::StandardWeights> flat{};
    std::copy(f.weights.begin(), f.weights.end(), flat.begin());
    return eval::unflatten<eval::StandardWeights>(flat).tempo;
  };
  const int start_tempo = eval::kStandardWeights.tempo, true_tempo = standard_truth().tempo;
  const Fit free = fit(false, start, truth, options);
  options.l2 = 1.0;
  const Fit pulled = fit(false, start, truth, options);
  // Unpulled, tempo goes most of the way to the truth; pulled hard, it barely moves.
  EXPECT_GT(std::abs(tempo(free) - start_tempo), std::abs(true_tempo - start_tempo) / 2);
  EXPECT_LE(std::abs(tempo(pulled) - start_tempo), 1);
}

TEST(Tuner, HeldOutPositionsReportTheirOwnLoss) {
  const auto start = eval::flatten(eval::kStandardWeights);
  const auto truth = eval::flatten(standard_truth());
  const auto positions = paxbot_test::sample_positions(false, 2, 40, 101);
  const TrainingSet set = synthetic_set(false, positions, truth);
  TuneOptions options;
  options.k = kTrueK;
  options.epochs = 50;
  options.learning_rate = 2.0;
  const TuneResult none = tune_weights(set, start, options);
  EXPECT_EQ(none.validation_before, 0);
  EXPECT_EQ(none.validation_after, 0);
  options.validation_percent = 30;
  const TuneResult held = tune_weights(set, start, options);
  EXPECT_GT(held.validation_before, 0);
  // The truth is one weight set for all positions, so fitting the rest helps the held out.
  EXPECT_LT(held.validation_after, held.validation_before);
  // Held-out positions take no part in the fit: the training loss differs from the full one.
  EXPECT_NE(held.loss_before, none.loss_before);
}

TEST(Tuner, SameSeedSameResultWhateverTheThreads) {
  const auto start = eval::flatten(eval::kStandardWeights);
  const auto truth = eval::flatten(standard_truth());
  TuneOptions options;
  options.epochs = 3;
  options.batch_size = 2048;
  options.seed = 9;
  const Fit one = fit(false, start, truth, options);
  options.threads = 2;
  const Fit two = fit(false, start, truth, options);
  EXPECT_EQ(one.weights, two.weights);
  options.seed = 10;
  options.threads = 1;
  const Fit other_seed = fit(false, start, truth, options);
  EXPECT_NE(one.weights, other_seed.weights);
}

}  // namespace
}  // namespace tune
