// SPDX-License-Identifier: GPL-3.0-or-later
// Lichess variant keys <-> engine variants.
#include "daemon/lichess/variant_key.h"

#include <gtest/gtest.h>

#include "engine/fen.h"

namespace bot {
namespace {

TEST(LichessVariantKeyTest, MapsSupportedKeys) {
  EXPECT_EQ(engine_variant_for("standard"), engine::Variant::Standard);
  EXPECT_EQ(engine_variant_for("chess960"), engine::Variant::Chess960);
  EXPECT_EQ(engine_variant_for("fromPosition"), engine::Variant::Chess960);
  EXPECT_EQ(engine_variant_for("pacifist"), engine::Variant::Pacifist);
  EXPECT_TRUE(is_supported_variant_key("fromPosition"));
}

TEST(LichessVariantKeyTest, RejectsOtherVariantsByName) {
  for (const char* key : {"crazyhouse", "antichess", "atomic", "horde", "kingOfTheHill",
                          "racingKings", "threeCheck", "Standard", "frompositon", ""}) {
    const auto result = engine_variant_for(key);
    ASSERT_FALSE(result.has_value()) << key;
    EXPECT_NE(result.error().find("'" + std::string(key) + "'"), std::string::npos);
    EXPECT_FALSE(is_supported_variant_key(key));
  }
}

TEST(LichessVariantKeyTest, EngineVariantsBackToKeys) {
  EXPECT_EQ(lichess_variant_key(engine::Variant::Standard), "standard");
  EXPECT_EQ(lichess_variant_key(engine::Variant::Chess960), "chess960");
  EXPECT_EQ(lichess_variant_key(engine::Variant::Pacifist), "pacifist");
  for (auto v : {engine::Variant::Standard, engine::Variant::Chess960, engine::Variant::Pacifist}) {
    EXPECT_EQ(engine_variant_for(lichess_variant_key(v)), v);
  }
}

TEST(LichessVariantKeyTest, FromPositionParsesXFenWithInnerRooks) {
  // KQkq names the outermost rooks: g1/g8 on the king side, not h1/h8.
  const auto variant = engine_variant_for("fromPosition");
  ASSERT_TRUE(variant.has_value());
  const auto pos =
      engine::parse_fen("rnbqk1r1/pppppppp/8/8/8/8/PPPPPPPP/RNBQK1R1 w KQkq - 0 1", *variant);
  ASSERT_TRUE(pos.has_value()) << pos.error();
  EXPECT_TRUE(pos->can_castle(engine::White, engine::KingSide));
  EXPECT_EQ(pos->castling_rook(engine::White, engine::KingSide), engine::make_square(6, 0));
  EXPECT_EQ(pos->castling_rook(engine::Black, engine::KingSide), engine::make_square(6, 7));
}

}  // namespace
}  // namespace bot
