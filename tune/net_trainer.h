// SPDX-License-Identifier: GPL-3.0-or-later
// Training a FloatNet (tune/net_model.h) on a NetDataSet by Adam, the one owner of the
// loss and the optimiser. The loss of a position is (sigmoid(K * eval) - target)^2 with
// target = lambda * sigmoid(K * score) + (1 - lambda) * result, the sigmoid and K of the
// Texel tuner (tune/tuner.h: 1 / (1 + 10^(-K * eval / 400))), all from the side to move's
// view. After every step the parameters are clipped to what quantisation can hold.
//
// Determinism: the batches are shuffled from the seed; a batch's gradient is summed per
// fixed chunk of positions, each chunk into a buffer of its own, and the chunks are added in
// order, so the trained network depends only on the data, the options and the seed, not on
// the thread count (nor on timing). Adam updates every parameter densely at every step (the
// first layer's gradient is sparse, only the rows of features in the batch being non-zero,
// but its moments still decay): exact Adam, at a cost of a few per cent of a step.
//
// Thread contract: train_network uses up to options.threads threads internally and returns
// when they are done; the network and the data must not be touched by anyone else meanwhile.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "tune/net_data.h"
#include "tune/net_model.h"

namespace tune {

// Adam's constants.
inline constexpr double kAdamBeta1 = 0.9;
inline constexpr double kAdamBeta2 = 0.999;
inline constexpr double kAdamEpsilon = 1e-8;

struct NetTrainOptions {
  int epochs = 30;
  int batch_size = 16384;       // positions per Adam step
  double learning_rate = 1e-3;  // Adam step size at epoch 1
  // At the start of each of these epochs the step size is multiplied by lr_decay.
  std::vector<int> lr_decay_epochs;
  double lr_decay = 0.1;
  double lambda = 1.0;  // weight of the search score in the target
  double k = 1.0;       // the sigmoid scale
  int threads = 1;
  std::uint32_t seed = 1;  // shuffles the batches
  // Percent of the positions held out of the fit (tune::is_held_out) to report the loss on.
  int validation_percent = 0;
};

struct NetEpochReport {
  int epoch = 0;
  double train_loss = 0;       // mean over the epoch's steps (the weights move meanwhile)
  double validation_loss = 0;  // held-out positions after the epoch (0 when none)
  double learning_rate = 0;
  double seconds = 0;  // the epoch's wall time
};

struct NetTrainResult {
  std::size_t train_positions = 0, validation_positions = 0;
  double train_loss_before = 0, validation_loss_before = 0;
  double train_loss_after = 0, validation_loss_after = 0;
  double train_seconds = 0;  // wall time of the epochs alone
};

// The target of sample s.
double net_target(const NetSample& s, double k, double lambda);

// Mean loss of net over the samples at `indices` (0 when there are none).
double net_loss(const FloatNet& net, const NetDataSet& data, std::span<const std::uint32_t> indices,
                double k, double lambda, int threads);

// The gradient of the summed loss over the samples at `indices` with respect to every
// parameter (FloatNet::params order) into grad, which it overwrites; returns the summed loss.
// One thread; the trainer's building block, public for the gradient test.
double net_gradient(const FloatNet& net, const NetDataSet& data,
                    std::span<const std::uint32_t> indices, std::span<const float> targets,
                    double k, std::vector<float>& grad);

// Trains net in place; on_epoch (if set) is called after every epoch.
NetTrainResult train_network(FloatNet& net, const NetDataSet& data, const NetTrainOptions& options,
                             const std::function<void(const NetEpochReport&)>& on_epoch = {});

}  // namespace tune
