// Loopback tests of CurlHttpClient against the in-test server on 127.0.0.1.
#include "daemon/http/curl_http_client.h"

#include <gtest/gtest.h>

#include <atomic>
#include <fstream>
#include <future>
#include <sstream>
#include <thread>

#include "daemon/http/retry_policy.h"
#include "paxbot_version.h"
#include "tests/daemon/support/test_http_server.h"

namespace bot {
namespace {

using namespace std::chrono_literals;
using test::ReceivedRequest;
using test::TestConnection;
using test::TestHttpServer;
using Steady = std::chrono::steady_clock;

constexpr const char* kToken = "lip_LoopbackSecretToken123";
// Generous upper bound for "promptly": far above the expected few ms, far
// below the 20-60 s the server would otherwise stall.
constexpr auto kPrompt = 5s;

CurlHttpClient make_client(const TestHttpServer& server, std::string token = kToken) {
  return CurlHttpClient({server.base_url(), std::move(token), "paxbot-test"});
}

std::string read_data_file(const std::string& name) {
  std::ifstream in(std::string(PAXBOT_TEST_DATA_DIR) + "/ndjson/" + name, std::ios::binary);
  std::stringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

// Collects stream lines for assertions.
struct Lines {
  std::vector<std::string> seen;
  LineHandler handler() {
    return [this](std::string_view line) {
      seen.emplace_back(line);
      return StreamAction::kContinue;
    };
  }
};

StreamControl control_with_silence(std::chrono::milliseconds silence) {
  StreamControl control;
  control.silence_limit = silence;
  return control;
}

// A stream that sends one line and then goes quiet until the client leaves.
void silent_stream(const ReceivedRequest&, TestConnection& c) {
  c.send_chunked_head(200, "application/x-ndjson");
  c.send_chunk("{\"type\":\"gameStart\"}\n");
  c.wait_for_close(60s);
}

TEST(CurlHttpClientTest, JsonReplyWithAuthAndUserAgent) {
  TestHttpServer server;
  server.route("GET", "/api/account", [](const ReceivedRequest&, TestConnection& c) {
    c.send_response(200, "application/json", R"({"id":"paxbot-test","title":"BOT"})");
  });
  CurlHttpClient client = make_client(server);
  const HttpResult result = client.request(HttpRequest::get("/api/account?x=1"));
  ASSERT_TRUE(result.ok()) << result.error_message;
  EXPECT_EQ(result.status, 200);
  EXPECT_EQ(result.body, R"({"id":"paxbot-test","title":"BOT"})");
  EXPECT_EQ(result.header("Content-Type"), "application/json");

  const auto requests = server.requests();
  ASSERT_EQ(requests.size(), 1u);
  EXPECT_EQ(requests[0].method, "GET");
  EXPECT_EQ(requests[0].target, "/api/account?x=1");
  EXPECT_EQ(requests[0].header("authorization"), std::string("Bearer ") + kToken);
  EXPECT_EQ(requests[0].header("user-agent"), "paxbot/" PAXBOT_VERSION " user:paxbot-test");
  EXPECT_EQ(client.user_agent(), "paxbot/" PAXBOT_VERSION " user:paxbot-test");
}

TEST(CurlHttpClientTest, NoTokenMeansNoAuthorizationHeaderAndUserNameCanBeSetLater) {
  TestHttpServer server;
  server.route("GET", "/api/bot/online", [](const ReceivedRequest&, TestConnection& c) {
    c.send_response(200, "application/x-ndjson", "");
  });
  CurlHttpClient client({server.base_url() + "/", "", ""});  // trailing '/' is tolerated
  EXPECT_EQ(client.user_agent(), "paxbot/" PAXBOT_VERSION);
  ASSERT_TRUE(client.request(HttpRequest::get("/api/bot/online")).ok());
  client.set_user_name("later-bot");
  ASSERT_TRUE(client.request(HttpRequest::get("/api/bot/online")).ok());
  const auto requests = server.requests();
  ASSERT_EQ(requests.size(), 2u);
  EXPECT_FALSE(requests[0].header("authorization").has_value());
  EXPECT_EQ(requests[0].header("user-agent"), "paxbot/" PAXBOT_VERSION);
  EXPECT_EQ(requests[1].header("user-agent"), "paxbot/" PAXBOT_VERSION " user:later-bot");
}

TEST(CurlHttpClientTest, PostsFormAndTextBodies) {
  TestHttpServer server;
  const auto ok = [](const ReceivedRequest&, TestConnection& c) {
    c.send_response(200, "application/json", R"({"ok":true})");
  };
  server.route("POST", "/api/challenge/someone", ok);
  server.route("POST", "/api/token/test", ok);
  server.route("POST", "/api/bot/game/abc/resign", ok);
  CurlHttpClient client = make_client(server);

  EXPECT_TRUE(client
                  .request(HttpRequest::post_form(
                      "/api/challenge/someone",
                      {{"rated", "false"}, {"clock.limit", "300"}, {"text", "hi there&x"}}))
                  .ok());
  EXPECT_TRUE(client.request(HttpRequest::post_text("/api/token/test", "text/plain", "a,b")).ok());
  HttpRequest with_header = HttpRequest::post("/api/bot/game/abc/resign");
  with_header.headers.push_back({"X-Test", "yes"});
  EXPECT_TRUE(client.request(with_header).ok());

  const auto requests = server.requests();
  ASSERT_EQ(requests.size(), 3u);
  EXPECT_EQ(requests[0].method, "POST");
  EXPECT_EQ(requests[0].header("content-type"), "application/x-www-form-urlencoded");
  EXPECT_EQ(requests[0].body, "rated=false&clock.limit=300&text=hi+there%26x");
  EXPECT_EQ(requests[1].header("content-type"), "text/plain");
  EXPECT_EQ(requests[1].body, "a,b");
  EXPECT_EQ(requests[2].body, "");
  EXPECT_EQ(requests[2].header("content-length"), "0");
  EXPECT_EQ(requests[2].header("x-test"), "yes");
  EXPECT_FALSE(requests[0].header("expect").has_value());
}

TEST(CurlHttpClientTest, HtmlTooManyRequestsIsAValueTheRetryPolicyCoolsDown) {
  TestHttpServer server;
  server.route("POST", "/api/bot/game/g/move/e2e4", [](const ReceivedRequest&, TestConnection& c) {
    c.send_response(429, "text/html", "<html><body><h1>429 Too Many Requests</h1></body></html>");
  });
  CurlHttpClient client = make_client(server);
  const HttpResult result = client.request(HttpRequest::post("/api/bot/game/g/move/e2e4"));
  ASSERT_TRUE(result.transport_ok()) << result.error_message;
  EXPECT_EQ(result.status, 429);
  EXPECT_NE(result.body.find("Too Many Requests"), std::string::npos);
  const RetryDecision decision = decide_retry(result, 1, 0.5);
  EXPECT_EQ(decision.action, RetryAction::kCoolDown);
  EXPECT_EQ(decision.delay, 60s);
}

TEST(CurlHttpClientTest, RetryAfterHeaderReachesTheRetryPolicy) {
  TestHttpServer server;
  server.route("POST", "/api/challenge/x", [](const ReceivedRequest&, TestConnection& c) {
    c.send_response(429, "text/plain", "slow down", {{"Retry-After", "17"}});
  });
  CurlHttpClient client = make_client(server);
  const HttpResult result = client.request(HttpRequest::post("/api/challenge/x"));
  EXPECT_EQ(result.status, 429);
  EXPECT_EQ(result.header("retry-after"), "17");
  EXPECT_EQ(decide_retry(result, 1, 0.5).delay, 17s);
}

TEST(CurlHttpClientTest, RedirectsAreNotFollowed) {
  TestHttpServer server;
  server.route("GET", "/old", [](const ReceivedRequest&, TestConnection& c) {
    c.send_response(302, "text/plain", "", {{"Location", "/new"}});
  });
  CurlHttpClient client = make_client(server);
  const HttpResult result = client.request(HttpRequest::get("/old"));
  EXPECT_EQ(result.status, 302);
  EXPECT_EQ(result.header("location"), "/new");
  EXPECT_EQ(server.requests().size(), 1u);
}

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

TEST(CurlHttpClientTest, ResponseBodyLimitIsEnforced) {
  TestHttpServer server;
  server.route("GET", "/big", [](const ReceivedRequest&, TestConnection& c) {
    c.send_response(200, "text/plain", std::string(5000, 'b'));
  });
  CurlHttpClient client = make_client(server);
  HttpRequest request = HttpRequest::get("/big");
  request.max_body_bytes = 1000;
  const HttpResult result = client.request(request);
  EXPECT_EQ(result.error, TransportError::kOther);
  EXPECT_TRUE(result.body.empty());
  EXPECT_NE(result.error_message.find("exceeds"), std::string::npos);
}

TEST(CurlHttpClientTest, RequestTimeoutIsReported) {
  TestHttpServer server;
  server.route("GET", "/slow",
               [](const ReceivedRequest&, TestConnection& c) { c.wait_for_close(30s); });
  CurlHttpClient client = make_client(server);
  HttpRequest request = HttpRequest::get("/slow");
  request.timeout = 300ms;
  const auto start = Steady::now();
  const HttpResult result = client.request(request);
  EXPECT_EQ(result.error, TransportError::kTimeout) << result.error_message;
  EXPECT_LT(Steady::now() - start, kPrompt);
}

TEST(CurlHttpClientTest, RefusedConnectionIsAConnectErrorWithoutTheToken) {
  const int port = test::unused_local_port();
  CurlHttpClient client({"http://127.0.0.1:" + std::to_string(port), kToken, "paxbot-test"});
  // Even a caller that (wrongly) puts the token into a path never sees it echoed.
  const HttpResult result =
      client.request(HttpRequest::get(std::string("/api/account?token=") + kToken));
  EXPECT_EQ(result.error, TransportError::kConnect) << result.error_message;
  EXPECT_EQ(result.error_message.find(kToken), std::string::npos) << result.error_message;
  EXPECT_NE(result.error_message.find("GET /api/account?token=***"), std::string::npos)
      << result.error_message;
  EXPECT_EQ(decide_retry(result, 1, 0.0).action, RetryAction::kRetry);
}

TEST(CurlHttpClientTest, UnknownHostIsADnsError) {
  CurlHttpClient client({"http://paxbot-test.invalid", kToken, ""});
  HttpRequest request = HttpRequest::get("/api/account");
  request.timeout = 3s;
  const HttpResult result = client.request(request);
  if (result.error == TransportError::kTimeout) GTEST_SKIP() << "resolver did not answer in time";
  EXPECT_EQ(result.error, TransportError::kDns) << result.error_message;
}

TEST(CurlHttpClientTest, TlsHandshakeFailureIsATlsError) {
  TestHttpServer server;  // speaks plain HTTP only
  CurlHttpClient client(
      {"https://127.0.0.1:" + std::to_string(server.port()), kToken, "paxbot-test"});
  HttpRequest request = HttpRequest::get("/api/account");
  request.timeout = 5s;
  const HttpResult result = client.request(request);
  EXPECT_EQ(result.error, TransportError::kTls) << result.error_message;
  EXPECT_EQ(result.error_message.find(kToken), std::string::npos);
}

TEST(CurlHttpClientTest, InvalidInputsFailWithoutNetworkAccess) {
  TestHttpServer server;
  CurlHttpClient client = make_client(server);
  EXPECT_EQ(client.request(HttpRequest::get("api/no-leading-slash")).error, TransportError::kOther);
  EXPECT_EQ(client.request(HttpRequest::get("/a b")).error, TransportError::kOther);
  HttpRequest injected = HttpRequest::get("/x");
  injected.headers.push_back({"X-Evil", "a\r\nHost: elsewhere"});
  EXPECT_EQ(client.request(injected).error, TransportError::kOther);
  HttpRequest bad_name = HttpRequest::get("/x");
  bad_name.headers.push_back({"Bad Name", "v"});
  EXPECT_EQ(client.request(bad_name).error, TransportError::kOther);

  CurlHttpClient bad_base({"ftp://127.0.0.1", "", ""});
  EXPECT_EQ(bad_base.request(HttpRequest::get("/x")).error, TransportError::kOther);
  CurlHttpClient bad_token({server.base_url(), "tok\r\nen", ""});
  const HttpResult rejected = bad_token.request(HttpRequest::get("/x"));
  EXPECT_EQ(rejected.error, TransportError::kOther);
  EXPECT_EQ(rejected.error_message.find("tok\r\nen"), std::string::npos);
  EXPECT_TRUE(server.requests().empty());
}

TEST(CurlHttpClientTest, ConcurrentCallersAndHandleReuse) {
  TestHttpServer server;
  server.route("GET", "/echo", [](const ReceivedRequest& r, TestConnection& c) {
    c.send_response(200, "text/plain", r.target);
  });
  CurlHttpClient client = make_client(server);
  std::vector<std::thread> threads;
  std::atomic<int> good{0};
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < 5; ++i) {
        const std::string target = "/echo?t=" + std::to_string(t) + "&i=" + std::to_string(i);
        const HttpResult result = client.request(HttpRequest::get(target));
        if (result.ok() && result.body == target) ++good;
      }
    });
  }
  for (auto& t : threads) t.join();
  EXPECT_EQ(good.load(), 20);
}

}  // namespace
}  // namespace bot
