// SPDX-License-Identifier: GPL-3.0-or-later
// The training set: quiet filter, merged repeats, and its sparse evaluation agrees
// with the engine's.
#include "tune/training_set.h"

#include <gtest/gtest.h>

#include <cmath>

#include "engine/eval/evaluate.h"
#include "engine/eval/weight_schema.h"
#include "engine/eval/weights_pacifist.h"
#include "engine/eval/weights_standard.h"
#include "engine/fen.h"
#include "tests/support/sample_positions.h"

namespace tune {
namespace {

using namespace engine;

template <class Weights>
void expect_sparse_eval_matches(bool pacifist, const Weights& weights) {
  const auto flat = eval::flatten(weights);
  const std::vector<double> w(flat.begin(), flat.end());
  TrainingSet set(pacifist);
  for (const Position& pos : paxbot_test::sample_positions(pacifist, 2, 40, 7)) {
    const int stm = eval::evaluate(pos);
    if (std::abs(stm) > 20000) continue;  // clamped evaluations are not linear
    const std::size_t i = set.add_position(pos, 0.5, std::nullopt);
    const double white = pos.side_to_move() == White ? stm : -stm;
    // The integer blend and scale truncate; the sparse form does not.
    ASSERT_NEAR(set.evaluate(set.position(i), w), white, pacifist ? 1e-9 : 2.0) << to_fen(pos);
  }
  EXPECT_GT(set.size(), 300u);
}

TEST(TrainingSet, StandardSparseEvaluationMatchesEvaluate) {
  expect_sparse_eval_matches(false, eval::kStandardWeights);
}

TEST(TrainingSet, PacifistSparseEvaluationMatchesEvaluate) {
  expect_sparse_eval_matches(true, eval::kPacifistWeights);
}

TEST(TrainingSet, FiltersAndMergesRepeats) {
  TrainingSet set(false);
  const std::string start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  ASSERT_TRUE(set.add({start, 1.0, 30}));
  // The same position with other move counters is a repeat.
  ASSERT_TRUE(set.add({"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 4 9", 0.0, {}}));
  ASSERT_TRUE(set.add({start, 0.5, 10}));
  // Not quiet: a free capture. Drawn: two kings.
  ASSERT_TRUE(set.add({"4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1", 1.0, {}}));
  ASSERT_TRUE(set.add({"4k3/8/8/8/8/8/8/4K3 w - - 0 1", 0.5, {}}));
  set.finish();
  ASSERT_EQ(set.size(), 1u);
  EXPECT_FLOAT_EQ(set.position(0).result, 0.5f);
  EXPECT_TRUE(set.position(0).has_score);
  EXPECT_FLOAT_EQ(set.position(0).score, 20.0f);
  EXPECT_EQ(set.stats().added, 1);
  EXPECT_EQ(set.stats().duplicates, 2);
  EXPECT_EQ(set.stats().not_quiet, 1);
  EXPECT_EQ(set.stats().drawn, 1);
}

TEST(TrainingSet, IllegalFenIsAnError) {
  TrainingSet set(false);
  auto added = set.add({"8/8/8/8/8/8/8/8 w - - 0 1", 0.5, {}});
  ASSERT_FALSE(added);
  EXPECT_EQ(added.error().rfind("FEN: ", 0), 0u) << added.error();
}

}  // namespace
}  // namespace tune
