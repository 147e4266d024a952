// SPDX-License-Identifier: GPL-3.0-or-later
// Every row of the perft suites in tests/data. Rows above kFastLimit nodes run
// only in the Slow suite (CTest label "slow").
#include <gtest/gtest.h>

#include "engine/fen.h"
#include "engine/perft.h"
#include "engine/variant.h"
#include "tests/support/perft_data.h"

namespace {

using paxbot_test::PerftRow;

constexpr std::uint64_t kFastLimit = 5'000'000;

std::vector<PerftRow> all_rows() {
  auto rows = paxbot_test::read_perft_rows("perft-standard.tsv", "standard");
  auto pacifist = paxbot_test::read_perft_rows("perft-pacifist.tsv", "pacifist");
  rows.insert(rows.end(), pacifist.begin(), pacifist.end());
  return rows;
}

std::vector<PerftRow> rows_where(bool slow) {
  std::vector<PerftRow> out;
  for (const PerftRow& row : all_rows())
    if ((row.count > kFastLimit) == slow) out.push_back(row);
  return out;
}

std::string row_name(const testing::TestParamInfo<PerftRow>& info) {
  return info.param.variant + "_line" + std::to_string(info.param.line) + "_depth" +
         std::to_string(info.param.depth);
}

void check_row(const PerftRow& row) {
  auto variant = engine::parse_variant(row.variant);
  ASSERT_TRUE(variant) << variant.error();
  auto pos = engine::parse_fen(row.fen, *variant);
  ASSERT_TRUE(pos) << row.fen << ": " << pos.error();
  EXPECT_EQ(engine::perft(*pos, row.depth), row.count) << row.fen << " depth " << row.depth;
}

class PerftData : public testing::TestWithParam<PerftRow> {};
TEST_P(PerftData, MatchesPublishedCount) {
  check_row(GetParam());
}
INSTANTIATE_TEST_SUITE_P(Rows, PerftData, testing::ValuesIn(rows_where(false)), row_name);

class SlowPerftData : public testing::TestWithParam<PerftRow> {};
TEST_P(SlowPerftData, MatchesPublishedCount) {
  check_row(GetParam());
}
INSTANTIATE_TEST_SUITE_P(Rows, SlowPerftData, testing::ValuesIn(rows_where(true)), row_name);

TEST(PerftDataFiles, AreReadableAndCoverEveryVariant) {
  std::set<std::string> variants;
  for (const PerftRow& row : all_rows()) variants.insert(row.variant);
  EXPECT_EQ(variants, (std::set<std::string>{"standard", "chess960", "pacifist"}));
}

}  // namespace
