// SPDX-License-Identifier: GPL-3.0-or-later
// Match statistics (match/stats.h): Elo and its interval from game pairs, the GSPRT LLR and its
// bounds, checked against values worked out by hand from the formulas in stats.h.
#include "match/stats.h"

#include <gtest/gtest.h>

#include <cmath>

namespace match {
namespace {

Pentanomial pentanomial(std::array<int, 5> counts) {
  Pentanomial p;
  p.counts = counts;
  return p;
}

TEST(Stats, TrinomialAndPentanomialCountResults) {
  Trinomial t;
  for (double points : {1.0, 0.5, 0.0, 1.0}) t.add(points);
  EXPECT_EQ(t.wins, 2);
  EXPECT_EQ(t.draws, 1);
  EXPECT_EQ(t.losses, 1);
  EXPECT_DOUBLE_EQ(t.score(), 2.5 / 4);
  Pentanomial p;
  for (double pair_points : {0.0, 0.5, 1.0, 1.0, 1.5, 2.0, 2.0, 2.0}) p.add(pair_points);
  EXPECT_EQ(p.counts, (std::array<int, 5>{1, 1, 2, 1, 3}));
  EXPECT_EQ(p.pairs(), 8);
}

TEST(Stats, EloFromScoreIsLogistic) {
  EXPECT_DOUBLE_EQ(elo_from_score(0.5), 0.0);
  // 1/0.75 - 1 = 1/3: -400 log10(1/3) = 190.85
  EXPECT_NEAR(elo_from_score(0.75), 190.849, 1e-3);
  EXPECT_NEAR(score_from_elo(elo_from_score(0.3)), 0.3, 1e-12);
  EXPECT_TRUE(std::isinf(elo_from_score(1.0)));
  EXPECT_EQ(format_elo(elo_from_score(0.5)), "+0.0");
  EXPECT_EQ(format_elo(-elo_from_score(1.0)), "-inf");
}

// Pairs [2, 5, 10, 8, 5] (N = 30) with per-game scores 0, 1/4, 1/2, 3/4, 1:
//   mean m = (0*2 + 0.25*5 + 0.5*10 + 0.75*8 + 1*5) / 30 = 17.25 / 30 = 0.575
//   variance v = (2*0.575^2 + 5*0.325^2 + 10*0.075^2 + 8*0.175^2 + 5*0.425^2) / 30
//              = (0.66125 + 0.528125 + 0.05625 + 0.245 + 0.903125) / 30 = 0.0797917
//   Elo = -400 log10(1/0.575 - 1) = -400 log10(0.739130) = +52.51
//   se = sqrt(v/30) = 0.051572; m -+ 1.95996 se = 0.473921, 0.676079
//   Elo(0.473921) = -18.13, Elo(0.676079) = +127.83; error = (127.83 + 18.13) / 2 = 72.98
TEST(Stats, EloAndErrorFromPairs) {
  const EloEstimate e = elo_from_pentanomial(pentanomial({2, 5, 10, 8, 5}));
  EXPECT_NEAR(e.score, 0.575, 1e-12);
  EXPECT_NEAR(e.elo, 52.51, 0.01);
  EXPECT_NEAR(e.error, 72.98, 0.01);
  // A symmetric sample [1, 2, 4, 2, 1]: m = 0.5, v = 0.75 / 10 = 0.075, se = 0.086603,
  // Elo(0.5 - 0.169738) = Elo(0.330262) = -122.82, so 0 +- 122.82.
  const EloEstimate even = elo_from_pentanomial(pentanomial({1, 2, 4, 2, 1}));
  EXPECT_NEAR(even.elo, 0.0, 1e-9);
  EXPECT_NEAR(even.error, 122.82, 0.01);
  // All pairs won: the interval has no upper end.
  EXPECT_TRUE(std::isinf(elo_from_pentanomial(pentanomial({0, 0, 0, 1, 3})).error));
  // Every pair alike: no spread, so no error estimate (not a false +- 0).
  const EloEstimate alike = elo_from_pentanomial(pentanomial({0, 0, 0, 6, 0}));
  EXPECT_NEAR(alike.elo, 190.849, 1e-3);
  EXPECT_TRUE(std::isinf(alike.error));
}

// elo0 = 0, elo1 = 5: s0 = 0.5, s1 = 1 / (1 + 10^(-5/400)) = 0.5071951.
// Pairs [1, 2, 4, 2, 1] (N = 10, p = 0.1 0.2 0.4 0.2 0.1 at x = 0 1/4 1/2 3/4 1, mean 0.5):
//   H0: the sample mean is s0, so theta0 = 0 and q0 = p.
//   H1: theta1 = -0.0959014 solves sum p_i (x_i - s1) / (1 + theta1 (x_i - s1)) = 0; the
//       factors 1 + theta1 (x_i - s1) are 1.048641 1.024665 1.000690 0.976715 0.952739, so
//       q1 = 0.095362 0.195186 0.399724 0.204768 0.104961 (sum 1, mean 0.5071951).
//   LLR = -10 sum p_i ln(factor_i)
//       = -10 (0.1*0.047495 + 0.2*0.024366 + 0.4*0.000690 - 0.2*0.023561 - 0.1*0.048414)
//       = -0.0034507
//   (the normal approximation N (s1-s0)(2m-s0-s1) / (2v) with v = 0.075 gives -0.0034513).
// Pairs [2, 5, 10, 8, 5] (m = 0.575, v = 0.0797917, N = 30): theta0 = 0.875784,
//   theta1 = 0.798389, LLR = 0.180715 (the normal approximation gives 0.19316).
// Bounds for alpha = beta = 0.05: ln(0.05/0.95) = -2.944439 and ln(0.95/0.05) = +2.944439.
TEST(Stats, SprtLlrAndBounds) {
  SprtParameters sprt;  // 0, 5, 0.05, 0.05
  EXPECT_NEAR(sprt_llr(pentanomial({1, 2, 4, 2, 1}), sprt), -0.0034507, 1e-7);
  EXPECT_NEAR(sprt_llr(pentanomial({2, 5, 10, 8, 5}), sprt), 0.180715, 1e-6);
  EXPECT_NEAR(sprt.lower_bound(), -2.944439, 1e-6);
  EXPECT_NEAR(sprt.upper_bound(), 2.944439, 1e-6);
  EXPECT_EQ(sprt_llr(Pentanomial{}, sprt), 0.0);
  EXPECT_EQ(sprt_decision(0.19, sprt), SprtDecision::Continue);
  EXPECT_EQ(sprt_decision(2.95, sprt), SprtDecision::AcceptH1);
  EXPECT_EQ(sprt_decision(-2.95, sprt), SprtDecision::AcceptH0);
}

// With a zero count a prior of 1e-3 pairs is mixed in: ten won pairs [0, 0, 0, 0, 10] become
// 0.0002 for each empty outcome and 10 (1 - 1e-4) + 0.0002 = 9.9992 for 2 points. The exact
// LLR stays modest (0.142870: ten pairs are little evidence at these Elo bounds), where a
// normal approximation with the tiny variance 3.75e-5 would claim 952.
TEST(Stats, SprtRegularisesEmptyOutcomes) {
  EXPECT_NEAR(sprt_llr(pentanomial({0, 0, 0, 0, 10}), SprtParameters{}), 0.142870, 1e-6);
  EXPECT_NEAR(sprt_llr(pentanomial({0, 0, 3, 0, 0}), SprtParameters{}), -0.042288, 1e-6);
  // Many won pairs do decide.
  EXPECT_GT(sprt_llr(pentanomial({0, 0, 0, 0, 300}), SprtParameters{}), 2.95);
}

TEST(Stats, SprtWordsParseAndErrorsNameTheWord) {
  auto sprt = parse_sprt({"elo0=-1.5", "elo1=3", "alpha=0.1", "beta=0.2"});
  ASSERT_TRUE(sprt) << sprt.error();
  EXPECT_EQ(sprt->elo0, -1.5);
  EXPECT_EQ(sprt->elo1, 3);
  EXPECT_EQ(sprt->alpha, 0.1);
  EXPECT_EQ(sprt->beta, 0.2);
  auto bad = parse_sprt({"elo2=3"});
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().find("'elo2=3'"), std::string::npos) << bad.error();
  EXPECT_FALSE(parse_sprt({"elo1=x"}));
  EXPECT_FALSE(parse_sprt({"elo0=5", "elo1=0"}));
  EXPECT_FALSE(parse_sprt({"alpha=0.7"}));
}

}  // namespace
}  // namespace match
