// SPDX-License-Identifier: GPL-3.0-or-later
#include "tune/net_trainer.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <random>
#include <thread>

#include "tune/tuner.h"

namespace tune {
namespace {

constexpr double kLn10 = 2.302585092994046;
// Positions whose gradients are summed into one buffer before the buffers are added in order.
constexpr std::size_t kChunk = 1024;
// Second word of the shuffle's seed sequence, so that the shuffle and the initialisation
// (tune/net_model.h, seeded by the bare seed) draw different streams from one seed.
constexpr std::uint32_t kShuffleStream = 0x5eed;

// d sigmoid(K * eval) / d eval = s * (1 - s) * slope, with slope = K * ln(10) / 400.
float sigmoid_slope(double k) {
  return float(k * kLn10 / 400);
}

float fast_sigmoid(float slope, float eval) {
  return 1.0f / (1.0f + std::exp(-slope * eval));
}

// Fisher-Yates from a generator the standard fully specifies (std::shuffle's algorithm is
// the library's own), so the order is the same everywhere.
void shuffle(std::vector<std::uint32_t>& v, std::mt19937& rng) {
  for (std::size_t i = v.size(); i > 1; --i) {
    const auto j = std::size_t((std::uint64_t(rng()) * i) >> 32);
    std::swap(v[i - 1], v[j]);
  }
}

// Runs work(chunk) for chunks [0, chunks) on up to `threads` threads, chunk c on thread
// c % threads.
template <typename Work>
void for_each_chunk(std::size_t chunks, int threads, const Work& work) {
  const std::size_t n = std::min(chunks, std::size_t(std::max(1, threads)));
  auto run = [&](std::size_t t) {
    for (std::size_t c = t; c < chunks; c += n) work(c);
  };
  std::vector<std::jthread> pool;
  for (std::size_t t = 1; t < n; ++t) pool.emplace_back(run, t);
  run(0);
}

// grad's rows of the features += d, tile by tile of kNetTile units (d's tile stays in
// registers), then unit by unit for the rest.
void add_to_rows(float* grad, int h, const std::uint16_t* features, int count, const float* d) {
  int t = 0;
  for (; t + kNetTile <= h; t += kNetTile) {
    float tile[kNetTile];
    for (int j = 0; j < kNetTile; ++j) tile[j] = d[t + j];
    for (int f = 0; f < count; ++f) {
      float* row = grad + std::size_t(features[f]) * std::size_t(h) + std::size_t(t);
      for (int j = 0; j < kNetTile; ++j) row[j] += tile[j];
    }
  }
  for (; t < h; ++t)
    for (int f = 0; f < count; ++f) grad[std::size_t(features[f]) * std::size_t(h) + t] += d[t];
}

std::vector<float> all_targets(const NetDataSet& data, double k, double lambda) {
  std::vector<float> targets(data.size());
  for (std::size_t i = 0; i < data.size(); ++i)
    targets[i] = float(net_target(data.sample(i), k, lambda));
  return targets;
}

}  // namespace

double net_target(const NetSample& s, double k, double lambda) {
  return lambda * sigmoid(k, s.score) + (1 - lambda) * s.result;
}

double net_loss(const FloatNet& net, const NetDataSet& data, std::span<const std::uint32_t> indices,
                double k, double lambda, int threads) {
  if (indices.empty()) return 0;
  const std::size_t chunks = (indices.size() + kChunk - 1) / kChunk;
  std::vector<double> sums(chunks, 0.0);
  const float slope = sigmoid_slope(k);
  for_each_chunk(chunks, threads, [&](std::size_t c) {
    std::vector<float> acc(2 * std::size_t(net.hidden));
    const std::size_t end = std::min(indices.size(), (c + 1) * kChunk);
    for (std::size_t j = c * kChunk; j < end; ++j) {
      const NetSample& s = data.sample(indices[j]);
      const float eval = forward(net, s, acc.data(), acc.data() + net.hidden) * net.output_scale;
      const double e = fast_sigmoid(slope, eval) - net_target(s, k, lambda);
      sums[c] += e * e;
    }
  });
  double sum = 0;
  for (double s : sums) sum += s;
  return sum / double(indices.size());
}

double net_gradient(const FloatNet& net, const NetDataSet& data,
                    std::span<const std::uint32_t> indices, std::span<const float> targets,
                    double k, std::vector<float>& grad) {
  grad.assign(net.params.size(), 0.0f);
  const int h = net.hidden;
  const float slope = sigmoid_slope(k);
  const float scale = float(net.output_scale);
  const float* w2 = net.w2();
  float* g_w1 = grad.data();
  float* g_b1 = grad.data() + net.b1_offset();
  float* g_w2 = grad.data() + net.w2_offset();
  float& g_b2 = grad[net.b2_offset()];
  std::vector<float> buffer(4 * std::size_t(h));
  float* acc_stm = buffer.data();
  float* acc_other = acc_stm + h;
  float* d_stm = acc_other + h;
  float* d_other = d_stm + h;
  double loss = 0;
  for (std::uint32_t index : indices) {
    const NetSample& s = data.sample(index);
    const float eval = forward(net, s, acc_stm, acc_other) * scale;
    const float p = fast_sigmoid(slope, eval);
    const float error = p - targets[index];
    loss += double(error) * error;
    // d (p - y)^2 / d o, through eval = o * scale.
    const float g = 2 * error * p * (1 - p) * slope * scale;
    g_b2 += g;
    for (int i = 0; i < h; ++i) {
      const float a = acc_stm[i], b = acc_other[i];
      g_w2[i] += g * std::clamp(a, 0.0f, 1.0f);
      g_w2[h + i] += g * std::clamp(b, 0.0f, 1.0f);
      // The clip passes the gradient strictly inside (0, 1) only.
      d_stm[i] = a > 0 && a < 1 ? g * w2[i] : 0.0f;
      d_other[i] = b > 0 && b < 1 ? g * w2[h + i] : 0.0f;
      g_b1[i] += d_stm[i] + d_other[i];
    }
    add_to_rows(g_w1, h, s.stm.data(), s.count, d_stm);
    add_to_rows(g_w1, h, s.other.data(), s.count, d_other);
  }
  return loss;
}

NetTrainResult train_network(FloatNet& net, const NetDataSet& data, const NetTrainOptions& options,
                             const std::function<void(const NetEpochReport&)>& on_epoch) {
  using Clock = std::chrono::steady_clock;
  NetTrainResult out;
  std::vector<std::uint32_t> order, held_out;
  for (std::uint32_t i = 0; i < std::uint32_t(data.size()); ++i)
    (is_held_out(i, options.validation_percent) ? held_out : order).push_back(i);
  out.train_positions = order.size();
  out.validation_positions = held_out.size();
  const double k = options.k, lambda = options.lambda;
  const int threads = std::max(1, options.threads);
  out.train_loss_before = net_loss(net, data, order, k, lambda, threads);
  out.validation_loss_before = net_loss(net, data, held_out, k, lambda, threads);
  out.train_loss_after = out.train_loss_before;
  out.validation_loss_after = out.validation_loss_before;
  if (order.empty()) return out;

  const std::vector<float> targets = all_targets(data, k, lambda);
  const std::size_t n = net.params.size();
  std::vector<float> m(n, 0.0f), v(n, 0.0f);
  std::vector<std::vector<float>> chunk_grads;
  std::vector<double> chunk_losses;
  std::seed_seq seeds{options.seed, kShuffleStream};
  std::mt19937 rng(seeds);
  const std::size_t batch = std::size_t(std::max(1, options.batch_size));
  double lr = options.learning_rate;
  long long step = 0;
  const Clock::time_point start_all = Clock::now();
  for (int epoch = 1; epoch <= options.epochs; ++epoch) {
    const Clock::time_point start_epoch = Clock::now();
    if (std::find(options.lr_decay_epochs.begin(), options.lr_decay_epochs.end(), epoch) !=
        options.lr_decay_epochs.end())
      lr *= options.lr_decay;
    shuffle(order, rng);
    double epoch_loss = 0;
    for (std::size_t first = 0; first < order.size(); first += batch) {
      const std::size_t last = std::min(order.size(), first + batch);
      const std::size_t chunks = (last - first + kChunk - 1) / kChunk;
      if (chunk_grads.size() < chunks) {
        chunk_grads.resize(chunks);
        chunk_losses.resize(chunks);
      }
      for_each_chunk(chunks, threads, [&](std::size_t c) {
        const std::size_t from = first + c * kChunk, to = std::min(last, from + kChunk);
        chunk_losses[c] = net_gradient(net, data, std::span(order).subspan(from, to - from),
                                       targets, k, chunk_grads[c]);
      });
      const float inverse = 1.0f / float(last - first);
      ++step;
      const double c1 = 1 - std::pow(kAdamBeta1, double(step));
      const double c2 = 1 - std::pow(kAdamBeta2, double(step));
      const auto rate = float(lr / c1), root_c2 = float(std::sqrt(c2));
      const auto b1 = float(kAdamBeta1), b2 = float(kAdamBeta2), eps = float(kAdamEpsilon);
      float* p = net.params.data();
      for (std::size_t i = 0; i < n; ++i) {
        float g = 0;
        for (std::size_t c = 0; c < chunks; ++c) g += chunk_grads[c][i];
        g *= inverse;
        m[i] = b1 * m[i] + (1 - b1) * g;
        v[i] = b2 * v[i] + (1 - b2) * g * g;
        p[i] -= rate * m[i] / (std::sqrt(v[i]) / root_c2 + eps);
      }
      clip_to_quantisable(net);
      for (std::size_t c = 0; c < chunks; ++c) epoch_loss += chunk_losses[c];
    }
    NetEpochReport report;
    report.epoch = epoch;
    report.train_loss = epoch_loss / double(order.size());
    report.validation_loss = net_loss(net, data, held_out, k, lambda, threads);
    report.learning_rate = lr;
    report.seconds = std::chrono::duration<double>(Clock::now() - start_epoch).count();
    out.validation_loss_after = report.validation_loss;
    if (on_epoch) on_epoch(report);
  }
  out.train_seconds = std::chrono::duration<double>(Clock::now() - start_all).count();
  out.train_loss_after = net_loss(net, data, order, k, lambda, threads);
  return out;
}

}  // namespace tune
