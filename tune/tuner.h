// SPDX-License-Identifier: GPL-3.0-or-later
// Texel tuning over a TrainingSet: the sigmoid scale K that maps an evaluation to
// an expected result, 1 / (1 + 10^(-K * eval / 400)), by a 1-D search, then every
// weight at once by Adam on the mean squared error between sigmoid(K * eval) and
// the target (1 - lambda) * result + lambda * sigmoid(K * score). Gradients are
// summed per fixed chunk of positions and the chunks in order, so the result
// depends only on the data, the options and the seed (not on the thread count).
// Functions over values; tune() uses up to `threads` threads internally.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <span>
#include <vector>

#include "tune/training_set.h"

namespace tune {

struct TuneOptions {
  int epochs = 300;
  double learning_rate = 1.0;  // Adam step size, centipawns
  double lambda = 0.0;         // weight of the search score in the target
  int batch_size = 16384;      // positions per Adam step; batches are reshuffled every epoch
  int threads = 1;
  unsigned seed = 1;        // shuffles the batches
  std::optional<double> k;  // the sigmoid scale to use instead of fitting one
  // Pull toward the initial weights: l2 * (w - w0) is added to each weight's gradient, so a
  // weight the data hardly touches (a king on g5 in the middlegame) stays where it was.
  double l2 = 0.0;
  // Percent of the positions held out of the fit (chosen by position index hash) to report
  // the loss on positions the weights were not fitted to.
  int validation_percent = 0;
};

double sigmoid(double k, double eval);

// Mean squared error of sigmoid(k * eval(weights)) against the results only (lambda 0).
double result_error(const TrainingSet& set, std::span<const double> weights, double k);

// The K in [0.01, 10] that minimises result_error for the weights.
double fit_k(const TrainingSet& set, std::span<const double> weights);
// The K in [0.01, 10] that minimises the squared error of sigmoid(K * evals[i]) against
// results[i] (golden-section search; the spans have the same length).
double fit_k_to_results(std::span<const double> evals, std::span<const double> results);

// Whether position `index` of a data set is held out of the fit for validation_percent:
// whole blocks of consecutive positions (about a game; positions of one game share its
// result, so holding out single positions would leak it), chosen by a hash of the block
// number, so the split depends only on the order of the data.
bool is_held_out(std::uint32_t index, int validation_percent);

// Mean squared error against the targets built with k and lambda: of every position, or of
// the positions at `indices`.
double target_error(const TrainingSet& set, std::span<const double> weights, double k,
                    double lambda);
double subset_error(const TrainingSet& set, std::span<const double> weights, double k,
                    double lambda, std::span<const std::uint32_t> indices);

struct TuneResult {
  std::vector<double> weights;
  double k = 0;
  double loss_before = 0, loss_after = 0;  // training positions, before and after
  // Held-out positions (validation_percent > 0), before and after.
  double validation_before = 0, validation_after = 0;
};

// Fits K for the initial weights (unless options.k), then all weights; progress (if given) gets a
// line now and then.
TuneResult tune_weights(const TrainingSet& set, std::span<const int> initial,
                        const TuneOptions& options, std::ostream* progress = nullptr);

}  // namespace tune
