// SPDX-License-Identifier: GPL-3.0-or-later
// The evaluation network in floating point, as the trainer fits it, and its conversion to
// and from the engine's integer network (engine/nnue/network.h), the one owner of both.
//
// The float image of network.h's maths: acc[p] = b1 + the W1 rows of perspective p's active
// features; h[p] = clip(acc[p], 0, 1) (the image of [0, kQA]); o = b2 + h[stm] . W2[0, H) +
// h[other] . W2[H, 2H); centipawns for the side to move = o * output_scale. Quantisation
// multiplies W1 and b1 by kQA, W2 by kQB and b2 by kQA * kQB, rounded to the nearest integer.
//
// A FloatNet is a plain value: one thread may change it while nobody else reads it; the
// functions are pure.
#pragma once

#include <cstddef>
#include <cstdint>
#include <expected>
#include <string>
#include <vector>

#include "engine/nnue/features.h"
#include "engine/nnue/network.h"
#include "engine/position.h"
#include "tune/net_data.h"

namespace tune {

// Bounds that keep the quantised network within its integer types (clip_to_quantisable).
// Accumulators (int16): |b1|, |W1| <= 1.98 quantise to at most round(1.98 * 255) = 505; a
// position has at most 32 active features, and an incremental update in the engine holds one
// more row in transit, so |acc| <= 34 * 505 = 17170 < 32767 in any order of updates.
// Output: |W2| <= 1.98 quantises to at most round(1.98 * 512) = 1014 (an int16); a clipped
// accumulator (<= 255) times an output weight is at most 258570, formed in 32 bits (madd);
// 2 * kMaxHidden such products are at most 1.06e9, and |b2| <= 1000 quantises to at most
// 1.31e8, so the int32 output sum cannot overflow (1.19e9 < 2.15e9).
inline constexpr float kFeatureWeightLimit = 1.98f;  // |W1| and |b1|
inline constexpr float kOutputWeightLimit = 1.98f;   // |W2|
inline constexpr float kOutputBiasLimit = 1000.0f;   // |b2|

// Random initialisation (uniform, centred): W1 so that the ~30 rows of a position sum to an
// accumulator spread of about 0.5, around the unit interval the clip keeps; b1 in the middle
// of it; W2 so that the initial evaluations are a few hundred centipawns at most; b2 zero.
inline constexpr float kInitFeatureWeightRange = 0.17f;  // W1 in [-r, r]: standard deviation 0.1
inline constexpr float kInitFeatureBias = 0.0f;
inline constexpr float kInitOutputWeightGain = 1.0f;  // W2 in [-g, g] / sqrt(2 * hidden)

// Hidden units the float kernels handle at a time (a divisor of nnue::kHiddenStep, so any
// hidden size a network file allows is whole tiles; other sizes work, more slowly).
inline constexpr int kNetTile = 16;
static_assert(engine::nnue::kHiddenStep % kNetTile == 0);

struct FloatNet {
  int hidden = 0;
  int output_scale = 0;
  // Every parameter, in this order: W1 [feature * hidden + i], b1 [hidden], W2 [2 * hidden]
  // (side to move's half first), b2.
  std::vector<float> params;

  static std::size_t param_count(int hidden) {
    return std::size_t(engine::nnue::kFeatureCount + 3) * std::size_t(hidden) + 1;
  }
  std::size_t b1_offset() const { return std::size_t(engine::nnue::kFeatureCount) * hidden; }
  std::size_t w2_offset() const { return b1_offset() + std::size_t(hidden); }
  std::size_t b2_offset() const { return w2_offset() + 2 * std::size_t(hidden); }
  const float* w1() const { return params.data(); }
  const float* b1() const { return params.data() + b1_offset(); }
  const float* w2() const { return params.data() + w2_offset(); }
  float b2() const { return params[b2_offset()]; }
};

// A network of the given shape, every parameter zero.
FloatNet zero_net(int hidden, int output_scale);
// Random parameters (see the kInit constants) from seed; the same seed gives the same net on
// every platform (std::mt19937 and arithmetic of our own, no std distributions).
FloatNet random_net(int hidden, int output_scale, std::uint32_t seed);

// Clamps every parameter to the bounds above.
void clip_to_quantisable(FloatNet& net);

// The raw output o for sample s; acc_stm and acc_other (hidden floats each) receive the
// accumulators before the clip, for the backward pass.
float forward(const FloatNet& net, const NetSample& s, float* acc_stm, float* acc_other);
// Centipawns for the side to move: o * output_scale.
double evaluate(const FloatNet& net, const NetSample& s);
// The same for a position (an error if it has more than kMaxActiveFeatures pieces).
std::expected<double, std::string> evaluate(const FloatNet& net, const engine::Position& pos);

// The integer network (rounded, then clamped to the integer types as a last guard).
engine::nnue::Network quantise(const FloatNet& net);
// The float network whose quantisation is net (exactly, for parameters within the bounds).
FloatNet dequantise(const engine::nnue::Network& net);

}  // namespace tune
