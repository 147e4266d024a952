#include "daemon/http/retry_policy.h"

#include <gtest/gtest.h>

#include <cmath>

namespace bot {
namespace {

using std::chrono::milliseconds;
using std::chrono::seconds;

HttpResult status(int code, std::string body = "", std::vector<HttpHeader> headers = {}) {
  return HttpResult::response(code, std::move(body), std::move(headers));
}

TEST(RetryPolicyTest, TwoHundredsSucceed) {
  for (int code : {200, 201, 204}) {
    const RetryDecision d = decide_retry(status(code, R"({"ok":true})"), 1, 0.5);
    EXPECT_EQ(d.action, RetryAction::kSuccess) << code;
    EXPECT_EQ(d.delay, milliseconds(0));
  }
}

TEST(RetryPolicyTest, ClientErrorsGiveUpAndKeepTheServerMessage) {
  for (int code : {400, 401, 403, 404, 408, 422}) {
    const RetryDecision d = decide_retry(status(code, R"({"error":"No such game"})"), 1, 0.5);
    EXPECT_EQ(d.action, RetryAction::kGiveUp) << code;
    EXPECT_NE(d.reason.find(std::to_string(code)), std::string::npos) << d.reason;
    EXPECT_NE(d.reason.find("No such game"), std::string::npos) << d.reason;
  }
  const RetryDecision unauthorized = decide_retry(status(401, "No token"), 1, 0.0);
  EXPECT_EQ(unauthorized.action, RetryAction::kGiveUp);
}

TEST(RetryPolicyTest, OpponentQuota400GivesUpButExposesRatelimit) {
  const RetryDecision d = decide_retry(
      status(400, R"({"error":"quota","ratelimit":{"key":"bot.vsBot.day","seconds":4000}})"), 1,
      0.5);
  EXPECT_EQ(d.action, RetryAction::kGiveUp);
  ASSERT_TRUE(d.ratelimit.has_value());
  EXPECT_EQ(d.ratelimit->key, "bot.vsBot.day");
  EXPECT_EQ(d.ratelimit->seconds, seconds(4000));
}

TEST(RetryPolicyTest, TooManyRequestsWithJsonRatelimitUsesItsSeconds) {
  const RetryDecision d = decide_retry(
      status(429,
             R"({"error":"Too many bot games","ratelimit":{"key":"bot.vsBot.day","seconds":3600}})",
             {{"retry-after", "5"}}),
      1, 0.5);
  EXPECT_EQ(d.action, RetryAction::kCoolDown);
  EXPECT_EQ(d.delay, seconds(3600));  // the body wins over Retry-After
  ASSERT_TRUE(d.ratelimit.has_value());
  EXPECT_EQ(d.ratelimit->key, "bot.vsBot.day");
}

TEST(RetryPolicyTest, TooManyRequestsWithHtmlBodyCoolsDownOneMinute) {
  const std::string html =
      "<!DOCTYPE html><html><head><title>429 Too Many Requests</title></head>"
      "<body><h1>Too many requests</h1>{\"not\": json</body></html>";
  const RetryDecision d = decide_retry(status(429, html, {{"content-type", "text/html"}}), 3, 0.9);
  EXPECT_EQ(d.action, RetryAction::kCoolDown);
  EXPECT_EQ(d.delay, seconds(60));
  EXPECT_FALSE(d.ratelimit.has_value());
}

TEST(RetryPolicyTest, TooManyRequestsHonoursRetryAfterHeader) {
  const RetryDecision d =
      decide_retry(status(429, "", {{"Retry-After", " 17 "}}), 1, 0.5);  // any header case
  EXPECT_EQ(d.action, RetryAction::kCoolDown);
  EXPECT_EQ(d.delay, seconds(17));
}

TEST(RetryPolicyTest, TooManyRequestsWithHttpDateRetryAfterFallsBackToDefault) {
  const RetryDecision d =
      decide_retry(status(429, "", {{"retry-after", "Wed, 21 Oct 2015 07:28:00 GMT"}}), 1, 0.5);
  EXPECT_EQ(d.delay, seconds(60));
}

TEST(RetryPolicyTest, CooldownIsClampedAndConfigurable) {
  RetryParams params;
  params.default_cooldown = milliseconds(1'000);  // e.g. the move endpoint
  EXPECT_EQ(decide_retry(status(429, ""), 1, 0.0, params).delay, seconds(1));
  EXPECT_EQ(
      decide_retry(status(429, R"({"ratelimit":{"key":"k","seconds":999999999}})"), 1, 0.0).delay,
      std::chrono::hours(24));
  // seconds: 0 is not a usable hint: fall back.
  EXPECT_EQ(decide_retry(status(429, R"({"ratelimit":{"key":"k","seconds":0}})"), 1, 0.0).delay,
            seconds(60));
  EXPECT_EQ(decide_retry(status(429, "", {{"retry-after", "0"}}), 1, 0.0).delay, seconds(1));
}

TEST(RetryPolicyTest, ServerErrorsRetryWithGrowingDelay) {
  RetryParams params;
  params.jitter = 0.0;
  for (int code : {500, 502, 503, 504}) {
    std::vector<milliseconds> delays;
    for (int attempt = 1; attempt <= 5; ++attempt) {
      const RetryDecision d =
          decide_retry(status(code, "<html>Bad gateway</html>"), attempt, 0.3, params);
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
  EXPECT_EQ(decide_retry(status(503), 2, 0.0, params).action, RetryAction::kRetry);
  const RetryDecision last = decide_retry(status(503), 3, 0.0, params);
  EXPECT_EQ(last.action, RetryAction::kGiveUp);
  EXPECT_NE(last.reason.find("3 attempts"), std::string::npos) << last.reason;
  // 429 is not a retry: the attempt limit does not apply to cooldowns.
  EXPECT_EQ(decide_retry(status(429), 9, 0.0, params).action, RetryAction::kCoolDown);
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
  EXPECT_EQ(decide_retry(status(302), 1, 0.0).action, RetryAction::kGiveUp);
  EXPECT_EQ(decide_retry(status(101), 1, 0.0).action, RetryAction::kGiveUp);
}

TEST(ApiErrorTest, ParsesErrorAndRatelimitShapes) {
  auto plain = parse_api_error(R"({"error":"Not your turn, or game already over"})");
  ASSERT_TRUE(plain.has_value());
  EXPECT_EQ(plain->message, "Not your turn, or game already over");
  EXPECT_FALSE(plain->ratelimit.has_value());

  auto limited = parse_api_error(R"({"ratelimit":{"key":"challenge.create.user","seconds":12.2}})");
  ASSERT_TRUE(limited.has_value());
  EXPECT_EQ(limited->ratelimit, (RateLimitInfo{"challenge.create.user", seconds(13)}));

  EXPECT_FALSE(parse_api_error("<html>429</html>").has_value());
  EXPECT_FALSE(parse_api_error("").has_value());
  EXPECT_FALSE(parse_api_error(R"({"ok":true})").has_value());
  EXPECT_FALSE(parse_api_error(R"(["error"])").has_value());
  // Wrong types are tolerated, not thrown.
  auto odd = parse_api_error(R"({"error":42,"ratelimit":{"key":7,"seconds":"x"}})");
  ASSERT_TRUE(odd.has_value());
  EXPECT_EQ(odd->message, "");
  EXPECT_EQ(odd->ratelimit, (RateLimitInfo{"", seconds(0)}));
}

TEST(ApiErrorTest, ParsesRetryAfterDeltaSeconds) {
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
