// SPDX-License-Identifier: GPL-3.0-or-later
#include "daemon/http/retry_policy.h"

#include <gtest/gtest.h>

#include <cmath>

namespace bot {
namespace {

using std::chrono::milliseconds;
using std::chrono::seconds;

TEST(RetryPolicyTest, TwoHundredsSucceed) {
  for (int code : {200, 201, 204}) {
    const RetryDecision d = decide_retry(HttpResult::response(code, R"({"ok":true})"), 1, 0.5);
    EXPECT_EQ(d.action, RetryAction::kSuccess) << code;
    EXPECT_EQ(d.delay, milliseconds(0));
  }
}

TEST(RetryPolicyTest, ClientErrorsGiveUpAndKeepTheServerHintMessage) {
  for (int code : {400, 401, 403, 404, 408, 422}) {
    const RetryDecision d = decide_retry(HttpResult::response(code, "ignored body"), 1, 0.5, {},
                                         ServerHint{.message = "No such game"});
    EXPECT_EQ(d.action, RetryAction::kGiveUp) << code;
    EXPECT_NE(d.reason.find(std::to_string(code)), std::string::npos) << d.reason;
    EXPECT_NE(d.reason.find("No such game"), std::string::npos) << d.reason;
    EXPECT_EQ(d.reason.find("ignored body"), std::string::npos) << "bodies are not read here";
  }
}

TEST(RetryPolicyTest, TooManyRequestsUsesTheCooldownHintOverRetryAfter) {
  const ServerHint hint{.message = "Too many bot games", .cooldown = seconds(3600)};
  const RetryDecision d =
      decide_retry(HttpResult::response(429, "", {{"retry-after", "5"}}), 1, 0.5, {}, hint);
  EXPECT_EQ(d.action, RetryAction::kCoolDown);
  EXPECT_EQ(d.delay, seconds(3600));
  EXPECT_NE(d.reason.find("Too many bot games"), std::string::npos) << d.reason;
  // A JSON body alone is no hint: this layer knows no body format.
  const RetryDecision unread = decide_retry(
      HttpResult::response(429, R"({"ratelimit":{"key":"bot.vsBot.day","seconds":3600}})"), 1, 0.5);
  EXPECT_EQ(unread.delay, seconds(60));
}

TEST(RetryPolicyTest, CooldownHintIsClampedAndZeroIsNoHint) {
  RetryParams params;
  params.default_cooldown = milliseconds(1'000);  // e.g. the move endpoint
  EXPECT_EQ(decide_retry(HttpResult::response(429, ""), 1, 0.0, params).delay, seconds(1));
  EXPECT_EQ(
      decide_retry(HttpResult::response(429), 1, 0.0, {}, {.cooldown = seconds(999999999)}).delay,
      std::chrono::hours(24));
  EXPECT_EQ(decide_retry(HttpResult::response(429), 1, 0.0, {}, {.cooldown = seconds(0)}).delay,
            seconds(60));
  EXPECT_EQ(decide_retry(HttpResult::response(429, "", {{"retry-after", "0"}}), 1, 0.0).delay,
            seconds(1));
}

TEST(RetryPolicyTest, TooManyRequestsHonoursRetryAfterHeader) {
  const RetryDecision d = decide_retry(HttpResult::response(429, "", {{"Retry-After", " 17 "}}), 1,
                                       0.5);  // any header case
  EXPECT_EQ(d.action, RetryAction::kCoolDown);
  EXPECT_EQ(d.delay, seconds(17));
}

TEST(RetryPolicyTest, TooManyRequestsWithHttpDateRetryAfterFallsBackToDefault) {
  const RetryDecision d = decide_retry(
      HttpResult::response(429, "", {{"retry-after", "Wed, 21 Oct 2015 07:28:00 GMT"}}), 1, 0.5);
  EXPECT_EQ(d.delay, seconds(60));
}

TEST(RetryPolicyTest, ServerErrorsRetryWithGrowingDelay) {
  RetryParams params;
  params.jitter = 0.0;
  for (int code : {500, 502, 503, 504}) {
    std::vector<milliseconds> delays;
    for (int attempt = 1; attempt <= 5; ++attempt) {
      const RetryDecision d = decide_retry(HttpResult::response(code, "<html>Bad gateway</html>"),
                                           attempt, 0.3, params);
      ASSERT_EQ(d.action, RetryAction::kRetry) << code;
      delays.push_back(d.delay);
    }
    EXPECT_EQ(delays,
              (std::vector<milliseconds>{milliseconds(1000), milliseconds(2000), milliseconds(4000),
                                         milliseconds(8000), milliseconds(16000)}))
        << code;
  }
}

TEST(RetryPolicyTest, NetworkErrorsRetryButAbortGivesUp) {
  for (TransportError e : {TransportError::kDns, TransportError::kConnect, TransportError::kTimeout,
                           TransportError::kTls, TransportError::kSilence,
                           TransportError::kOversizeLine, TransportError::kOther}) {
    const RetryDecision d = decide_retry(HttpResult::failure(e, "boom"), 1, 0.0);
    EXPECT_EQ(d.action, RetryAction::kRetry) << to_string(e);
    EXPECT_NE(d.reason.find("boom"), std::string::npos);
  }
  EXPECT_EQ(decide_retry(HttpResult::failure(TransportError::kAborted, "bye"), 1, 0.0).action,
            RetryAction::kGiveUp);
}

TEST(RetryPolicyTest, MaxAttemptsTurnsRetryIntoGiveUp) {
  RetryParams params;
  params.max_attempts = 3;
  EXPECT_EQ(decide_retry(HttpResult::response(503), 2, 0.0, params).action, RetryAction::kRetry);
  const RetryDecision last = decide_retry(HttpResult::response(503), 3, 0.0, params);
  EXPECT_EQ(last.action, RetryAction::kGiveUp);
  EXPECT_NE(last.reason.find("3 attempts"), std::string::npos) << last.reason;
  // 429 is not a retry: the attempt limit does not apply to cooldowns.
  EXPECT_EQ(decide_retry(HttpResult::response(429), 9, 0.0, params).action, RetryAction::kCoolDown);
}

TEST(RetryPolicyTest, BackoffIsCappedAndJitterStaysInBounds) {
  const RetryParams params;  // 1 s initial, 60 s cap, jitter 0.5
  for (int attempt = 1; attempt <= 200; attempt += 7) {
    const milliseconds full =
        std::min(milliseconds(60'000), milliseconds(1000LL << std::min(attempt - 1, 20)));
    for (double r : {0.0, 0.25, 0.5, 0.999999, 1.0}) {
      const milliseconds d = backoff_delay(attempt, r, params);
      EXPECT_LE(d, full) << attempt << " " << r;
      EXPECT_GE(d, full / 2) << attempt << " " << r;
    }
  }
  EXPECT_EQ(backoff_delay(1000, 0.0, params), milliseconds(60'000));
  EXPECT_EQ(backoff_delay(1000, 1.0, params), milliseconds(30'000));
  EXPECT_EQ(backoff_delay(1, 0.5, params), milliseconds(750));
}

TEST(RetryPolicyTest, BackoffClampsOddInputs) {
  const RetryParams params;
  EXPECT_EQ(backoff_delay(0, 0.0, params), milliseconds(1000));
  EXPECT_EQ(backoff_delay(-5, 0.0, params), milliseconds(1000));
  EXPECT_EQ(backoff_delay(1, -3.0, params), milliseconds(1000));
  EXPECT_EQ(backoff_delay(1, 7.0, params), milliseconds(500));
  EXPECT_EQ(backoff_delay(1, std::nan(""), params), milliseconds(1000));
}

TEST(RetryPolicyTest, UnexpectedStatusesGiveUp) {
  EXPECT_EQ(decide_retry(HttpResult::response(302), 1, 0.0).action, RetryAction::kGiveUp);
  EXPECT_EQ(decide_retry(HttpResult::response(101), 1, 0.0).action, RetryAction::kGiveUp);
}

TEST(RetryPolicyTest, ParsesRetryAfterDeltaSeconds) {
  EXPECT_EQ(parse_retry_after("120"), seconds(120));
  EXPECT_EQ(parse_retry_after(" 3\t"), seconds(3));
  EXPECT_FALSE(parse_retry_after("").has_value());
  EXPECT_FALSE(parse_retry_after("-1").has_value());
  EXPECT_FALSE(parse_retry_after("1.5").has_value());
  EXPECT_FALSE(parse_retry_after("99999999999999").has_value());
  EXPECT_FALSE(parse_retry_after("Fri, 31 Dec 1999 23:59:59 GMT").has_value());
}

}  // namespace
}  // namespace bot
