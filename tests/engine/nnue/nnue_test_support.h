// SPDX-License-Identifier: GPL-3.0-or-later
// What the network tests share: seeded random networks small enough that no accumulator
// can overflow int16 (|weight| <= 64, at most 64 pieces: |sum| < 2^13), a temporary network
// file, and positions chosen for their move kinds (castling on both wings, promotions, en
// passant, Pacifist conversions).
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include "engine/nnue/features.h"
#include "engine/nnue/network.h"
#include "engine/types.h"

namespace paxbot_test {

// Feature and output weights in [-64, 64], biases in [-32, 96] so that many accumulators
// sit inside the clipping range [0, kQA] and many outside it.
inline engine::nnue::Network random_network(int hidden, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> weight(-64, 64), bias(-32, 96), out_bias(-20000, 20000);
  engine::nnue::Network net;
  net.hidden = hidden;
  net.output_scale = 400;
  const std::size_t h = std::size_t(hidden);
  net.feature_weights.resize(std::size_t(engine::nnue::kFeatureCount) * h);
  for (auto& w : net.feature_weights) w = std::int16_t(weight(rng));
  net.feature_bias.resize(h);
  for (auto& b : net.feature_bias) b = std::int16_t(bias(rng));
  net.output_weights.resize(2 * h);
  for (auto& w : net.output_weights) w = std::int16_t(weight(rng));
  net.output_bias = out_bias(rng);
  return net;
}

// A file path unique to this process and test, removed when the object goes.
class TempPath {
 public:
  explicit TempPath(const std::string& tag) {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    path_ = std::filesystem::temp_directory_path() /
            ("paxbot-nnue-" + std::to_string(::getpid()) + "-" + info->test_suite_name() + "-" +
             info->name() + "-" + tag);
  }
  ~TempPath() { std::filesystem::remove(path_); }
  TempPath(const TempPath&) = delete;
  TempPath& operator=(const TempPath&) = delete;
  std::string str() const { return path_.string(); }

 private:
  std::filesystem::path path_;
};

struct TestStart {
  engine::Variant variant;
  const char* fen;
};

// Chess and Chess960 starts with every special move within reach.
inline const std::vector<TestStart>& chess_starts() {
  static const std::vector<TestStart> starts = {
      {engine::Variant::Standard, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
      // Both wings free for both sides.
      {engine::Variant::Standard, "r3k2r/pppq1ppp/2n2n2/8/8/2N2N2/PPPQ1PPP/R3K2R w KQkq - 0 1"},
      {engine::Variant::Standard,
       "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"},
      // Promotions, with and without capture, and en passant on both sides.
      {engine::Variant::Standard, "1r2k3/P1P5/8/8/8/8/p1p5/1R2K3 w - - 0 1"},
      {engine::Variant::Standard, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1"},
      {engine::Variant::Standard, "4k3/8/8/8/2pP4/8/8/4K3 b - d3 0 1"},
      {engine::Variant::Standard, "4k3/1ppp4/8/2P1P3/8/8/8/4K3 b - - 0 1"},
      // Chess960: king on b1/b8 with rooks on a- and g-files, both castlings legal at once
      // (queen side the king moves right, king side it lands on the rook's square).
      {engine::Variant::Chess960, "rk4r1/pppppppp/8/8/8/8/PPPPPPPP/RK4R1 w GAga - 0 1"},
      {engine::Variant::Chess960, "nrbbqkrn/pppppppp/8/8/8/8/PPPPPPPP/NRBBQKRN w GBgb - 0 1"},
      {engine::Variant::Chess960,
       "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"},
  };
  return starts;
}

inline const std::vector<TestStart>& pacifist_starts() {
  static const std::vector<TestStart> starts = {
      {engine::Variant::Pacifist, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
      {engine::Variant::Pacifist, "rkqn1rb1/ppppppbp/P7/1n4p1/8/4N3/1PPPPPPP/RNK1BBQR w - - 0 1"},
      {engine::Variant::Pacifist,
       "1rknn1br/p1pp1p1p/3bp1p1/1p1q2n1/5p2/2P4B/pP1PP1PP/B1RKR1QN w - - 0 1"},
      {engine::Variant::Pacifist, "nbr1b1qr/ppppKppp/7n/4pN2/K3P3/P7/QPPP1PPP/B1R1RBN1 b - - 0 1"},
      {engine::Variant::Pacifist,
       "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4"},
  };
  return starts;
}

}  // namespace paxbot_test
