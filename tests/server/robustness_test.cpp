// SPDX-License-Identifier: GPL-3.0-or-later
// Malformed requests get a 4xx with a JSON error and never disturb other games;
// the test hooks inject the faults the daemon's tests need.
#include <gtest/gtest.h>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include "server/routes.h"
#include "tests/server/test_client.h"

namespace server::testing {
namespace {

// Sends raw bytes on a fresh TCP connection and returns whatever comes back.
std::string raw_request(int port, const std::string& bytes) {
  int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(std::uint16_t(port));
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
    ::close(fd);
    return "";
  }
  (void)!::send(fd, bytes.data(), bytes.size(), MSG_NOSIGNAL);
  std::string reply;
  char buffer[4096];
  timeval tv{0, 300000};
  setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
  for (ssize_t n; (n = ::recv(fd, buffer, sizeof buffer, 0)) > 0;) reply.append(buffer, n);
  ::close(fd);
  return reply;
}

TEST(Malformed, ErrorsAre4xxWithJsonMessages) {
  TestServer ts;
  Api alice(ts.port(), "alice_token"), bob(ts.port(), "bob_token");
  const std::string id =
      start_game(alice, bob, "bob", "clock.limit=300&clock.increment=0&color=white");
  ASSERT_FALSE(id.empty());
  struct Case {
    std::string method, path, body, type;
    int status;
  };
  const Case cases[] = {
      {"POST", "/api/bot/game/" + id + "/move/e2", "", "", 400},
      {"POST", "/api/bot/game/" + id + "/move/e2e4e5", "", "", 400},
      {"POST", "/api/bot/game/" + id + "/move/%00%01", "", "", 400},
      {"POST", "/api/bot/game/nothere1/move/e2e4", "", "", 404},
      {"POST", "/api/bot/game/" + id + "/draw/perhaps", "", "", 400},
      {"POST", "/api/bot/game/" + id + "/takeback/1", "", "", 400},
      {"POST", "/api/bot/game/" + id + "/chat", "room=player", "application/x-www-form-urlencoded",
       400},
      {"POST", "/api/challenge/bob", "clock.limit=60&clock.increment=x",
       "application/x-www-form-urlencoded", 400},
      {"POST", "/api/challenge/bob", "[1,2]", "application/json", 400},
      {"POST", "/api/challenge/bob", "{not json", "application/json", 400},
      {"GET", "/api/account/playing?nb=abc", "", "", 400},
      {"GET", "/api/nothing/here", "", "", 404},
      {"POST", "/api/account", "", "", 404},
  };
  for (const Case& c : cases) {
    Reply r = c.method == "GET"
                  ? alice.get(c.path)
                  : alice.post(c.path, c.body, c.type.empty() ? "text/plain" : c.type);
    EXPECT_EQ(r.status, c.status) << c.method << " " << c.path << " -> " << r.body;
    EXPECT_TRUE(r.parsed().is_object() && r.parsed()["error"].is_string())
        << c.method << " " << c.path << " -> " << r.body;
  }
}

TEST(Malformed, OversizeBodyIs413WithJson) {
  ServerOptions options = TestServer::fast_options();
  options.max_body = 64 * 1024;
  TestServer ts(options);
  Api alice(ts.port(), "alice_token");
  Reply r = alice.post("/api/challenge/bob", std::string(200 * 1024, 'a'), "text/plain");
  EXPECT_EQ(r.status, 413);
  EXPECT_EQ(r.parsed()["error"], "Request body too large");
  EXPECT_EQ(alice.get("/api/account").status, 200);
}

TEST(Malformed, GarbageOnTheWireDoesNotDisturbOtherGames) {
  TestServer ts;
  Api alice(ts.port(), "alice_token"), bob(ts.port(), "bob_token");
  const std::string id =
      start_game(alice, bob, "bob", "clock.limit=300&clock.increment=0&color=white");
  auto white = alice.stream("/api/bot/game/stream/" + id);
  ASSERT_EQ(next_json(*white)["type"], "gameFull");
  ASSERT_EQ(alice.post("/api/bot/game/" + id + "/move/e2e4").status, 200);
  std::string reply = raw_request(ts.port(), "THIS IS NOT HTTP\r\n\r\n");
  reply += raw_request(ts.port(), std::string(100000, 'x'));
  reply += raw_request(ts.port(),
                       "POST /api/bot/game/" + id +
                           "/move/e7e5 HTTP/1.1\r\nHost: x\r\nContent-Length: 99999\r\n\r\nshort");
  reply += raw_request(ts.port(),
                       "GET /api/account HTTP/1.1\r\nHost: x\r\nConnection: close\r\n"
                       "Authorization: Bearer\r\n\r\n");
  EXPECT_NE(reply.find("401"), std::string::npos) << reply;
  ASSERT_EQ(bob.post("/api/bot/game/" + id + "/move/e7e5").status, 200);
  json s = next_of_type(*white, "gameState");
  s = next_of_type(*white, "gameState");
  EXPECT_EQ(s["moves"], "e2e4 e7e5");
}

TEST(Hooks, ParseSpecsAndJson) {
  auto rule =
      parse_hook_rule("action=status,path=/api/challenge/,code=429,seconds=30,html=true,times=2");
  ASSERT_TRUE(rule) << rule.error();
  EXPECT_EQ(rule->action, HookAction::kStatus);
  EXPECT_EQ(rule->seconds, 30);
  EXPECT_TRUE(rule->html);
  EXPECT_EQ(rule->times, 2);
  for (const char* bad :
       {"", "path=/x", "action=explode", "action=drop,after=-1", "action=drop,path=api",
        "action=status,code=200", "action=drop,foo=1", "action=drop,times=0", "action=drop,after"})
    EXPECT_FALSE(parse_hook_rule(bad)) << bad;
  auto j =
      hook_rule_from_json(json::parse(R"({"action":"drop","path":"/api/stream/event","after":2})"));
  ASSERT_TRUE(j) << j.error();
  EXPECT_EQ(j->after, 2);
  EXPECT_FALSE(hook_rule_from_json(json::parse(R"({"action":"drop","after":[1]})")));
}

ServerOptions hooked(std::vector<std::string> specs) {
  ServerOptions options = TestServer::fast_options();
  for (const std::string& spec : specs) options.hooks.push_back(*parse_hook_rule(spec));
  return options;
}

TEST(Hooks, RateLimitJsonAndHtml) {
  TestServer ts(hooked({"action=status,path=/api/challenge/bob,code=429,seconds=30,times=1",
                        "action=status,path=/api/challenge/carol,code=429,html=true"}));
  Api alice(ts.port(), "alice_token");
  Reply r = alice.post("/api/challenge/bob");
  EXPECT_EQ(r.status, 429);
  EXPECT_EQ(r.parsed()["ratelimit"]["seconds"], 30);
  EXPECT_TRUE(r.parsed()["error"].is_string());
  EXPECT_EQ(alice.post("/api/challenge/bob").status, 200);  // times=1: used up
  r = alice.post("/api/challenge/carol");
  EXPECT_EQ(r.status, 429);
  EXPECT_NE(r.content_type.find("text/html"), std::string::npos) << r.content_type << r.body;
  EXPECT_NE(r.body.find("<html>"), std::string::npos);
}

TEST(Hooks, ServerErrorsAndSlowResponses) {
  TestServer ts(hooked(
      {"action=status,path=/api/account,code=502,times=1", "action=slow,path=/api/user/,ms=300"}));
  Api alice(ts.port(), "alice_token");
  EXPECT_EQ(alice.get("/api/account").status, 502);
  EXPECT_EQ(alice.get("/api/account").status, 200);
  const auto start = std::chrono::steady_clock::now();
  EXPECT_EQ(alice.get("/api/user/bob").status, 200);
  EXPECT_GE(std::chrono::steady_clock::now() - start, 300ms);
}

TEST(Hooks, DropStreamAfterLines) {
  TestServer ts(hooked({"action=drop,path=/api/stream/event,after=2,times=1"}));
  Api alice(ts.port(), "alice_token"), carol(ts.port(), "carol_token");
  for (int i = 0; i < 3; ++i) ASSERT_EQ(carol.post("/api/challenge/alice").status, 200);
  auto events = alice.stream("/api/stream/event");
  int lines = 0;
  while (!next_json(*events, 1s).is_null()) ++lines;
  EXPECT_EQ(lines, 2);
  EXPECT_TRUE(wait_ended(*events));
  auto again = alice.stream("/api/stream/event");  // the rule was used up
  for (int i = 0; i < 3; ++i) EXPECT_EQ(next_json(*again)["type"], "challenge");
}

TEST(Hooks, SilentStreamSendsNothingNotEvenKeepAlives) {
  TestServer ts(hooked({"action=silent,path=/api/stream/event,after=1,times=1"}));
  Api alice(ts.port(), "alice_token"), carol(ts.port(), "carol_token");
  ASSERT_EQ(carol.post("/api/challenge/alice").status, 200);
  auto events = alice.stream("/api/stream/event");
  EXPECT_EQ(next_json(*events)["type"], "challenge");
  ASSERT_EQ(carol.post("/api/challenge/alice").status, 200);
  auto n = events->next(300ms);
  EXPECT_EQ(n.kind, StreamClient::Next::Kind::kTimeout);
  // Reconnecting replaces the silent stream, which is then closed.
  auto fresh = alice.stream("/api/stream/event");
  EXPECT_EQ(next_json(*fresh)["type"], "challenge");
  EXPECT_TRUE(wait_ended(*events));
}

TEST(Hooks, MalformedLineThenNormalLines) {
  TestServer ts(hooked({"action=malformed,path=/api/bot/game/stream/,after=1,times=1"}));
  Api alice(ts.port(), "alice_token"), bob(ts.port(), "bob_token");
  const std::string id =
      start_game(alice, bob, "bob", "clock.limit=300&clock.increment=0&color=white");
  auto white = alice.stream("/api/bot/game/stream/" + id);
  EXPECT_EQ(next_json(*white)["type"], "gameFull");
  json broken = next_json(*white);
  EXPECT_TRUE(broken.is_discarded());
  ASSERT_EQ(alice.post("/api/bot/game/" + id + "/move/e2e4").status, 200);
  EXPECT_EQ(next_json(*white)["moves"], "e2e4");
}

TEST(Hooks, ControlEndpointOnLoopback) {
  ServerOptions options = TestServer::fast_options();
  options.test_hooks = true;
  TestServer ts(options);
  Api anonymous(ts.port(), ""), alice(ts.port(), "alice_token");
  Reply r =
      anonymous.post("/_test/hooks", R"([{"action":"status","path":"/api/account","code":503}])",
                     "application/json");
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(anonymous.get("/_test/hooks").parsed().size(), 1u);
  EXPECT_EQ(alice.get("/api/account").status, 503);
  EXPECT_EQ(anonymous.post("/_test/hooks", R"({"action":"nope"})", "application/json").status, 400);
  ASSERT_EQ(anonymous.del("/_test/hooks").status, 200);
  EXPECT_EQ(alice.get("/api/account").status, 200);
  const std::int64_t before = ts.clock().now_ms();
  ASSERT_EQ(anonymous.post("/_test/clock/advance?ms=1500").status, 200);
  EXPECT_EQ(ts.clock().now_ms(), before + 1500);
  EXPECT_TRUE(is_loopback_address("127.0.0.1"));
  EXPECT_TRUE(is_loopback_address("::1"));
  EXPECT_FALSE(is_loopback_address("192.168.1.4"));
}

TEST(Hooks, ControlEndpointsAreOffByDefault) {
  TestServer ts;
  Api anonymous(ts.port(), "");
  EXPECT_EQ(anonymous.post("/_test/hooks", R"({"action":"drop"})", "application/json").status, 404);
  EXPECT_EQ(anonymous.post("/_test/clock/advance?ms=5").status, 404);
}

}  // namespace
}  // namespace server::testing
