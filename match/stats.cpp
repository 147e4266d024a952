// SPDX-License-Identifier: GPL-3.0-or-later
#include "match/stats.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <limits>

namespace match {

namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();
constexpr double kZ95 = 1.959963984540054;  // two-sided 95% quantile of the normal distribution
constexpr double kPrior = 1e-3;             // pairs mixed in when a pentanomial count is zero

struct Moments {
  double n = 0, mean = 0.5, variance = 0;
};

Moments moments(const std::array<double, 5>& counts) {
  Moments m;
  for (double c : counts) m.n += c;
  if (m.n <= 0) return m;
  m.mean = 0;
  for (int k = 0; k < 5; ++k) m.mean += counts[k] / m.n * (k / 4.0);
  for (int k = 0; k < 5; ++k) m.variance += counts[k] / m.n * std::pow(k / 4.0 - m.mean, 2);
  return m;
}

}  // namespace

void Trinomial::add(double points) {
  if (points >= 1)
    ++wins;
  else if (points <= 0)
    ++losses;
  else
    ++draws;
}

double Trinomial::score() const {
  return games() ? (wins + 0.5 * draws) / games() : 0.0;
}

void Pentanomial::add(double pair_points) {
  const int k = int(std::lround(pair_points * 2));
  ++counts[std::size_t(std::clamp(k, 0, 4))];
}

int Pentanomial::pairs() const {
  int n = 0;
  for (int c : counts) n += c;
  return n;
}

double elo_from_score(double score) {
  if (score <= 0) return -kInfinity;
  if (score >= 1) return kInfinity;
  return -400.0 * std::log10(1.0 / score - 1.0);
}

double score_from_elo(double elo) {
  return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0));
}

EloEstimate elo_from_pentanomial(const Pentanomial& pairs) {
  std::array<double, 5> counts{};
  for (int k = 0; k < 5; ++k) counts[k] = pairs.counts[k];
  const Moments m = moments(counts);
  EloEstimate e;
  if (m.n <= 0) return e;
  e.score = m.mean;
  e.elo = elo_from_score(m.mean);
  const double half_width = kZ95 * std::sqrt(m.variance / m.n);
  const double lo = elo_from_score(m.mean - half_width), hi = elo_from_score(m.mean + half_width);
  // Without any spread (one pair, or every pair alike) the error cannot be estimated.
  e.error = m.variance > 0 && std::isfinite(lo) && std::isfinite(hi) ? (hi - lo) / 2 : kInfinity;
  return e;
}

double SprtParameters::lower_bound() const {
  return std::log(beta / (1 - alpha));
}

double SprtParameters::upper_bound() const {
  return std::log((1 - beta) / alpha);
}

std::expected<SprtParameters, std::string> parse_sprt(const std::vector<std::string>& words) {
  SprtParameters sprt;
  for (const std::string& word : words) {
    const auto eq = word.find('=');
    const std::string key = word.substr(0, eq);
    double* target = key == "elo0"    ? &sprt.elo0
                     : key == "elo1"  ? &sprt.elo1
                     : key == "alpha" ? &sprt.alpha
                     : key == "beta"  ? &sprt.beta
                                      : nullptr;
    if (eq == std::string::npos || !target)
      return std::unexpected("--sprt: '" + word + "' is not elo0=, elo1=, alpha= or beta=");
    const std::string text = word.substr(eq + 1);
    double value = 0;
    auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size() || text.empty())
      return std::unexpected("--sprt: '" + word + "' needs a number");
    *target = value;
  }
  for (double p : {sprt.alpha, sprt.beta})
    if (!(p > 0 && p < 0.5)) return std::unexpected("--sprt: alpha and beta must be in (0, 0.5)");
  if (!(sprt.elo1 > sprt.elo0)) return std::unexpected("--sprt: elo1 must be larger than elo0");
  return sprt;
}

namespace {

// sum p_i ln(1 + theta (x_i - s)) at the root theta of the maximum-likelihood equation for a
// distribution on x_i = i/4 with mean s (0 < s < 1; every p_i > 0).
double log_likelihood_gap(const std::array<double, 5>& p, double s) {
  auto f = [&](double theta) {
    double sum = 0;
    for (int i = 0; i < 5; ++i) sum += p[i] * (i / 4.0 - s) / (1 + theta * (i / 4.0 - s));
    return sum;
  };
  // f falls from +inf to -inf on (-1/(1 - s), 1/s).
  double lo = -1 / (1 - s), hi = 1 / s;
  for (int iteration = 0; iteration < 200 && hi - lo > 1e-15; ++iteration) {
    const double mid = (lo + hi) / 2;
    (f(mid) > 0 ? lo : hi) = mid;
  }
  const double theta = (lo + hi) / 2;
  double gap = 0;
  for (int i = 0; i < 5; ++i) gap += p[i] * std::log(1 + theta * (i / 4.0 - s));
  return gap;
}

}  // namespace

double sprt_llr(const Pentanomial& pairs, const SprtParameters& sprt) {
  const int n = pairs.pairs();
  if (n == 0) return 0;
  std::array<double, 5> p{};
  bool any_zero = false;
  for (int k = 0; k < 5; ++k) {
    p[k] = pairs.counts[k];
    any_zero |= pairs.counts[k] == 0;
  }
  if (any_zero)
    for (double& c : p) c = c * (1 - kPrior / n) + kPrior / 5;
  double total = 0;
  for (double c : p) total += c;
  for (double& c : p) c /= total;
  const double s0 = score_from_elo(sprt.elo0), s1 = score_from_elo(sprt.elo1);
  // ln q1_i - ln q0_i = ln(1 + theta0 (x_i - s0)) - ln(1 + theta1 (x_i - s1)).
  return total * (log_likelihood_gap(p, s0) - log_likelihood_gap(p, s1));
}

SprtDecision sprt_decision(double llr, const SprtParameters& sprt) {
  if (llr >= sprt.upper_bound()) return SprtDecision::AcceptH1;
  if (llr <= sprt.lower_bound()) return SprtDecision::AcceptH0;
  return SprtDecision::Continue;
}

std::string format_elo(double elo) {
  if (std::isinf(elo)) return elo > 0 ? "+inf" : "-inf";
  char text[32];
  std::snprintf(text, sizeof text, "%+.1f", elo + 0.0);  // + 0.0 turns -0 into +0
  return text;
}

}  // namespace match
