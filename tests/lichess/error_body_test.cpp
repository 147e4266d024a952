// SPDX-License-Identifier: GPL-3.0-or-later
#include "lichess/error_body.h"

#include <gtest/gtest.h>

namespace lichess {
namespace {

using std::chrono::seconds;

TEST(ErrorBodyTest, ParsesErrorAndRatelimitShapes) {
  auto plain = parse_error_body(R"({"error":"Not your turn, or game already over"})");
  ASSERT_TRUE(plain.has_value());
  EXPECT_EQ(plain->message, "Not your turn, or game already over");
  EXPECT_FALSE(plain->ratelimit.has_value());

  auto limited =
      parse_error_body(R"({"ratelimit":{"key":"challenge.create.user","seconds":12.2}})");
  ASSERT_TRUE(limited.has_value());
  EXPECT_EQ(limited->ratelimit, (RateLimit{"challenge.create.user", seconds(13)}));

  EXPECT_FALSE(parse_error_body("<html>429</html>").has_value());
  EXPECT_FALSE(parse_error_body("").has_value());
  EXPECT_FALSE(parse_error_body(R"({"ok":true})").has_value());
  EXPECT_FALSE(parse_error_body(R"(["error"])").has_value());
  // Wrong types are tolerated, not thrown.
  auto odd = parse_error_body(R"({"error":42,"ratelimit":{"key":7,"seconds":"x"}})");
  ASSERT_TRUE(odd.has_value());
  EXPECT_EQ(odd->message, "");
  EXPECT_EQ(odd->ratelimit, (RateLimit{"", seconds(0)}));
}

TEST(ErrorBodyTest, WritesTheShapeItReads) {
  const nlohmann::json plain = error_body_json("No such game");
  EXPECT_EQ(plain, (nlohmann::json{{"error", "No such game"}}));
  const std::string limited =
      error_body_json("Too many requests", RateLimit{"paxbot.test", seconds(60)}).dump();
  const auto parsed = parse_error_body(limited);
  ASSERT_TRUE(parsed.has_value()) << limited;
  EXPECT_EQ(parsed->message, "Too many requests");
  EXPECT_EQ(parsed->ratelimit, (RateLimit{"paxbot.test", seconds(60)}));
}

}  // namespace
}  // namespace lichess
