// SPDX-License-Identifier: GPL-3.0-or-later
#include "tune/tuner.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <ostream>
#include <random>
#include <string>
#include <thread>

namespace tune {
namespace {

constexpr double kLn10 = 2.302585092994046;
// Positions whose gradients are summed together before chunks are added in order.
constexpr std::size_t kChunk = 1024;
// Consecutive positions held out together (see is_held_out).
constexpr std::uint32_t kHeldOutBlock = 256;

double target_of(const TrainingPosition& p, double k, double lambda) {
  if (!p.has_score || lambda == 0) return p.result;
  return (1 - lambda) * p.result + lambda * sigmoid(k, p.score);
}

// Adds the gradient of the squared error of positions [begin, end) of `order` to grad.
void chunk_gradient(const TrainingSet& set, std::span<const double> w,
                    std::span<const std::uint32_t> order, std::span<const float> targets, double k,
                    std::vector<double>& grad) {
  std::fill(grad.begin(), grad.end(), 0.0);
  for (std::uint32_t i : order) {
    const TrainingPosition& p = set.position(i);
    const double s = sigmoid(k, set.evaluate(p, w));
    // d(s - y)^2 / d eval
    const double d = 2 * (s - targets[i]) * s * (1 - s) * k * kLn10 / 400;
    const double dmg = d * p.mg_share, deg = d * p.eg_share;
    const std::span<const Term> terms = set.terms(p);
    const Term* t = terms.data();
    for (int n = 0; n < p.pairs; ++n, ++t) {
      grad[t->index] += dmg * t->coefficient;
      grad[t->index + 1] += deg * t->coefficient;
    }
    for (int n = 0; n < p.mg; ++n, ++t) grad[t->index] += dmg * t->coefficient;
    for (int n = 0; n < p.eg; ++n, ++t) grad[t->index] += deg * t->coefficient;
    for (int n = 0; n < p.plain; ++n, ++t) grad[t->index] += d * t->coefficient;
  }
}

}  // namespace

double sigmoid(double k, double eval) {
  return 1.0 / (1.0 + std::pow(10.0, -k * eval / 400.0));
}

double result_error(const TrainingSet& set, std::span<const double> weights, double k) {
  return target_error(set, weights, k, 0.0);
}

double target_error(const TrainingSet& set, std::span<const double> weights, double k,
                    double lambda) {
  std::vector<std::uint32_t> all(set.size());
  std::iota(all.begin(), all.end(), 0u);
  return subset_error(set, weights, k, lambda, all);
}

double subset_error(const TrainingSet& set, std::span<const double> weights, double k,
                    double lambda, std::span<const std::uint32_t> indices) {
  if (indices.empty()) return 0;
  double sum = 0;
  for (std::uint32_t i : indices) {
    const TrainingPosition& p = set.position(i);
    const double e = sigmoid(k, set.evaluate(p, weights)) - target_of(p, k, lambda);
    sum += e * e;
  }
  return sum / double(indices.size());
}

double fit_k(const TrainingSet& set, std::span<const double> weights) {
  std::vector<double> evals(set.size()), results(set.size());
  for (std::size_t i = 0; i < set.size(); ++i) {
    evals[i] = set.evaluate(set.position(i), weights);
    results[i] = set.position(i).result;
  }
  return fit_k_to_results(evals, results);
}

double fit_k_to_results(std::span<const double> evals, std::span<const double> results) {
  // Golden-section search; the error is unimodal in K for any sensible evaluation.
  auto error = [&](double k) {
    double sum = 0;
    for (std::size_t i = 0; i < evals.size(); ++i) {
      const double e = sigmoid(k, evals[i]) - results[i];
      sum += e * e;
    }
    return sum;
  };
  const double ratio = (std::sqrt(5.0) - 1) / 2;
  double lo = 0.01, hi = 10.0;
  double a = hi - ratio * (hi - lo), b = lo + ratio * (hi - lo);
  double fa = error(a), fb = error(b);
  for (int i = 0; i < 80; ++i) {
    if (fa < fb) {
      hi = b;
      b = a;
      fb = fa;
      a = hi - ratio * (hi - lo);
      fa = error(a);
    } else {
      lo = a;
      a = b;
      fa = fb;
      b = lo + ratio * (hi - lo);
      fb = error(b);
    }
  }
  return (lo + hi) / 2;
}

bool is_held_out(std::uint32_t index, int validation_percent) {
  const std::uint64_t block = index / kHeldOutBlock;
  const std::uint32_t bucket = std::uint32_t((block * 2654435761ULL) >> 16) % 100;
  return int(bucket) < validation_percent;
}

TuneResult tune_weights(const TrainingSet& set, std::span<const int> initial,
                        const TuneOptions& options, std::ostream* progress) {
  TuneResult out;
  out.weights.assign(initial.begin(), initial.end());
  std::vector<double>& w = out.weights;
  out.k = options.k ? *options.k : fit_k(set, w);
  std::vector<float> targets(set.size());
  for (std::size_t i = 0; i < set.size(); ++i)
    targets[i] = float(target_of(set.position(i), out.k, options.lambda));
  std::vector<std::uint32_t> order, held_out;
  for (std::uint32_t i = 0; i < std::uint32_t(set.size()); ++i)
    (is_held_out(i, options.validation_percent) ? held_out : order).push_back(i);
  auto report = [&](const std::string& what) {
    *progress << what << ", loss " << subset_error(set, w, out.k, options.lambda, order);
    if (!held_out.empty())
      *progress << ", held out " << subset_error(set, w, out.k, options.lambda, held_out);
    *progress << "\n";
  };
  out.loss_before = subset_error(set, w, out.k, options.lambda, order);
  out.validation_before = subset_error(set, w, out.k, options.lambda, held_out);
  if (progress)
    report("positions " + std::to_string(order.size()) + " (held out " +
           std::to_string(held_out.size()) + "), K " + std::to_string(out.k));
  if (order.empty()) return out;

  const std::size_t n = w.size();
  std::vector<double> m(n, 0.0), v(n, 0.0), grad(n);
  const double beta1 = 0.9, beta2 = 0.999, epsilon = 1e-8;
  std::mt19937 rng(options.seed);
  const std::size_t batch = std::size_t(std::max(1, options.batch_size));
  const int threads = std::max(1, options.threads);
  std::vector<std::vector<double>> chunk_grads;
  long long step = 0;
  for (int epoch = 1; epoch <= options.epochs; ++epoch) {
    std::shuffle(order.begin(), order.end(), rng);
    for (std::size_t start = 0; start < order.size(); start += batch) {
      const std::size_t end = std::min(order.size(), start + batch);
      const std::size_t chunks = (end - start + kChunk - 1) / kChunk;
      if (chunk_grads.size() < chunks) chunk_grads.resize(chunks, std::vector<double>(n));
      auto work = [&](int thread) {
        for (std::size_t c = std::size_t(thread); c < chunks; c += std::size_t(threads)) {
          const std::size_t from = start + c * kChunk, to = std::min(end, from + kChunk);
          chunk_gradient(set, w, std::span(order).subspan(from, to - from), targets, out.k,
                         chunk_grads[c]);
        }
      };
      std::vector<std::jthread> pool;
      for (int t = 1; t < threads && std::size_t(t) < chunks; ++t) pool.emplace_back(work, t);
      work(0);
      pool.clear();
      std::fill(grad.begin(), grad.end(), 0.0);
      for (std::size_t c = 0; c < chunks; ++c)
        for (std::size_t i = 0; i < n; ++i) grad[i] += chunk_grads[c][i];
      const double scale = 1.0 / double(end - start);
      ++step;
      const double c1 = 1 - std::pow(beta1, double(step)), c2 = 1 - std::pow(beta2, double(step));
      for (std::size_t i = 0; i < n; ++i) {
        if (grad[i] == 0 && m[i] == 0 && w[i] == double(initial[i])) continue;
        const double g = grad[i] * scale + options.l2 * (w[i] - double(initial[i]));
        m[i] = beta1 * m[i] + (1 - beta1) * g;
        v[i] = beta2 * v[i] + (1 - beta2) * g * g;
        w[i] -= options.learning_rate * (m[i] / c1) / (std::sqrt(v[i] / c2) + epsilon);
      }
    }
    if (progress && (epoch % 50 == 0 || epoch == options.epochs))
      report("epoch " + std::to_string(epoch));
  }
  out.loss_after = subset_error(set, w, out.k, options.lambda, order);
  out.validation_after = subset_error(set, w, out.k, options.lambda, held_out);
  return out;
}

}  // namespace tune
