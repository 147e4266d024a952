// SPDX-License-Identifier: GPL-3.0-or-later
// Match statistics: trinomial (W/D/L) and pentanomial (game-pair) counts, the logistic Elo
// estimate with a 95% interval from the pentanomial distribution, and the GSPRT
// log-likelihood ratio for SPRT tests. Pure value types and functions; thread-compatible.
//
// Formulas (per-game score x of a pair = pair points / 2, so x is 0, 1/4, 1/2, 3/4 or 1):
//   mean m = sum p_i x_i, variance v = sum p_i (x_i - m)^2 over the observed pair frequencies
//   Elo(s) = -400 log10(1/s - 1); 95% interval Elo(m -+ 1.96 sqrt(v/N)), error = half its width
//   LLR (the generalized SPRT of M. Van den Bergh's pentanomial model, logistic Elo):
//     s_k = 1 / (1 + 10^(-elo_k/400)); for each s_k the maximum-likelihood distribution with
//     mean s_k is q_i = p_i / (1 + theta (x_i - s_k)), theta the root of
//     sum p_i (x_i - s_k) / (1 + theta (x_i - s_k)) = 0 (found by bisection);
//     LLR = N sum p_i ln(q1_i / q0_i) = N sum p_i ln((1 + theta0 (x_i - s0)) /
//                                                    (1 + theta1 (x_i - s1))).
//   When a pentanomial count is zero a prior of 1e-3 pairs spread over the five outcomes is
//   mixed in for the LLR (so every p_i > 0); the Elo estimate uses the counts as they are.
//   Bounds: accept H0 at LLR <= ln(beta/(1-alpha)), H1 at LLR >= ln((1-beta)/alpha).
#pragma once

#include <array>
#include <expected>
#include <string>
#include <vector>

namespace match {

// Game results from one engine's point of view.
struct Trinomial {
  int wins = 0, draws = 0, losses = 0;
  void add(double points);  // 1, 0.5 or 0
  int games() const { return wins + draws + losses; }
  double score() const;  // fraction of the points, 0 without games
};

// Game pairs (same opening, colours swapped) by the points one engine scored in the pair:
// counts[k] pairs with k/2 points, k = 0..4 (0, 0.5, 1, 1.5, 2).
struct Pentanomial {
  std::array<int, 5> counts{};
  void add(double pair_points);
  int pairs() const;
};

struct EloEstimate {
  double score = 0.5;  // mean score per game
  double elo = 0;      // may be +-infinity at a score of 1 or 0
  double error = 0;    // half the 95% interval; infinity when it is unbounded or the pairs
                       // show no spread at all (one pair, or every pair alike)
};

double elo_from_score(double score);
double score_from_elo(double elo);
EloEstimate elo_from_pentanomial(const Pentanomial& pairs);

struct SprtParameters {
  double elo0 = 0, elo1 = 5, alpha = 0.05, beta = 0.05;
  double lower_bound() const;  // ln(beta / (1 - alpha))
  double upper_bound() const;  // ln((1 - beta) / alpha)
};

// Reads "elo0=X elo1=Y alpha=A beta=B" (any subset; the rest keep their defaults). Errors
// name the bad word.
std::expected<SprtParameters, std::string> parse_sprt(const std::vector<std::string>& words);

double sprt_llr(const Pentanomial& pairs, const SprtParameters& sprt);

enum class SprtDecision { Continue, AcceptH0, AcceptH1 };
SprtDecision sprt_decision(double llr, const SprtParameters& sprt);

// "+12.3", "-inf", ...
std::string format_elo(double elo);

}  // namespace match
