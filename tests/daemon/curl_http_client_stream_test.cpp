// SPDX-License-Identifier: GPL-3.0-or-later
// Loopback tests of CurlHttpClient streams against the in-test server on 127.0.0.1.
#include "daemon/http/curl_http_client.h"

#include <gtest/gtest.h>

#include <atomic>
#include <future>
#include <thread>

#include "daemon/http/retry_policy.h"
#include "tests/daemon/support/curl_test_support.h"

namespace bot {
namespace {

using namespace std::chrono_literals;
using test::kPrompt;
using test::kToken;
using test::Lines;
using test::make_client;
using test::ReceivedRequest;
using test::TestConnection;
using test::TestHttpServer;
using Steady = std::chrono::steady_clock;

using test::control_with_silence;
using test::read_data_file;
using test::silent_stream;

TEST(CurlHttpClientTest, ChunkedNdjsonSplitAtOddPlacesArrivesAsLines) {
  TestHttpServer server;
  server.route("GET", "/api/stream/event", [](const ReceivedRequest&, TestConnection& c) {
    c.send_chunked_head(200, "application/x-ndjson");
    for (const char* piece :
         {"{\"type\":\"ga", "meStart\",\"game\":{\"id\":\"g1\"}}\r", "\n\n{",
          "\"type\":\"challenge\"}\n", "\n", "{\"type\":\"gameFinish\"}", "\n"}) {
      c.send_chunk(piece);
      std::this_thread::sleep_for(5ms);  // separate reads on the client side
    }
    c.end_chunks();
  });
  CurlHttpClient client = make_client(server);
  Lines lines;
  const StreamResult result =
      client.stream(HttpRequest::get("/api/stream/event"), lines.handler(), StreamControl{});
  ASSERT_TRUE(result.http.ok()) << result.http.error_message;
  EXPECT_FALSE(result.stopped);
  EXPECT_EQ(lines.seen,
            (std::vector<std::string>{R"({"type":"gameStart","game":{"id":"g1"}})", "",
                                      R"({"type":"challenge"})", "", R"({"type":"gameFinish"})"}));
  EXPECT_EQ(result.lines, 5u);
  EXPECT_TRUE(result.http.body.empty());
}

TEST(CurlHttpClientTest, RecordedStreamsArriveLineForLine) {
  for (const char* name : {"event-stream.ndjson", "game-stream-crlf.ndjson"}) {
    const std::string text = read_data_file(name);
    ASSERT_FALSE(text.empty()) << name;
    TestHttpServer server;
    server.route("GET", "/stream", [&](const ReceivedRequest&, TestConnection& c) {
      c.send_chunked_head(200, "application/x-ndjson");
      // Chunk sizes cycle through small primes so lines split everywhere.
      const std::size_t sizes[] = {7, 113, 3, 61, 251, 1, 29};
      std::size_t offset = 0;
      for (int i = 0; offset < text.size(); ++i) {
        const std::size_t n = std::min(sizes[i % 7], text.size() - offset);
        c.send_chunk(std::string_view(text).substr(offset, n));
        offset += n;
      }
      c.end_chunks();
    });
    CurlHttpClient client = make_client(server);
    Lines lines;
    const StreamResult result =
        client.stream(HttpRequest::get("/stream"), lines.handler(), StreamControl{});
    ASSERT_TRUE(result.http.ok()) << result.http.error_message;

    std::vector<std::string> expected;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
      if (!line.empty() && line.back() == '\r') line.pop_back();
      expected.push_back(line);
    }
    EXPECT_EQ(lines.seen, expected) << name;
  }
}

TEST(CurlHttpClientTest, UnterminatedLastLineIsDeliveredAtCleanEnd) {
  TestHttpServer server;
  server.route("GET", "/s", [](const ReceivedRequest&, TestConnection& c) {
    c.send_response(200, "application/x-ndjson", "{\"a\":1}\n{\"b\":2}");
  });
  CurlHttpClient client = make_client(server);
  Lines lines;
  const StreamResult result = client.stream(HttpRequest::get("/s"), lines.handler(), {});
  EXPECT_TRUE(result.http.ok());
  EXPECT_EQ(lines.seen, (std::vector<std::string>{"{\"a\":1}", "{\"b\":2}"}));
}

TEST(CurlHttpClientTest, SilenceWatchdogEndsAQuietStream) {
  TestHttpServer server;
  server.route("GET", "/api/stream/event", silent_stream);
  CurlHttpClient client = make_client(server);
  Lines lines;
  const auto start = Steady::now();
  const StreamResult result = client.stream(HttpRequest::get("/api/stream/event"), lines.handler(),
                                            control_with_silence(300ms));
  const auto elapsed = Steady::now() - start;
  EXPECT_EQ(result.http.error, TransportError::kSilence) << result.http.error_message;
  EXPECT_EQ(result.http.status, 200);
  EXPECT_EQ(lines.seen, std::vector<std::string>{"{\"type\":\"gameStart\"}"});
  EXPECT_FALSE(result.stopped);
  EXPECT_GE(elapsed, 250ms);
  EXPECT_LT(elapsed, kPrompt);
  EXPECT_EQ(decide_retry(result.http, 1, 0.0).action, RetryAction::kRetry);
}

TEST(CurlHttpClientTest, KeepAlivesResetTheSilenceWatchdog) {
  TestHttpServer server;
  server.route("GET", "/s", [](const ReceivedRequest&, TestConnection& c) {
    c.send_chunked_head(200, "application/x-ndjson");
    for (int i = 0; i < 6; ++i) {  // 6 x 150 ms = 900 ms, far past one 400 ms limit
      std::this_thread::sleep_for(150ms);
      if (!c.send_chunk("\n")) return;
    }
    c.send_chunk("{\"done\":true}\n");
    c.end_chunks();
  });
  CurlHttpClient client = make_client(server);
  Lines lines;
  const StreamResult result =
      client.stream(HttpRequest::get("/s"), lines.handler(), control_with_silence(400ms));
  EXPECT_TRUE(result.http.ok()) << result.http.error_message;
  EXPECT_EQ(lines.seen.size(), 7u);
  EXPECT_EQ(lines.seen.back(), "{\"done\":true}");
}

TEST(CurlHttpClientTest, AbortInterruptsSlowRequestAndStreamPromptly) {
  TestHttpServer server;
  server.route("GET", "/slow", [](const ReceivedRequest&, TestConnection& c) {
    if (!c.wait_for_close(30s)) c.send_response(200, "text/plain", "too late");
  });
  server.route("GET", "/api/stream/event", silent_stream);
  CurlHttpClient client = make_client(server);

  auto slow = std::async(std::launch::async, [&] {
    HttpRequest request = HttpRequest::get("/slow");
    request.timeout = 60s;
    return client.request(request);
  });
  auto stream = std::async(std::launch::async, [&] {
    return client.stream(
        HttpRequest::get("/api/stream/event"),
        [](std::string_view) { return StreamAction::kContinue; }, control_with_silence(60s));
  });
  while (server.requests().size() < 2) std::this_thread::sleep_for(5ms);
  std::this_thread::sleep_for(100ms);

  const auto start = Steady::now();
  client.abort();
  ASSERT_EQ(slow.wait_for(kPrompt), std::future_status::ready);
  ASSERT_EQ(stream.wait_for(kPrompt), std::future_status::ready);
  EXPECT_LT(Steady::now() - start, kPrompt);
  EXPECT_EQ(slow.get().error, TransportError::kAborted);
  const StreamResult ended = stream.get();
  EXPECT_EQ(ended.http.error, TransportError::kAborted);
  EXPECT_EQ(ended.lines, 1u);

  // Abort is final: later calls fail at once without touching the network.
  const HttpResult after = client.request(HttpRequest::get("/slow"));
  EXPECT_EQ(after.error, TransportError::kAborted);
  EXPECT_EQ(server.requests().size(), 2u);
  EXPECT_EQ(decide_retry(after, 1, 0.0).action, RetryAction::kGiveUp);
}

TEST(CurlHttpClientTest, StopTokenClosesOneStreamWithoutError) {
  TestHttpServer server;
  server.route("GET", "/api/bot/game/stream/g1", silent_stream);
  CurlHttpClient client = make_client(server);
  std::stop_source stop;
  StreamControl control = control_with_silence(60s);
  control.stop = stop.get_token();
  auto stream = std::async(std::launch::async, [&] {
    Lines lines;
    return client.stream(HttpRequest::get("/api/bot/game/stream/g1"), lines.handler(), control);
  });
  while (server.requests().empty()) std::this_thread::sleep_for(5ms);
  std::this_thread::sleep_for(100ms);
  stop.request_stop();
  ASSERT_EQ(stream.wait_for(kPrompt), std::future_status::ready);
  const StreamResult result = stream.get();
  EXPECT_TRUE(result.stopped);
  EXPECT_EQ(result.http.error, TransportError::kNone);
  EXPECT_EQ(result.http.status, 200);
  EXPECT_EQ(result.lines, 1u);
  // The client itself is still usable.
  server.route("GET", "/ping", [](const ReceivedRequest&, TestConnection& c) {
    c.send_response(200, "text/plain", "pong");
  });
  EXPECT_EQ(client.request(HttpRequest::get("/ping")).body, "pong");
}

TEST(CurlHttpClientTest, HandlerCanStopTheStream) {
  TestHttpServer server;
  server.route("GET", "/s", [](const ReceivedRequest&, TestConnection& c) {
    c.send_chunked_head(200, "application/x-ndjson");
    c.send_chunk("{\"n\":1}\n{\"n\":2}\n{\"n\":3}\n");
    c.wait_for_close(60s);
  });
  CurlHttpClient client = make_client(server);
  std::vector<std::string> seen;
  const StreamResult result = client.stream(
      HttpRequest::get("/s"),
      [&](std::string_view line) {
        seen.emplace_back(line);
        return seen.size() == 2 ? StreamAction::kStop : StreamAction::kContinue;
      },
      control_with_silence(60s));
  EXPECT_TRUE(result.stopped);
  EXPECT_EQ(result.http.error, TransportError::kNone);
  EXPECT_EQ(seen, (std::vector<std::string>{"{\"n\":1}", "{\"n\":2}"}));
  EXPECT_EQ(result.lines, 2u);
}

TEST(CurlHttpClientTest, ErrorStatusOnAStreamKeepsTheBodyAndDeliversNoLines) {
  TestHttpServer server;
  server.route("GET", "/api/bot/game/stream/nope", [](const ReceivedRequest&, TestConnection& c) {
    c.send_response(404, "application/json", "{\"error\":\"No such game\"}\n");
  });
  CurlHttpClient client = make_client(server);
  Lines lines;
  const StreamResult result =
      client.stream(HttpRequest::get("/api/bot/game/stream/nope"), lines.handler(), {});
  EXPECT_TRUE(result.http.transport_ok());
  EXPECT_EQ(result.http.status, 404);
  EXPECT_EQ(result.http.body, "{\"error\":\"No such game\"}\n");
  EXPECT_TRUE(lines.seen.empty());
  EXPECT_EQ(result.lines, 0u);
  EXPECT_EQ(decide_retry(result.http, 1, 0.0).action, RetryAction::kGiveUp);
}

TEST(CurlHttpClientTest, OversizeLineEndsTheStream) {
  TestHttpServer server;
  server.route("GET", "/s", [](const ReceivedRequest&, TestConnection& c) {
    c.send_chunked_head(200, "application/x-ndjson");
    c.send_chunk("{\"ok\":1}\n");
    c.send_chunk(std::string(200, 'x') + "\n{\"never\":1}\n");
    c.wait_for_close(60s);
  });
  CurlHttpClient client = make_client(server);
  Lines lines;
  StreamControl control = control_with_silence(60s);
  control.max_line_bytes = 64;
  const StreamResult result = client.stream(HttpRequest::get("/s"), lines.handler(), control);
  EXPECT_EQ(result.http.error, TransportError::kOversizeLine) << result.http.error_message;
  EXPECT_EQ(lines.seen, std::vector<std::string>{"{\"ok\":1}"});
}

}  // namespace
}  // namespace bot
