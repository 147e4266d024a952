// SPDX-License-Identifier: GPL-3.0-or-later
#include "lichess/variant.h"

#include <gtest/gtest.h>

#include "lichess/perf.h"

namespace lichess {
namespace {

TEST(VariantTest, KeysNamesAndRules) {
  EXPECT_EQ(parse_variant("fromPosition"), Variant::kFromPosition);
  EXPECT_FALSE(parse_variant("atomic"));
  EXPECT_FALSE(parse_variant("Chess960")) << "keys are case-sensitive";
  EXPECT_EQ(variant_info(Variant::kPacifist).name, "Pacifist");
  EXPECT_EQ(variant_info(Variant::kFromPosition).short_name, "FEN");
  EXPECT_EQ(variant_info(Variant::kFromPosition).rules, "chess960");
  EXPECT_EQ(variant_info(Variant::kStandard).rules, "standard");
  for (std::size_t i = 0; i < kVariantKeys.size(); ++i) {
    const auto v = static_cast<Variant>(i);
    EXPECT_EQ(parse_variant(to_string(v)), v);
    EXPECT_EQ(to_string(v), kVariantKeys[i]);
  }
}

TEST(VariantTest, UnsupportedKeysAreNamedInTheError) {
  const auto atomic = parse_supported_variant("atomic");
  ASSERT_FALSE(atomic.has_value());
  EXPECT_NE(atomic.error().find("'atomic'"), std::string::npos) << atomic.error();
  EXPECT_EQ(parse_supported_variant("pacifist"), Variant::kPacifist);
}

TEST(PerfTest, PerfKeysFollowTheVariantAndSpeed) {
  EXPECT_EQ(perf_key(Variant::kStandard, Speed::kBlitz), "blitz");
  EXPECT_EQ(perf_key(Variant::kFromPosition, Speed::kBlitz), "blitz");
  EXPECT_EQ(perf_key(Variant::kChess960, Speed::kBlitz), "chess960");
  EXPECT_EQ(perf_key(Variant::kPacifist, Speed::kBlitz), "pacifist");
  EXPECT_EQ(perf_key(Variant::kPacifist, Speed::kRapid), "pacifist");
  EXPECT_EQ(perf_name("ultraBullet"), "UltraBullet");
  EXPECT_EQ(perf_name("chess960"), "Chess960");
  EXPECT_EQ(perf_name("blitz"), "Blitz");
  EXPECT_EQ(perf_name(""), "");
}

}  // namespace
}  // namespace lichess
