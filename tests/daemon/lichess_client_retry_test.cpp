// SPDX-License-Identifier: GPL-3.0-or-later
// LichessClient cooldowns and retries against the scripted FakeHttpClient and FakeClock:
// 429 cooldowns, bounded and quick retries, non-idempotent calls, giving up, stopping.
#include "daemon/lichess/client.h"

#include <gtest/gtest.h>

#include <atomic>
#include <thread>

#include "tests/daemon/support/lichess_client_fixture.h"

namespace bot {
namespace {

using std::chrono::milliseconds;
using std::chrono::seconds;
using test::data_file;
using test::FakeClock;
using test::FakeHttpClient;
using test::kGet;
using test::kPost;
using test::LichessClientTest;
using test::ok;

TEST_F(LichessClientTest, Json429CoolsTheEndpointDownForRatelimitSeconds) {
  http_.reply(kPost, "/api/challenge/other-bot",
              HttpResult::response(429, data_file("ratelimit-429.json")));
  ChallengeRequest request;
  request.username = "other-bot";
  const auto refused = client_.create_challenge(request);
  ASSERT_FALSE(refused.has_value());
  EXPECT_EQ(refused.error().status, 429);
  EXPECT_TRUE(refused.error().rate_limited());
  EXPECT_TRUE(refused.error().retryable);
  ASSERT_TRUE(refused.error().ratelimit.has_value());
  EXPECT_EQ(refused.error().ratelimit->key, "bot.vsBot.day");
  EXPECT_EQ(refused.error().cooldown, seconds(5400));
  EXPECT_EQ(refused.error().server_message,
            "You have played too many games against computers today.");
  EXPECT_EQ(client_.cooldown_remaining(Endpoint::kChallengeCreate), seconds(5400));
  EXPECT_EQ(request_count(), 1u);

  // Fails fast, without a request, while cooling down.
  clock_.advance(seconds(400));
  const auto fast = client_.create_challenge(request);
  ASSERT_FALSE(fast.has_value());
  EXPECT_EQ(fast.error().kind, LichessErrorKind::kCoolingDown);
  EXPECT_EQ(fast.error().describe(), "challenge-create: cooling down, 5000 s left");
  EXPECT_EQ(request_count(), 1u);
  // Other keys are not affected.
  http_.reply(kPost, "/api/bot/game/G1/move/e2e4", ok());
  EXPECT_TRUE(client_.move("G1", "e2e4").has_value());

  clock_.advance(seconds(5000));
  http_.reply(kPost, "/api/challenge/other-bot", ok(data_file("challenge-create.json")));
  EXPECT_TRUE(client_.create_challenge(request).has_value());
  EXPECT_NE(log_text_.str().find("'challenge' requests paused for 5400 s"), std::string::npos);
}

TEST_F(LichessClientTest, Html429CoolsDownForAMinuteButMovesOnlyBriefly) {
  http_.reply(kGet, "/api/account", HttpResult::response(429, data_file("ratelimit-429.html")));
  const auto account = client_.account();
  ASSERT_FALSE(account.has_value());
  EXPECT_EQ(account.error().status, 429);
  EXPECT_EQ(account.error().server_message, "");
  EXPECT_EQ(account.error().cooldown, seconds(60));
  EXPECT_EQ(client_.cooldown_remaining(Endpoint::kAccount), seconds(60));

  // A minute without moves would lose a fast game on time: a bare 429 on a move waits 1 s.
  http_.reply(kPost, "/api/bot/game/G1/move/e2e4",
              HttpResult::response(429, data_file("ratelimit-429.html")));
  const auto refused = client_.move("G1", "e2e4");
  ASSERT_FALSE(refused.has_value());
  EXPECT_EQ(refused.error().cooldown, seconds(1));
  EXPECT_EQ(request_count(), 2u);  // a 429 is not retried
  const auto fast = client_.move("G1", "e2e4");
  ASSERT_FALSE(fast.has_value());
  EXPECT_EQ(fast.error().kind, LichessErrorKind::kCoolingDown);
  EXPECT_EQ(fast.error().describe(), "move: cooling down, 1 s left");
  EXPECT_EQ(request_count(), 2u);
  clock_.advance(seconds(61));

  // Retry-After is honoured when there is no ratelimit object.
  http_.reply(kGet, "/api/account",
              HttpResult::response(429, "slow down", {{"retry-after", "90"}}));
  EXPECT_EQ(client_.account().error().cooldown, seconds(90));
  EXPECT_EQ(client_.cooldown_remaining(Endpoint::kUpgrade), seconds(90));  // same key
}

TEST_F(LichessClientTest, ServerErrorsRetryABoundedNumberOfTimes) {
  for (int i = 0; i < 4; ++i) {
    http_.reply(kGet, "/api/account", HttpResult::response(502, "<html>bad gateway</html>"));
  }
  const auto failed = client_.account();
  ASSERT_FALSE(failed.has_value());
  EXPECT_EQ(failed.error().status, 502);
  EXPECT_EQ(failed.error().attempts, 4);
  EXPECT_TRUE(failed.error().retryable);
  EXPECT_EQ(request_count(), 4u);
  EXPECT_EQ(clock_.sleeps(),
            (std::vector<std::chrono::nanoseconds>{seconds(1), seconds(2), seconds(4)}));

  http_.reply(kGet, "/api/account", HttpResult::failure(TransportError::kConnect, "refused"));
  http_.reply(kGet, "/api/account", HttpResult::response(500, ""));
  http_.reply(kGet, "/api/account", ok(data_file("account.json")));
  EXPECT_TRUE(client_.account().has_value());  // third attempt succeeds
  EXPECT_EQ(request_count(), 7u);
  EXPECT_EQ(clock_.sleeps().size(), 5u);
}

TEST_F(LichessClientTest, MovesRetryQuicklyAndFewTimes) {
  for (int i = 0; i < 5; ++i) {
    http_.reply(kPost, "/api/bot/game/G1/move/e2e4", HttpResult::response(503, ""));
  }
  const auto failed = client_.move("G1", "e2e4");
  ASSERT_FALSE(failed.has_value());
  EXPECT_EQ(failed.error().attempts, 3);
  EXPECT_EQ(request_count(), 3u);
  EXPECT_EQ(clock_.sleeps(),
            (std::vector<std::chrono::nanoseconds>{milliseconds(200), milliseconds(400)}));
}

TEST_F(LichessClientTest, NonIdempotentCallsAreNotRetried) {
  http_.reply(kPost, "/api/bot/game/G1/chat", HttpResult::response(500, ""));
  http_.reply(kPost, "/api/bot/game/G1/chat", ok());
  EXPECT_FALSE(client_.post_chat("G1", ChatRoom::kPlayer, "hi").has_value());
  http_.reply(kPost, "/api/challenge/x", HttpResult::failure(TransportError::kTimeout, "slow"));
  http_.reply(kPost, "/api/challenge/x", ok(data_file("challenge-create.json")));
  ChallengeRequest request;
  request.username = "x";
  const auto failed = client_.create_challenge(request);
  ASSERT_FALSE(failed.has_value());
  EXPECT_EQ(failed.error().kind, LichessErrorKind::kTransport);
  EXPECT_EQ(failed.error().transport, TransportError::kTimeout);
  EXPECT_TRUE(failed.error().retryable);
  EXPECT_EQ(request_count(), 2u);
  EXPECT_TRUE(clock_.sleeps().empty());
}

TEST_F(LichessClientTest, ClientErrorsGiveUpAtOnce) {
  http_.reply(kPost, "/api/bot/game/G1/move/e2e4",
              HttpResult::response(400, R"({"error":"Not your turn, or game already over"})"));
  const auto late = client_.move("G1", "e2e4");
  ASSERT_FALSE(late.has_value());
  EXPECT_EQ(late.error().kind, LichessErrorKind::kHttp);
  EXPECT_FALSE(late.error().retryable);
  EXPECT_EQ(late.error().describe(), "move: HTTP 400: Not your turn, or game already over");

  http_.reply(kPost, "/api/bot/game/ZZ/resign",
              HttpResult::response(404, R"({"error":"No such game"})"));
  const auto gone = client_.resign("ZZ");
  ASSERT_FALSE(gone.has_value());
  EXPECT_EQ(gone.error().status, 404);
  EXPECT_FALSE(gone.error().retryable);
  EXPECT_EQ(request_count(), 2u);
  EXPECT_TRUE(clock_.sleeps().empty());
  EXPECT_EQ(client_.cooldown_remaining(Endpoint::kMove), milliseconds(0));

  http_.reply(kGet, "/api/account", HttpResult::failure(TransportError::kAborted, "shutdown"));
  const auto aborted = client_.account();
  ASSERT_FALSE(aborted.has_value());
  EXPECT_FALSE(aborted.error().retryable);
  EXPECT_EQ(request_count(), 3u);
}

TEST_F(LichessClientTest, StopRetriesEndsBackoff) {
  client_.stop_retries();
  http_.reply(kGet, "/api/account", HttpResult::response(500, ""));
  http_.reply(kGet, "/api/account", ok(data_file("account.json")));
  const auto failed = client_.account();
  ASSERT_FALSE(failed.has_value());
  EXPECT_EQ(failed.error().status, 500);
  EXPECT_EQ(request_count(), 1u);
  // Calls still go out after the stop (resigning on shutdown).
  http_.reply(kPost, "/api/bot/game/G1/resign", ok());
  EXPECT_TRUE(client_.resign("G1").has_value());
}

}  // namespace
}  // namespace bot
