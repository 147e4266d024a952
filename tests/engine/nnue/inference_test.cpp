// SPDX-License-Identifier: GPL-3.0-or-later
// The network's evaluation (engine/nnue/inference.h) against a reference written here from
// network.h's definition, on thousands of positions of every rule set; the feature numbering
// of features.h; and the symmetry the shared perspectives give: a position and its colour
// mirror (board flipped top to bottom, colours and side to move swapped) evaluate the same.
#include "engine/nnue/inference.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "engine/nnue/features.h"
#include "tests/engine/nnue/nnue_test_support.h"
#include "tests/support/sample_positions.h"

namespace engine::nnue {
namespace {

// Straight from the definition, in 64-bit arithmetic without any shared code but
// feature_index (checked below on its own).
int reference_eval(const Network& net, const Position& pos) {
  const int h = net.hidden;
  auto accumulator = [&](Color perspective) {
    std::vector<long long> acc(net.feature_bias.begin(), net.feature_bias.end());
    for (Square s = 0; s < 64; ++s) {
      const Piece p = pos.piece_on(s);
      if (p == NoPiece) continue;
      const int f = feature_index(perspective, p, s);
      for (int i = 0; i < h; ++i)
        acc[std::size_t(i)] += net.feature_weights[std::size_t(f * h + i)];
    }
    return acc;
  };
  const Color us = pos.side_to_move();
  const auto ours = accumulator(us), theirs = accumulator(~us);
  long long out = net.output_bias;
  for (int i = 0; i < h; ++i) {
    out += std::clamp<long long>(ours[std::size_t(i)], 0, kQA) * net.output_weights[std::size_t(i)];
    out += std::clamp<long long>(theirs[std::size_t(i)], 0, kQA) *
           net.output_weights[std::size_t(h + i)];
  }
  return int(out * net.output_scale / (kQA * kQB));
}

Position colour_mirror(const Position& pos) {
  PositionBuilder b(pos.variant());
  for (Square s = 0; s < 64; ++s)
    if (const Piece p = pos.piece_on(s); p != NoPiece)
      b.put(make_piece(~color_of(p), type_of(p)), s ^ 56);
  b.set_side(~pos.side_to_move());
  return b.finish();
}

TEST(NnueFeatures, NumberingFollowsTheHeader) {
  // Our pieces first, then theirs; type-major; squares from the perspective's side.
  EXPECT_EQ(feature_index(White, make_piece(White, Pawn), 8), 8);   // a2
  EXPECT_EQ(feature_index(Black, make_piece(Black, Pawn), 48), 8);  // a7 seen by Black
  EXPECT_EQ(feature_index(Black, make_piece(White, Pawn), 8), 6 * 64 + 48);
  EXPECT_EQ(feature_index(White, make_piece(Black, King), 60), (6 + 5) * 64 + 60);
  EXPECT_EQ(feature_index(Black, make_piece(White, King), 4), (6 + 5) * 64 + 60);
  EXPECT_EQ(feature_index(White, make_piece(White, Queen), 3), 4 * 64 + 3);
  std::vector<bool> seen(kFeatureCount);
  for (Color perspective : {White, Black}) {
    std::fill(seen.begin(), seen.end(), false);
    for (Color c : {White, Black})
      for (int t = Pawn; t <= King; ++t)
        for (Square s = 0; s < 64; ++s) {
          const int f = feature_index(perspective, make_piece(c, PieceType(t)), s);
          ASSERT_GE(f, 0);
          ASSERT_LT(f, kFeatureCount);
          EXPECT_FALSE(seen[std::size_t(f)]) << f;
          seen[std::size_t(f)] = true;
        }
  }
}

TEST(NnueInference, EvaluateEqualsTheReferenceOnManyPositions) {
  for (int hidden : {32, 128}) {
    const Network net = paxbot_test::random_network(hidden, 100u + unsigned(hidden));
    int positions = 0, nonzero = 0;
    for (bool pacifist : {false, true}) {
      for (const Position& pos : paxbot_test::sample_positions(pacifist, 2, 40, 5u)) {
        const int value = evaluate(net, pos);
        ASSERT_EQ(value, reference_eval(net, pos)) << to_fen(pos);
        ++positions;
        nonzero += value != 0;
      }
    }
    EXPECT_GT(positions, 1000);
    EXPECT_GT(nonzero, positions / 2) << "the random network should not be trivially zero";
  }
}

TEST(NnueInference, OutputRoundsTowardZeroAndUsesTheSideToMovesHalfFirst) {
  // Every accumulator clipped at kQA: each output weight counts kQA times.
  Network net;
  net.hidden = 16;
  net.output_scale = 1;
  net.feature_weights.assign(std::size_t(kFeatureCount) * 16, 0);
  net.feature_bias.assign(16, 1000);
  net.output_weights.assign(32, 0);
  net.output_weights[0] = 2;   // side to move's half
  net.output_weights[16] = 1;  // the other side's half
  net.output_bias = -1;
  auto pos = parse_fen(kStartFen, Variant::Standard);
  ASSERT_TRUE(pos);
  // kQA * kQB = 130560. out = -1 + 255 * 2 + 255 = 764; 764 / 130560 = 0 (toward zero).
  EXPECT_EQ(evaluate(net, *pos), 0);
  net.output_scale = 1000;  // 764000 / 130560 = 5.85 -> 5
  EXPECT_EQ(evaluate(net, *pos), 5);
  net.output_bias = -1000001;  // (-1000001 + 765) * 1000 / 130560 = -7653.5 -> -7653
  EXPECT_EQ(evaluate(net, *pos), -7653);
  // Which half meets which accumulator: a lone White pawn on a2 is feature 8 for White
  // (our pawn, a2) and 6 * 64 + 48 for Black (their pawn, seen from Black's side at a7).
  // With output_scale = kQA * kQB the centipawns are the raw output.
  net.output_scale = kQA * kQB;
  net.output_bias = 0;
  net.feature_bias.assign(16, 0);
  net.feature_weights[8 * 16 + 0] = 100;
  auto white = parse_fen("4k3/8/8/8/8/8/P7/4K3 w - - 0 1", Variant::Standard);
  auto black = parse_fen("4k3/8/8/8/8/8/P7/4K3 b - - 0 1", Variant::Standard);
  ASSERT_TRUE(white && black);
  EXPECT_EQ(evaluate(net, *white), 100 * 2);  // White's accumulator meets the first half
  EXPECT_EQ(evaluate(net, *black), 100 * 1);  // ... and the second half when Black moves
  net.feature_weights[std::size_t(6 * 64 + 48) * 16 + 0] = 50;
  EXPECT_EQ(evaluate(net, *white), 100 * 2 + 50 * 1);
  EXPECT_EQ(evaluate(net, *black), 50 * 2 + 100 * 1);
}

TEST(NnueInference, AColourMirrorEvaluatesTheSame) {
  const Network net = paxbot_test::random_network(32, 9);
  int checked = 0;
  for (const Position& pos : paxbot_test::sample_positions(false, 1, 30, 6u)) {
    const Position mirror = colour_mirror(pos);
    ASSERT_EQ(evaluate(net, pos), evaluate(net, mirror)) << to_fen(pos);
    ++checked;
  }
  EXPECT_GT(checked, 100);
}

}  // namespace
}  // namespace engine::nnue
