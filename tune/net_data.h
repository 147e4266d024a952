// SPDX-License-Identifier: GPL-3.0-or-later
// The positions the network trainer fits, each reduced once to its input features
// (engine/nnue/features.h) for both perspectives and its targets from the side to move's
// point of view. Built from data lines (tune/data_file.h) of standard and Chess960 games:
// a position without a score or that is not quiet (tune/quiet.h) is left out; one that
// appears more than once (tune::position_key) is kept once with the mean of its results
// and of its scores. Built by one thread, then read-only: safe to read from many threads.
#pragma once

#include <array>
#include <cstdint>
#include <expected>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "engine/position.h"
#include "tune/data_file.h"

namespace tune {

// A legal chess position has at most 32 pieces, one active feature each per perspective.
inline constexpr int kMaxActiveFeatures = 32;

struct NetSample {
  std::array<std::uint16_t, kMaxActiveFeatures> stm{};    // side to move's features
  std::array<std::uint16_t, kMaxActiveFeatures> other{};  // the other side's, same pieces
  std::uint8_t count = 0;                                 // features in each list
  float result = 0;  // the side to move's game score: 0, 0.5 or 1
  float score = 0;   // centipawns, the side to move's view
};

// The active features of `perspective` in pos, square by square from a1 to h8, into out;
// returns how many (an error if the position has more than kMaxActiveFeatures pieces).
std::expected<int, std::string> active_features(const engine::Position& pos,
                                                engine::Color perspective,
                                                std::span<std::uint16_t, kMaxActiveFeatures> out);

struct NetDataStats {
  long long no_score = 0, not_quiet = 0, duplicates = 0, kept = 0;
};

class NetDataSet {
 public:
  std::size_t size() const { return samples_.size(); }
  const NetSample& sample(std::size_t i) const { return samples_[i]; }
  std::span<const NetSample> samples() const { return samples_; }
  const NetDataStats& stats() const { return stats_; }

  // Parses the line's FEN (an error when it is not a legal chess or Chess960 position) and
  // adds the position unless it is filtered out or repeats one (then its targets are merged).
  std::expected<void, std::string> add(const DataLine& line);
  // Adds a position without filtering or merging (tests); result and score are the side to
  // move's. Returns its index.
  std::expected<std::size_t, std::string> add_position(const engine::Position& pos, double result,
                                                       double score);
  // Turns the merged targets into means; call once after the last add().
  void finish();

 private:
  std::expected<void, std::string> append(const engine::Position& pos, double result, double score);

  std::vector<NetSample> samples_;
  std::unordered_map<std::string, std::uint32_t> index_of_;  // position_key -> sample
  std::vector<std::uint32_t> merged_;                        // lines merged into each sample
  NetDataStats stats_;
};

}  // namespace tune
