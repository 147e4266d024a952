// SPDX-License-Identifier: GPL-3.0-or-later
#include "daemon/http/http_client.h"

#include <gtest/gtest.h>

#include "tests/daemon/support/fakes.h"

namespace bot {
namespace {

TEST(HttpClientTest, FormEncodingEscapesReservedCharacters) {
  EXPECT_EQ(form_encode({}), "");
  EXPECT_EQ(form_encode({{"rated", "false"}, {"clock.limit", "300"}}),
            "rated=false&clock.limit=300");
  EXPECT_EQ(form_encode({{"text", "good game & thanks=1 ü"}}),
            "text=good+game+%26+thanks%3D1+%C3%BC");
  EXPECT_EQ(form_encode({{"fen", "8/8/8/8/8/8/8/K6k w - - 0 1"}}),
            "fen=8%2F8%2F8%2F8%2F8%2F8%2F8%2FK6k+w+-+-+0+1");
}

TEST(HttpClientTest, ComponentEncodingUsesPercentForSpaces) {
  EXPECT_EQ(url_encode_component("e2e4"), "e2e4");
  EXPECT_EQ(url_encode_component("a b/c?d#e"), "a%20b%2Fc%3Fd%23e");
  EXPECT_EQ(url_encode_component("Some-User_1.x~"), "Some-User_1.x~");
}

TEST(HttpClientTest, RequestBuilders) {
  const HttpRequest get = HttpRequest::get("/api/account");
  EXPECT_EQ(get.method, HttpMethod::kGet);
  EXPECT_EQ(get.path, "/api/account");
  EXPECT_TRUE(std::holds_alternative<std::monostate>(get.body));

  const HttpRequest form =
      HttpRequest::post_form("/api/challenge/x/decline", {{"reason", "later"}});
  EXPECT_EQ(form.method, HttpMethod::kPost);
  ASSERT_TRUE(std::holds_alternative<FormFields>(form.body));
  EXPECT_EQ(std::get<FormFields>(form.body).at(0).second, "later");

  const HttpRequest text = HttpRequest::post_text("/api/token/test", "text/plain", "a,b");
  ASSERT_TRUE(std::holds_alternative<TextBody>(text.body));
  EXPECT_EQ(std::get<TextBody>(text.body).text, "a,b");
  EXPECT_TRUE(std::holds_alternative<std::monostate>(HttpRequest::post("/x").body));
}

TEST(HttpClientTest, ResultHelpers) {
  const HttpResult ok = HttpResult::response(204, "", {{"retry-after", "3"}});
  EXPECT_TRUE(ok.ok());
  EXPECT_EQ(ok.header("Retry-After"), "3");
  EXPECT_FALSE(ok.header("etag").has_value());

  const HttpResult not_found = HttpResult::response(404, "{}");
  EXPECT_TRUE(not_found.transport_ok());
  EXPECT_FALSE(not_found.ok());

  const HttpResult failed = HttpResult::failure(TransportError::kConnect, "refused");
  EXPECT_FALSE(failed.transport_ok());
  EXPECT_FALSE(failed.ok());
  EXPECT_EQ(failed.status, 0);
  EXPECT_EQ(to_string(failed.error), "connect");
  EXPECT_EQ(to_string(TransportError::kOversizeLine), "oversize line");
  EXPECT_EQ(to_string(HttpMethod::kPost), "POST");
}

TEST(FakeHttpClientTest, ServesScriptedRepliesInOrderAndRecordsRequests) {
  test::FakeHttpClient http;
  http.reply(HttpMethod::kPost, "/api/bot/game/g1/move/e2e4", HttpResult::response(429, ""));
  http.reply(HttpMethod::kPost, "/api/bot/game/g1/move/e2e4",
             HttpResult::response(200, R"({"ok":true})"));
  HttpClient& client = http;
  EXPECT_EQ(client.request(HttpRequest::post("/api/bot/game/g1/move/e2e4")).status, 429);
  EXPECT_EQ(client.request(HttpRequest::post("/api/bot/game/g1/move/e2e4")).status, 200);
  EXPECT_EQ(client.request(HttpRequest::post("/api/bot/game/g1/move/e2e4")).status, 404);
  EXPECT_EQ(http.requests().size(), 3u);
}

TEST(FakeHttpClientTest, StreamsScriptedLinesAndHonoursStop) {
  test::FakeHttpClient http;
  http.stream_reply("/api/stream/event", {"{\"type\":\"a\"}", "", "{\"type\":\"b\"}"},
                    HttpResult::failure(TransportError::kSilence, "quiet"));
  http.stream_reply("/api/stream/event", {"1", "2", "3"});
  std::vector<std::string> seen;
  StreamResult first = http.stream(HttpRequest::get("/api/stream/event"),
                                   [&](std::string_view line) {
                                     seen.emplace_back(line);
                                     return StreamAction::kContinue;
                                   },
                                   {});
  EXPECT_EQ(seen.size(), 3u);
  EXPECT_EQ(first.lines, 3u);
  EXPECT_EQ(first.http.error, TransportError::kSilence);

  StreamResult second =
      http.stream(HttpRequest::get("/api/stream/event"),
                  [&](std::string_view line) {
                    return line == "2" ? StreamAction::kStop : StreamAction::kContinue;
                  },
                  {});
  EXPECT_TRUE(second.stopped);
  EXPECT_EQ(second.lines, 2u);

  http.abort();
  EXPECT_EQ(http.request(HttpRequest::get("/api/account")).error, TransportError::kAborted);
}

TEST(RecordingNotifierTest, RecordsDatagramTexts) {
  test::RecordingNotifier notifier(std::chrono::seconds(20));
  Notifier& n = notifier;
  n.ready();
  n.status("idle");
  n.watchdog();
  n.stopping();
  EXPECT_EQ(notifier.messages(),
            (std::vector<std::string>{"READY=1", "STATUS=idle", "WATCHDOG=1", "STOPPING=1"}));
  EXPECT_EQ(n.watchdog_interval(), std::chrono::seconds(20));
}

}  // namespace
}  // namespace bot
