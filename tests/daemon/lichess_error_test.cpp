// SPDX-License-Identifier: GPL-3.0-or-later
#include "daemon/lichess/lichess_error.h"

#include <gtest/gtest.h>

namespace bot {
namespace {

using std::chrono::milliseconds;
using std::chrono::seconds;

TEST(LichessRetryTest, ClientErrorsGiveUpAndKeepTheServerMessage) {
  for (int code : {400, 401, 403, 404, 408, 422}) {
    const LichessRetryDecision d =
        decide_lichess_retry(HttpResult::response(code, R"({"error":"No such game"})"), 1, 0.5);
    EXPECT_EQ(d.action, RetryAction::kGiveUp) << code;
    EXPECT_NE(d.reason.find(std::to_string(code)), std::string::npos) << d.reason;
    EXPECT_NE(d.reason.find("No such game"), std::string::npos) << d.reason;
  }
  const LichessRetryDecision unauthorized =
      decide_lichess_retry(HttpResult::response(401, "No token"), 1, 0.0);
  EXPECT_EQ(unauthorized.action, RetryAction::kGiveUp);
}

TEST(LichessRetryTest, OpponentQuota400GivesUpButExposesRatelimit) {
  const LichessRetryDecision d = decide_lichess_retry(
      HttpResult::response(
          400, R"({"error":"quota","ratelimit":{"key":"bot.vsBot.day","seconds":4000}})"),
      1, 0.5);
  EXPECT_EQ(d.action, RetryAction::kGiveUp);
  ASSERT_TRUE(d.ratelimit.has_value());
  EXPECT_EQ(d.ratelimit->key, "bot.vsBot.day");
  EXPECT_EQ(d.ratelimit->seconds, seconds(4000));
}

TEST(LichessRetryTest, TooManyRequestsWithJsonRatelimitUsesItsSeconds) {
  const LichessRetryDecision d = decide_lichess_retry(
      HttpResult::response(
          429,
          R"({"error":"Too many bot games","ratelimit":{"key":"bot.vsBot.day","seconds":3600}})",
          {{"retry-after", "5"}}),
      1, 0.5);
  EXPECT_EQ(d.action, RetryAction::kCoolDown);
  EXPECT_EQ(d.delay, seconds(3600));  // the body wins over Retry-After
  ASSERT_TRUE(d.ratelimit.has_value());
  EXPECT_EQ(d.ratelimit->key, "bot.vsBot.day");
}

TEST(LichessRetryTest, TooManyRequestsWithHtmlBodyCoolsDownOneMinute) {
  const std::string html =
      "<!DOCTYPE html><html><head><title>429 Too Many Requests</title></head>"
      "<body><h1>Too many requests</h1>{\"not\": json</body></html>";
  const LichessRetryDecision d = decide_lichess_retry(
      HttpResult::response(429, html, {{"content-type", "text/html"}}), 3, 0.9);
  EXPECT_EQ(d.action, RetryAction::kCoolDown);
  EXPECT_EQ(d.delay, seconds(60));
  EXPECT_FALSE(d.ratelimit.has_value());
}

TEST(LichessRetryTest, CooldownIsClampedAndConfigurable) {
  RetryParams params;
  params.default_cooldown = milliseconds(1'000);  // e.g. the move endpoint
  EXPECT_EQ(decide_lichess_retry(HttpResult::response(429, ""), 1, 0.0, params).delay, seconds(1));
  EXPECT_EQ(
      decide_lichess_retry(
          HttpResult::response(429, R"({"ratelimit":{"key":"k","seconds":999999999}})"), 1, 0.0)
          .delay,
      std::chrono::hours(24));
  // seconds: 0 is not a usable hint: fall back.
  EXPECT_EQ(decide_lichess_retry(
                HttpResult::response(429, R"({"ratelimit":{"key":"k","seconds":0}})"), 1, 0.0)
                .delay,
            seconds(60));
  EXPECT_EQ(
      decide_lichess_retry(HttpResult::response(429, "", {{"retry-after", "0"}}), 1, 0.0).delay,
      seconds(1));
}

TEST(LichessErrorTest, ErrorFromResultKeepsTheBodysMessageAndRatelimit) {
  const LichessError e = error_from_result(
      Endpoint::kChallengeCreate,
      HttpResult::response(
          400, R"({"error":"quota","ratelimit":{"key":"bot.vsBot.day","seconds":4000}})"),
      1);
  EXPECT_EQ(e.kind, LichessErrorKind::kHttp);
  EXPECT_EQ(e.server_message, "quota");
  ASSERT_TRUE(e.ratelimit.has_value());
  EXPECT_EQ(*e.ratelimit, (lichess::RateLimit{"bot.vsBot.day", seconds(4000)}));
}

}  // namespace
}  // namespace bot
