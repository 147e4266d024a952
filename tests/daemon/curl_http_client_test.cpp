// SPDX-License-Identifier: GPL-3.0-or-later
// Loopback tests of CurlHttpClient requests against the in-test server on 127.0.0.1.
#include "daemon/http/curl_http_client.h"

#include <gtest/gtest.h>

#include <atomic>
#include <future>
#include <thread>

#include "daemon/http/retry_policy.h"
#include "paxbot_version.h"
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
