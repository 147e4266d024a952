// SPDX-License-Identifier: GPL-3.0-or-later
// The network trainer: its gradient against finite differences, recovering a teacher
// network's evaluations from its labels (on positions it was not trained on), the loss going
// down, and a result that depends on the seed but not on the thread count.
#include "tune/net_trainer.h"

#include <gtest/gtest.h>

#include <cmath>
#include <ctime>
#include <iostream>
#include <numeric>

#include "tests/tune/support/net_teacher.h"
#include "tune/tuner.h"

namespace tune {
namespace {

using paxbot_test::random_game_positions;
using paxbot_test::teacher_data;
using paxbot_test::teacher_net;

constexpr int kHidden = 32;

std::vector<std::uint32_t> indices(std::size_t n) {
  std::vector<std::uint32_t> v(n);
  std::iota(v.begin(), v.end(), 0u);
  return v;
}

// Mean |student - teacher| in centipawns over the samples held out at validation_percent.
double held_out_error(const FloatNet& student, const NetDataSet& data, int validation_percent) {
  double sum = 0;
  int n = 0;
  for (std::uint32_t i = 0; i < data.size(); ++i)
    if (is_held_out(i, validation_percent)) {
      sum += std::abs(evaluate(student, data.sample(i)) - data.sample(i).score);
      ++n;
    }
  EXPECT_GT(n, 100);
  return sum / n;
}

TEST(NetTrainer, GradientMatchesFiniteDifferences) {
  const FloatNet teacher = teacher_net(16, 3);
  const NetDataSet data = teacher_data(teacher, random_game_positions(1, 6, 2));
  FloatNet net = random_net(16, 400, 9);
  const double k = 1.3, lambda = 0.7;
  std::vector<float> targets(data.size());
  for (std::size_t i = 0; i < data.size(); ++i)
    targets[i] = float(net_target(data.sample(i), k, lambda));
  const auto all = indices(std::min<std::size_t>(data.size(), 40));
  std::vector<float> grad;
  net_gradient(net, data, all, targets, k, grad);
  const std::size_t row = std::size_t(data.sample(0).stm[0]) * 16;
  std::vector<std::size_t> checked = {net.b2_offset()};
  for (std::size_t i = 0; i < 4; ++i)
    for (std::size_t base : {row, net.b1_offset(), net.w2_offset(), net.w2_offset() + 16})
      checked.push_back(base + i);
  std::vector<float> unused;
  for (std::size_t p : checked) {
    const float h = 1e-3f, saved = net.params[p];
    net.params[p] = saved + h;
    const double up = net_gradient(net, data, all, targets, k, unused);
    net.params[p] = saved - h;
    const double down = net_gradient(net, data, all, targets, k, unused);
    net.params[p] = saved;
    const double numeric = (up - down) / (2 * h);
    EXPECT_NEAR(grad[p], numeric, 1e-3 + 0.02 * std::abs(numeric)) << "parameter " << p;
  }
}

class TeacherRecovery : public testing::Test {
 protected:
  static constexpr int kValidation = 20;
  void SetUp() override {
    teacher_ = teacher_net(16, 11);
    data_ = teacher_data(teacher_, random_game_positions(10, 40, 5));
    options_.epochs = 10;
    options_.batch_size = 256;
    options_.learning_rate = 0.01;
    options_.lr_decay_epochs = {8};
    options_.lr_decay = 0.2;
    options_.lambda = 1.0;
    options_.k = 1.0;
    options_.validation_percent = kValidation;
    options_.seed = 4;
  }
  FloatNet teacher_;
  NetDataSet data_;
  NetTrainOptions options_;
};

TEST_F(TeacherRecovery, LearnsTheTeachersEvaluations) {
  FloatNet student = random_net(kHidden, 400, 1);
  const double before = held_out_error(student, data_, kValidation);
  std::vector<NetEpochReport> reports;
  const auto result = train_network(student, data_, options_,
                                    [&](const NetEpochReport& r) { reports.push_back(r); });
  const double after = held_out_error(student, data_, kValidation);
  std::cout << "held-out mean |error| " << before << " cp -> " << after << " cp on "
            << result.validation_positions << " positions (" << result.train_positions
            << " trained on)\n";
  EXPECT_LT(after, before / 5);
  EXPECT_LT(after, 15.0);
  ASSERT_EQ(reports.size(), std::size_t(options_.epochs));
  EXPECT_LT(reports.back().train_loss, reports.front().train_loss / 4);
  EXPECT_LT(reports.back().validation_loss, reports.front().validation_loss);
  EXPECT_LT(result.train_loss_after, result.train_loss_before / 10);
  EXPECT_LT(result.validation_loss_after, result.validation_loss_before / 10);
  EXPECT_DOUBLE_EQ(reports[6].learning_rate, options_.learning_rate);
  EXPECT_DOUBLE_EQ(reports[7].learning_rate, options_.learning_rate * options_.lr_decay);
  for (std::size_t i = 0; i < student.params.size(); ++i)
    ASSERT_LE(std::abs(student.params[i]), i < student.w2_offset()   ? kFeatureWeightLimit
                                           : i < student.b2_offset() ? kOutputWeightLimit
                                                                     : kOutputBiasLimit);
}

TEST_F(TeacherRecovery, SameSeedSameNetworkWhateverTheThreads) {
  options_.epochs = 3;
  FloatNet one = random_net(kHidden, 400, 1), two = one, again = one, other_seed = one;
  options_.threads = 1;
  train_network(one, data_, options_);
  train_network(again, data_, options_);
  options_.threads = 2;
  options_.batch_size = 4096;  // several chunks per step, so both threads work
  FloatNet big_one = random_net(kHidden, 400, 1), big_two = big_one;
  train_network(big_two, data_, options_);
  options_.threads = 1;
  train_network(big_one, data_, options_);
  options_.threads = 2;
  options_.batch_size = 256;
  train_network(two, data_, options_);
  options_.seed = 5;
  train_network(other_seed, data_, options_);
  EXPECT_EQ(one.params, again.params);
  EXPECT_EQ(one.params, two.params);
  EXPECT_EQ(big_one.params, big_two.params);
  EXPECT_NE(one.params, other_seed.params);
}

// Throughput at hidden 128 on about 200k positions, by wall time and by the process's CPU
// time (which a busy machine disturbs less); run by hand with --gtest_filter='*Slow*'. No
// timing is asserted.
TEST(NetTrainerSlow, Throughput) {
  const FloatNet teacher = teacher_net(128, 11);
  const NetDataSet data = teacher_data(teacher, random_game_positions(100, 60, 7));
  for (int threads : {1, 2}) {
    FloatNet net = random_net(128, 400, 1);
    NetTrainOptions options;
    options.epochs = 2;
    options.threads = threads;
    const std::clock_t cpu_start = std::clock();
    const auto result = train_network(net, data, options);
    const double cpu = double(std::clock() - cpu_start) / CLOCKS_PER_SEC;
    const double passes = double(result.train_positions) * options.epochs;
    std::cout << data.size() << " positions, hidden 128, " << threads
              << " thread(s): " << passes / result.train_seconds / threads
              << " positions per second per thread, " << passes / cpu << " per CPU second\n";
  }
}

}  // namespace
}  // namespace tune
