// SPDX-License-Identifier: GPL-3.0-or-later
// Synthetic data for the network trainer's tests: positions of seeded random games
// (tests/support/sample_positions.h), labelled by a "teacher" network of random seeded
// float weights, so that a trained network can be checked against the evaluations it was
// meant to learn. Deterministic for given seeds; pure functions.
#pragma once

#include <cmath>
#include <cstdint>
#include <fstream>
#include <string>
#include <vector>

#include "engine/fen.h"
#include "engine/position.h"
#include "tests/support/sample_positions.h"
#include "tune/net_data.h"
#include "tune/net_model.h"

namespace paxbot_test {

// The teacher is shaped like an evaluation: random_net's first layer at half its size with
// every bias at 0.5, so that the accumulators mostly stay inside the clip's unit interval
// (the network is nearly, not quite, linear); its output weights scaled up so that the
// evaluations spread over a few hundred centipawns, the other side's half the negation of
// the side to move's (what is good for one side is bad for the other; no constant offset).
inline constexpr float kTeacherFeatureWeightScale = 0.5f;
inline constexpr float kTeacherFeatureBias = 0.5f;
inline constexpr float kTeacherOutputGain = 4.0f;

inline tune::FloatNet teacher_net(int hidden, std::uint32_t seed) {
  tune::FloatNet net = tune::random_net(hidden, 400, seed);
  for (std::size_t i = 0; i < net.b1_offset(); ++i) net.params[i] *= kTeacherFeatureWeightScale;
  for (std::size_t i = net.b1_offset(); i < net.w2_offset(); ++i)
    net.params[i] = kTeacherFeatureBias;
  for (std::size_t i = 0; i < std::size_t(hidden); ++i) {
    float& own = net.params[net.w2_offset() + i];
    own *= kTeacherOutputGain;
    net.params[net.w2_offset() + std::size_t(hidden) + i] = -own;
  }
  return net;
}

// Standard positions from `rounds` random games of `plies` plies from each perft start, in
// an order shuffled from the seed (so that a block of consecutive positions, as the trainer
// holds out, mixes many games and start positions).
inline std::vector<engine::Position> random_game_positions(int rounds, int plies, unsigned seed) {
  std::vector<engine::Position> positions = sample_positions(false, rounds, plies, seed);
  std::mt19937 rng(seed);
  for (std::size_t i = positions.size(); i > 1; --i)
    std::swap(positions[i - 1], positions[std::size_t(rng() % i)]);
  return positions;
}

// The positions with the teacher's evaluation as their score (the side to move's view) and
// result 0.5, in the order given.
inline tune::NetDataSet teacher_data(const tune::FloatNet& teacher,
                                     const std::vector<engine::Position>& positions) {
  tune::NetDataSet data;
  for (const engine::Position& pos : positions)
    (void)data.add_position(pos, 0.5, tune::evaluate(teacher, pos).value());
  return data;
}

// The same as a data file (White's view, scores rounded to centipawns, results all draws).
inline void write_teacher_file(const std::string& path, const tune::FloatNet& teacher,
                               const std::vector<engine::Position>& positions) {
  std::ofstream out(path);
  out << "# FEN\tRESULT\tSCORE (a teacher network's evaluation)\n";
  for (const engine::Position& pos : positions) {
    const double stm = tune::evaluate(teacher, pos).value();
    const double white = pos.side_to_move() == engine::White ? stm : -stm;
    out << engine::to_fen(pos) << "\t0.5\t" << long(std::lround(white)) << "\n";
  }
}

}  // namespace paxbot_test
