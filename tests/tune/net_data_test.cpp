// SPDX-License-Identifier: GPL-3.0-or-later
// The network trainer's data: feature lists of known positions for both perspectives
// (checked by hand against engine/nnue/features.h), targets turned to the side to move's
// view, and the filters and merging of data lines with their counts.
#include "tune/net_data.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "engine/fen.h"

namespace tune {
namespace {

std::vector<int> features(std::span<const std::uint16_t> list, int count) {
  return {list.begin(), list.begin() + count};
}

engine::Position position(const std::string& fen) {
  auto pos = engine::parse_fen(fen, engine::Variant::Chess960);
  EXPECT_TRUE(pos.has_value()) << fen;
  return *pos;
}

// White: Ra1, Ke1; Black: pawn d7, Ke8; Black to move.
const std::string kSmall = "4k3/3p4/8/8/8/8/8/R3K3 b - - 0 1";

TEST(NetFeatures, KnownPositionBothPerspectives) {
  const engine::Position pos = position(kSmall);
  std::array<std::uint16_t, kMaxActiveFeatures> list{};
  // White's view: own pieces (0 * 6 + type) * 64 + square, Black's (6 + type) * 64 + square;
  // squares a1 = 0, e1 = 4, d7 = 51, e8 = 60; in square order a1, e1, d7, e8.
  auto n = active_features(pos, engine::White, list);
  ASSERT_TRUE(n.has_value());
  EXPECT_EQ(features(list, *n),
            (std::vector<int>{3 * 64 + 0, 5 * 64 + 4, 6 * 64 + 51, 11 * 64 + 60}));
  // Black's view: White's pieces are the others (6 + type), every square mirrored (s ^ 56):
  // a1 -> a8 = 56, e1 -> e8 = 60, d7 -> d2 = 11, e8 -> e1 = 4.
  n = active_features(pos, engine::Black, list);
  ASSERT_TRUE(n.has_value());
  EXPECT_EQ(features(list, *n),
            (std::vector<int>{9 * 64 + 56, 11 * 64 + 60, 0 * 64 + 11, 5 * 64 + 4}));
}

TEST(NetFeatures, StartPositionIsSymmetric) {
  const engine::Position pos = position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  std::array<std::uint16_t, kMaxActiveFeatures> white{}, black{};
  const int nw = *active_features(pos, engine::White, white);
  const int nb = *active_features(pos, engine::Black, black);
  ASSERT_EQ(nw, 32);
  ASSERT_EQ(nb, 32);
  std::vector<int> a = features(white, nw), b = features(black, nb);
  std::sort(a.begin(), a.end());
  std::sort(b.begin(), b.end());
  EXPECT_EQ(a, b);                  // each side sees the same picture of the start position
  EXPECT_EQ(white[4], 5 * 64 + 4);  // e1: White's own king on e1
}

TEST(NetDataSet, SampleHoldsTheSideToMovesView) {
  NetDataSet data;
  ASSERT_TRUE(data.add({kSmall, 0.0, -50}).has_value());
  data.finish();
  ASSERT_EQ(data.size(), 1u);
  const NetSample& s = data.sample(0);
  EXPECT_EQ(s.count, 4);
  EXPECT_EQ(s.stm[0], 9 * 64 + 56);   // Black's list first
  EXPECT_EQ(s.other[0], 3 * 64 + 0);  // then White's
  EXPECT_FLOAT_EQ(s.result, 1.0f);    // White lost: Black won
  EXPECT_FLOAT_EQ(s.score, 50.0f);    // -50 for White is +50 for Black
}

TEST(NetDataSet, FiltersMergesAndCounts) {
  const std::string start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - ";
  NetDataSet data;
  ASSERT_TRUE(data.add({start + "0 1", 1.0, 30}).has_value());
  ASSERT_TRUE(data.add({start + "4 9", 0.0, 10}).has_value());  // same position, later
  ASSERT_TRUE(data.add({start + "0 1", 0.5, std::nullopt}).has_value());
  // White to move can take on d5 with the e-pawn: not quiet.
  ASSERT_TRUE(data.add({"4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", 0.5, 0}).has_value());
  ASSERT_TRUE(data.add({kSmall, 0.5, 0}).has_value());
  data.finish();
  const NetDataStats& st = data.stats();
  EXPECT_EQ(st.kept, 2);
  EXPECT_EQ(st.duplicates, 1);
  EXPECT_EQ(st.no_score, 1);
  EXPECT_EQ(st.not_quiet, 1);
  ASSERT_EQ(data.size(), 2u);
  EXPECT_FLOAT_EQ(data.sample(0).result, 0.5f);  // mean of 1 and 0
  EXPECT_FLOAT_EQ(data.sample(0).score, 20.0f);  // mean of 30 and 10
}

TEST(NetDataSet, IllegalFenIsAnError) {
  NetDataSet data;
  auto added = data.add({"8/8/8/8/8/8/8/8 w - - 0 1", 1.0, 0});
  ASSERT_FALSE(added.has_value());
  EXPECT_EQ(added.error().rfind("FEN: ", 0), 0u) << added.error();
}

}  // namespace
}  // namespace tune
