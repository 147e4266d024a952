// SPDX-License-Identifier: GPL-3.0-or-later
// LichessClient request/response calls against the scripted FakeHttpClient:
// method, path and body of every endpoint; the give-up rule; chat truncation; the token
// never reaching the log; bad bodies; one request at a time.
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

TEST_F(LichessClientTest, AccountAndUserReads) {
  http_.reply(kGet, "/api/account", ok(data_file("account.json")));
  const auto account = client_.account();
  ASSERT_TRUE(account.has_value()) << account.error().describe();
  EXPECT_TRUE(account->is_bot());
  EXPECT_EQ(last_request().method, kGet);
  EXPECT_TRUE(std::holds_alternative<std::monostate>(last_request().body));

  http_.reply(kGet, "/api/user/KingCrusher",
              ok(R"({"id":"kingcrusher","username":"KingCrusher"})"));
  EXPECT_EQ(client_.user("KingCrusher")->id, "kingcrusher");

  http_.reply(kGet, "/api/account/playing?nb=50", ok(data_file("playing.json")));
  EXPECT_EQ(client_.playing()->size(), 2u);

  http_.reply(kGet, "/api/users/status?ids=kingcrusher,other-bot,sleepy",
              ok(data_file("users-status.json")));
  const std::vector<std::string> ids = {"kingcrusher", "other-bot", "sleepy"};
  EXPECT_EQ(client_.users_status(ids)->size(), 3u);

  http_.reply(kGet, "/game/export/Xk3pR9tQ", ok("[Event \"Casual\"]\n\n1. e4 *\n"));
  EXPECT_EQ(*client_.export_game("Xk3pR9tQ"), "[Event \"Casual\"]\n\n1. e4 *\n");
  ASSERT_EQ(last_request().headers.size(), 1u);
  EXPECT_EQ(last_request().headers[0].name, "Accept");
  EXPECT_EQ(last_request().headers[0].value, "application/x-chess-pgn");
}

TEST_F(LichessClientTest, UsersStatusGoesInBatchesOfHundred) {
  std::vector<std::string> ids;
  for (int i = 0; i < 150; ++i) ids.push_back("u" + std::to_string(i));
  std::string first = "/api/users/status?ids=u0";
  for (int i = 1; i < 100; ++i) first += ",u" + std::to_string(i);
  std::string second = "/api/users/status?ids=u100";
  for (int i = 101; i < 150; ++i) second += ",u" + std::to_string(i);
  http_.reply(kGet, first, ok(R"([{"id":"u0"}])"));
  http_.reply(kGet, second, ok(R"([{"id":"u100"},{"id":"u101"}])"));
  const auto users = client_.users_status(ids);
  ASSERT_TRUE(users.has_value()) << users.error().describe();
  EXPECT_EQ(users->size(), 3u);
  EXPECT_EQ(request_count(), 2u);
  EXPECT_TRUE(client_.users_status({})->empty());
  EXPECT_EQ(request_count(), 2u);
}

TEST_F(LichessClientTest, OnlineBotsSkipsBadLines) {
  http_.reply(kGet, "/api/bot/online?nb=100", ok(data_file("bot-online.ndjson")));
  const auto bots = client_.online_bots();
  ASSERT_TRUE(bots.has_value()) << bots.error().describe();
  ASSERT_EQ(bots->size(), 2u);
  EXPECT_EQ((*bots)[0].perfs.at("blitz").rating, 2210);
  EXPECT_EQ((*bots)[1].id, "tiny-bot");
  EXPECT_NE(log_text_.str().find("bot-online: dropping malformed line (user: field 'id' missing)"),
            std::string::npos);
  EXPECT_GE(last_request().timeout, seconds(30));
}

TEST_F(LichessClientTest, GameCommandsUseTheirPaths) {
  const std::vector<std::string> paths = {
      "/api/bot/game/G1/move/e1h1",     "/api/bot/game/G1/move/e7e8q?offeringDraw=true",
      "/api/bot/game/G1/abort",         "/api/bot/game/G1/resign",
      "/api/bot/game/G1/draw/yes",      "/api/bot/game/G1/draw/no",
      "/api/bot/game/G1/takeback/yes",  "/api/bot/game/G1/takeback/no",
      "/api/bot/game/G1/claim-victory", "/api/bot/game/G1/claim-draw",
      "/api/bot/account/upgrade",
  };
  for (const std::string& path : paths) http_.reply(kPost, path, ok());
  EXPECT_TRUE(client_.move("G1", "e1h1").has_value());
  EXPECT_TRUE(client_.move("G1", "e7e8q", /*offering_draw=*/true).has_value());
  EXPECT_TRUE(client_.abort_game("G1").has_value());
  EXPECT_TRUE(client_.resign("G1").has_value());
  EXPECT_TRUE(client_.draw("G1", true).has_value());
  EXPECT_TRUE(client_.draw("G1", false).has_value());
  EXPECT_TRUE(client_.takeback("G1", true).has_value());
  EXPECT_TRUE(client_.takeback("G1", false).has_value());
  EXPECT_TRUE(client_.claim_victory("G1").has_value());
  EXPECT_TRUE(client_.claim_draw("G1").has_value());
  EXPECT_TRUE(client_.upgrade_to_bot().has_value());
  const std::vector<HttpRequest> requests = http_.requests();
  ASSERT_EQ(requests.size(), paths.size());
  for (std::size_t i = 0; i < paths.size(); ++i) {
    EXPECT_EQ(requests[i].method, kPost);
    EXPECT_EQ(requests[i].path, paths[i]);
    EXPECT_TRUE(std::holds_alternative<std::monostate>(requests[i].body)) << paths[i];
  }
}

TEST_F(LichessClientTest, ChatPostIsFormWithRoomAndTruncatedText) {
  http_.reply(kPost, "/api/bot/game/G1/chat", ok());
  http_.reply(kPost, "/api/bot/game/G1/chat", ok());
  EXPECT_TRUE(client_.post_chat("G1", ChatRoom::kPlayer, "good game").has_value());
  EXPECT_EQ(std::get<FormFields>(last_request().body),
            (FormFields{{"room", "player"}, {"text", "good game"}}));
  EXPECT_TRUE(client_.post_chat("G1", ChatRoom::kSpectator, std::string(200, 'x')).has_value());
  EXPECT_EQ(std::get<FormFields>(last_request().body),
            (FormFields{{"room", "spectator"}, {"text", std::string(140, 'x')}}));

  http_.reply(kGet, "/api/bot/game/G1/chat", ok(data_file("chat.json")));
  EXPECT_EQ(client_.chat("G1")->size(), 3u);
}

TEST_F(LichessClientTest, ChallengeCalls) {
  http_.reply(kPost, "/api/challenge/other-bot", ok(data_file("challenge-create.json")));
  ChallengeRequest request;
  request.username = "other-bot";
  request.clock_limit_s = 180;
  request.clock_increment_s = 2;
  request.rated = true;
  const auto created = client_.create_challenge(request);
  ASSERT_TRUE(created.has_value()) << created.error().describe();
  EXPECT_EQ(created->id, "Cc9vV8bB");
  EXPECT_EQ(std::get<FormFields>(last_request().body), challenge_form(request));

  http_.reply(kPost, "/api/challenge/Vb7nM2qW/accept", ok());
  EXPECT_TRUE(client_.accept_challenge("Vb7nM2qW").has_value());
  EXPECT_TRUE(std::holds_alternative<std::monostate>(last_request().body));

  http_.reply(kPost, "/api/challenge/Vb7nM2qW/decline", ok());
  EXPECT_TRUE(client_.decline_challenge("Vb7nM2qW", DeclineReason::kTooFast).has_value());
  EXPECT_EQ(std::get<FormFields>(last_request().body), (FormFields{{"reason", "tooFast"}}));

  http_.reply(kPost, "/api/challenge/Cc9vV8bB/cancel", ok());
  EXPECT_TRUE(client_.cancel_challenge("Cc9vV8bB").has_value());

  http_.reply(kGet, "/api/challenge", ok(data_file("challenge-list.json")));
  EXPECT_EQ(client_.challenges()->outgoing.size(), 1u);

  http_.reply(kGet, "/api/challenge/Cc9vV8bB/show", ok(data_file("challenge-create.json")));
  EXPECT_EQ(client_.show_challenge("Cc9vV8bB")->status, "created");
}

TEST_F(LichessClientTest, TokenTestSendsTokenAsTextBody) {
  http_.reply(kPost, "/api/token/test", ok(data_file("token-test.json")));
  const auto info = client_.test_token("lip_paxbotTestToken0123");
  ASSERT_TRUE(info.has_value()) << info.error().describe();
  ASSERT_TRUE(info->has_value());
  EXPECT_TRUE((*info)->can_play_as_bot());
  const HttpRequest request = last_request();
  const auto& body = std::get<TextBody>(request.body);
  EXPECT_EQ(body.content_type, "text/plain");
  EXPECT_EQ(body.text, "lip_paxbotTestToken0123");
}

TEST_F(LichessClientTest, TokenNeverReachesTheLog) {
  const std::string token = "lip_SuperSecret987";
  for (int i = 0; i < 4; ++i) {
    http_.reply(kPost, "/api/token/test", HttpResult::response(503, "busy"));
  }
  EXPECT_FALSE(client_.test_token(token).has_value());
  http_.reply(kPost, "/api/token/test", ok(R"({")" + token + R"(":{"userId":)"));
  const auto broken = client_.test_token(token);
  ASSERT_FALSE(broken.has_value());
  EXPECT_EQ(broken.error().kind, LichessErrorKind::kBadResponse);
  EXPECT_EQ(broken.error().describe().find("SuperSecret"), std::string::npos);
  http_.reply(kPost, "/api/token/test", ok(R"({")" + token + R"(":{"userId":42}})"));
  const auto mistyped = client_.test_token(token);
  ASSERT_FALSE(mistyped.has_value());
  EXPECT_EQ(mistyped.error().describe().find("SuperSecret"), std::string::npos);
  log_.error(broken.error().describe());
  log_.error(mistyped.error().describe());
  EXPECT_FALSE(log_text_.str().empty());
  EXPECT_EQ(log_text_.str().find("SuperSecret"), std::string::npos) << log_text_.str();
}

TEST_F(LichessClientTest, BadBodiesAreBadResponses) {
  http_.reply(kGet, "/api/account", ok("<html>maintenance</html>"));
  const auto bad = client_.account();
  ASSERT_FALSE(bad.has_value());
  EXPECT_EQ(bad.error().kind, LichessErrorKind::kBadResponse);
  EXPECT_FALSE(bad.error().retryable);
  EXPECT_NE(bad.error().describe().find("account: bad response (HTTP 200): user: invalid JSON"),
            std::string::npos);
}

// Counts how many requests are in flight at once.
class ConcurrencyProbe final : public HttpClient {
 public:
  HttpResult request(const HttpRequest&) override {
    const int now = ++in_flight_;
    int seen = max_.load();
    while (now > seen && !max_.compare_exchange_weak(seen, now)) {
    }
    std::this_thread::sleep_for(std::chrono::microseconds(200));
    --in_flight_;
    return HttpResult::response(200, R"({"ok":true})");
  }
  StreamResult stream(const HttpRequest&, const LineHandler&, const StreamControl&) override {
    return {};
  }
  void abort() override {}
  int max() const { return max_.load(); }

 private:
  std::atomic<int> in_flight_{0};
  std::atomic<int> max_{0};
};

TEST(LichessClientSerializationTest, OneRequestAtATime) {
  ConcurrencyProbe http;
  base::SystemClock clock;
  std::ostringstream out;
  base::Logger log(out, base::LogLevel::kWarning, base::LogFormat::kTimestamped);
  LichessClient client(http, clock, log);
  std::vector<std::jthread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&client, t] {
      for (int i = 0; i < 10; ++i) {
        if (t % 2 == 0) {
          EXPECT_TRUE(client.move("G" + std::to_string(t), "e2e4").has_value());
        } else {
          EXPECT_TRUE(client.resign("G" + std::to_string(t)).has_value());
        }
      }
    });
  }
  threads.clear();
  EXPECT_EQ(http.max(), 1);
}

}  // namespace
}  // namespace bot
