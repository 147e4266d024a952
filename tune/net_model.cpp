// SPDX-License-Identifier: GPL-3.0-or-later
#include "tune/net_model.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>

namespace tune {

using engine::nnue::kFeatureCount;
using engine::nnue::kQA;
using engine::nnue::kQB;

namespace {

// Uniform in [-range, range) from 24 random bits.
float uniform(std::mt19937& rng, float range) {
  const float unit = float(rng() >> 8) * (1.0f / 16777216.0f);
  return (2 * unit - 1) * range;
}

template <typename Int>
Int round_to(double x) {
  const double lo = double(std::numeric_limits<Int>::min());
  const double hi = double(std::numeric_limits<Int>::max());
  return Int(std::clamp(std::round(x), lo, hi));
}

// acc = b1 + the W1 rows of the features, tile by tile of kNetTile units (a tile stays in
// registers while the rows are added), then unit by unit for the rest; every unit sums its
// bias and rows in the same order either way.
void accumulate(const FloatNet& net, const std::uint16_t* features, int count, float* acc) {
  const int h = net.hidden;
  const float* bias = net.b1();
  const float* w1 = net.w1();
  int t = 0;
  for (; t + kNetTile <= h; t += kNetTile) {
    float tile[kNetTile];
    for (int j = 0; j < kNetTile; ++j) tile[j] = bias[t + j];
    for (int f = 0; f < count; ++f) {
      const float* row = w1 + std::size_t(features[f]) * std::size_t(h) + std::size_t(t);
      for (int j = 0; j < kNetTile; ++j) tile[j] += row[j];
    }
    for (int j = 0; j < kNetTile; ++j) acc[t + j] = tile[j];
  }
  for (; t < h; ++t) {
    float sum = bias[t];
    for (int f = 0; f < count; ++f) sum += w1[std::size_t(features[f]) * std::size_t(h) + t];
    acc[t] = sum;
  }
}

}  // namespace

FloatNet zero_net(int hidden, int output_scale) {
  FloatNet net;
  net.hidden = hidden;
  net.output_scale = output_scale;
  net.params.assign(FloatNet::param_count(hidden), 0.0f);
  return net;
}

FloatNet random_net(int hidden, int output_scale, std::uint32_t seed) {
  FloatNet net = zero_net(hidden, output_scale);
  std::mt19937 rng(seed);
  for (std::size_t i = 0; i < net.b1_offset(); ++i)
    net.params[i] = uniform(rng, kInitFeatureWeightRange);
  for (std::size_t i = net.b1_offset(); i < net.w2_offset(); ++i) net.params[i] = kInitFeatureBias;
  const float output_range = kInitOutputWeightGain / std::sqrt(2.0f * float(hidden));
  for (std::size_t i = net.w2_offset(); i < net.b2_offset(); ++i)
    net.params[i] = uniform(rng, output_range);
  net.params[net.b2_offset()] = 0.0f;
  return net;
}

void clip_to_quantisable(FloatNet& net) {
  float* p = net.params.data();
  for (std::size_t i = 0; i < net.w2_offset(); ++i)
    p[i] = std::clamp(p[i], -kFeatureWeightLimit, kFeatureWeightLimit);
  for (std::size_t i = net.w2_offset(); i < net.b2_offset(); ++i)
    p[i] = std::clamp(p[i], -kOutputWeightLimit, kOutputWeightLimit);
  p[net.b2_offset()] = std::clamp(p[net.b2_offset()], -kOutputBiasLimit, kOutputBiasLimit);
}

float forward(const FloatNet& net, const NetSample& s, float* acc_stm, float* acc_other) {
  accumulate(net, s.stm.data(), s.count, acc_stm);
  accumulate(net, s.other.data(), s.count, acc_other);
  const int h = net.hidden;
  const float* w2 = net.w2();
  // kNetTile partial sums (unit i into partial[i % kNetTile]), added in order at the end.
  float partial[kNetTile] = {};
  for (int i = 0; i < h; ++i)
    partial[i % kNetTile] += std::clamp(acc_stm[i], 0.0f, 1.0f) * w2[i] +
                             std::clamp(acc_other[i], 0.0f, 1.0f) * w2[h + i];
  float out = net.b2();
  for (float p : partial) out += p;
  return out;
}

double evaluate(const FloatNet& net, const NetSample& s) {
  std::vector<float> acc(2 * std::size_t(net.hidden));
  return double(forward(net, s, acc.data(), acc.data() + net.hidden)) * net.output_scale;
}

std::expected<double, std::string> evaluate(const FloatNet& net, const engine::Position& pos) {
  NetDataSet one;
  auto added = one.add_position(pos, 0, 0);
  if (!added) return std::unexpected(added.error());
  return evaluate(net, one.sample(0));
}

engine::nnue::Network quantise(const FloatNet& net) {
  engine::nnue::Network q;
  q.hidden = net.hidden;
  q.output_scale = net.output_scale;
  const std::size_t h = std::size_t(net.hidden);
  q.feature_weights.resize(std::size_t(kFeatureCount) * h);
  for (std::size_t i = 0; i < q.feature_weights.size(); ++i)
    q.feature_weights[i] = round_to<std::int16_t>(double(net.w1()[i]) * kQA);
  q.feature_bias.resize(h);
  for (std::size_t i = 0; i < h; ++i) q.feature_bias[i] = round_to<std::int16_t>(net.b1()[i] * kQA);
  q.output_weights.resize(2 * h);
  for (std::size_t i = 0; i < 2 * h; ++i)
    q.output_weights[i] = round_to<std::int16_t>(double(net.w2()[i]) * kQB);
  q.output_bias = round_to<std::int32_t>(double(net.b2()) * kQA * kQB);
  return q;
}

FloatNet dequantise(const engine::nnue::Network& q) {
  FloatNet net = zero_net(q.hidden, q.output_scale);
  const std::size_t h = std::size_t(q.hidden);
  float* p = net.params.data();
  for (std::size_t i = 0; i < std::size_t(kFeatureCount) * h; ++i)
    p[i] = float(q.feature_weights[i]) / kQA;
  for (std::size_t i = 0; i < h; ++i) p[net.b1_offset() + i] = float(q.feature_bias[i]) / kQA;
  for (std::size_t i = 0; i < 2 * h; ++i) p[net.w2_offset() + i] = float(q.output_weights[i]) / kQB;
  p[net.b2_offset()] = float(double(q.output_bias) / (double(kQA) * kQB));
  return net;
}

}  // namespace tune
