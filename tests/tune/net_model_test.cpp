// SPDX-License-Identifier: GPL-3.0-or-later
// The float network and its quantisation: the float model of a quantised network computes
// what the engine's integer inference (engine/nnue/inference.h) computes, a trained network
// loses only a few centipawns to rounding, the bounds keep the integers in range, and files
// and seeds reproduce networks exactly.
#include "tune/net_model.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <iostream>

#include "engine/nnue/inference.h"
#include "tests/tune/support/net_teacher.h"
#include "tune/net_trainer.h"

namespace tune {
namespace {

using paxbot_test::random_game_positions;
using paxbot_test::teacher_net;

TEST(NetModel, RandomNetDependsOnlyOnTheSeed) {
  const FloatNet a = random_net(32, 400, 7), b = random_net(32, 400, 7), c = random_net(32, 400, 8);
  EXPECT_EQ(a.params, b.params);
  EXPECT_NE(a.params, c.params);
  ASSERT_EQ(a.params.size(), FloatNet::param_count(32));
  EXPECT_EQ(a.params.size(), 771u * 32 + 1);
  for (std::size_t i = 0; i < a.b1_offset(); ++i)
    ASSERT_LE(std::abs(a.params[i]), kInitFeatureWeightRange);
}

TEST(NetModel, DequantiseThenQuantiseIsExact) {
  const engine::nnue::Network q = quantise(teacher_net(32, 5));
  EXPECT_TRUE(quantise(dequantise(q)) == q);
}

// The float model of a quantised network and the engine's integer inference agree up to the
// inference's rounding toward zero: the same features, perspectives, halves and scales.
TEST(NetModel, FloatModelOfTheFileMatchesTheEnginesInference) {
  FloatNet net = teacher_net(32, 5);
  net.params[net.b2_offset()] = 0.1f;
  const engine::nnue::Network q = quantise(net);
  const FloatNet rounded = dequantise(q);
  int count = 0;
  for (const engine::Position& pos : random_game_positions(1, 30, 3)) {
    const double exact = evaluate(rounded, pos).value();
    const int engine_eval = engine::nnue::evaluate(q, pos);
    ASSERT_LE(std::abs(double(engine_eval) - exact), 1.0) << engine::to_fen(pos);
    ++count;
  }
  EXPECT_GT(count, 500);
}

TEST(NetModel, TrainedNetworkKeepsItsEvaluationsThroughQuantisation) {
  FloatNet net = random_net(128, 400, 1);
  const NetDataSet data =
      paxbot_test::teacher_data(teacher_net(16, 11), random_game_positions(3, 40, 5));
  NetTrainOptions options;
  options.epochs = 3;
  options.batch_size = 256;
  options.learning_rate = 0.01;
  options.k = 1.0;
  train_network(net, data, options);
  const engine::nnue::Network q = quantise(net);
  double sum = 0, worst = 0;
  const auto positions = random_game_positions(1, 40, 9);
  for (const engine::Position& pos : positions) {
    const double diff = std::abs(engine::nnue::evaluate(q, pos) - evaluate(net, pos).value());
    sum += diff;
    worst = std::max(worst, diff);
  }
  const double mean = sum / double(positions.size());
  std::cout << "quantised - float, hidden 128: mean |difference| " << mean << " cp, worst " << worst
            << " cp over " << positions.size() << " positions\n";
  EXPECT_LT(mean, 4.0);
  EXPECT_LT(worst, 20.0);
}

TEST(NetModel, BoundsKeepTheIntegersInRange) {
  FloatNet net = random_net(16, 400, 2);
  for (std::size_t i = 0; i < net.params.size(); ++i) net.params[i] = i % 2 ? 50.0f : -50.0f;
  net.params[net.b2_offset()] = 1e9f;
  clip_to_quantisable(net);
  EXPECT_EQ(net.params[0], -kFeatureWeightLimit);
  EXPECT_EQ(net.params[net.b1_offset() + 1], kFeatureWeightLimit);
  EXPECT_EQ(net.params[net.w2_offset()], -kOutputWeightLimit);
  EXPECT_EQ(net.params[net.b2_offset()], kOutputBiasLimit);
  const engine::nnue::Network q = quantise(net);
  const int w1_max = int(std::lround(double(kFeatureWeightLimit) * engine::nnue::kQA));
  const int w2_max = int(std::lround(double(kOutputWeightLimit) * engine::nnue::kQB));
  for (std::int16_t w : q.feature_weights) ASSERT_EQ(std::abs(int(w)), w1_max);
  for (std::int16_t w : q.feature_bias) ASSERT_EQ(std::abs(int(w)), w1_max);
  for (std::int16_t w : q.output_weights) ASSERT_EQ(std::abs(int(w)), w2_max);
  EXPECT_EQ(q.output_bias, std::int32_t(std::lround(double(kOutputBiasLimit) * engine::nnue::kQA *
                                                    engine::nnue::kQB)));
  // 32 features and the bias, all at the bound, and one row in transit fit an int16; an output
  // weight fits an int16, and the output sum of the largest network an int32.
  EXPECT_LE((kMaxActiveFeatures + 2) * w1_max, 32767);
  EXPECT_LE(w2_max, 32767);
  EXPECT_LE(2LL * engine::nnue::kMaxHidden * engine::nnue::kQA * w2_max + q.output_bias,
            2147483647LL);
}

TEST(NetModel, SavedNetworkLoadsBackTheSame) {
  const auto path = std::filesystem::temp_directory_path() / "paxbot_net_model_test.nnue";
  const engine::nnue::Network q = quantise(random_net(48, 300, 4));
  ASSERT_TRUE(engine::nnue::save_network(q, path.string()).has_value());
  auto loaded = engine::nnue::load_network(path.string());
  std::filesystem::remove(path);
  ASSERT_TRUE(loaded.has_value()) << loaded.error();
  EXPECT_TRUE(*loaded == q);
  EXPECT_EQ(dequantise(*loaded).params, dequantise(q).params);
}

}  // namespace
}  // namespace tune
