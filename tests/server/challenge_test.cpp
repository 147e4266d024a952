// SPDX-License-Identifier: GPL-3.0-or-later
// Challenges over HTTP: creation and its validation, accept/decline/cancel, expiry,
// keepAliveStream, listing, and the event stream (replay, replacement).
#include <gtest/gtest.h>

#include "tests/server/test_client.h"

namespace server::testing {
namespace {

TEST(Challenge, CreateShapeUsesSecondsAndEventsReachBothSides) {
  TestServer ts;
  Api alice(ts.port(), "alice_token"), bob(ts.port(), "bob_token");
  auto alice_events = alice.stream("/api/stream/event");
  auto bob_events = bob.stream("/api/stream/event");
  Reply r = alice.post("/api/challenge/bob", "clock.limit=300&clock.increment=2&color=white");
  ASSERT_EQ(r.status, 200) << r.body;
  json c = r.parsed();
  EXPECT_EQ(c["id"].get<std::string>().size(), 8u);
  EXPECT_EQ(c["status"], "created");
  EXPECT_EQ(c["challenger"]["id"], "alice");
  EXPECT_EQ(c["challenger"]["title"], "BOT");
  EXPECT_EQ(c["destUser"]["name"], "bob");
  EXPECT_EQ(c["variant"], json({{"key", "standard"}, {"name", "Standard"}, {"short", "Std"}}));
  EXPECT_EQ(c["rated"], false);
  EXPECT_EQ(c["speed"], "blitz");
  EXPECT_EQ(c["timeControl"],
            json({{"type", "clock"}, {"limit", 300}, {"increment", 2}, {"show", "5+2"}}));
  EXPECT_EQ(c["color"], "white");
  EXPECT_EQ(c["finalColor"], "white");
  EXPECT_EQ(c["perf"]["name"], "Blitz");
  EXPECT_FALSE(c.contains("initialFen"));
  EXPECT_TRUE(c["url"].get<std::string>().ends_with(c["id"].get<std::string>()));

  json in = next_of_type(*bob_events, "challenge");
  ASSERT_FALSE(in.is_null());
  EXPECT_EQ(in["challenge"]["id"], c["id"]);
  EXPECT_EQ(in["compat"]["bot"], true);
  json out = next_of_type(*alice_events, "challenge");
  EXPECT_EQ(out["challenge"]["challenger"]["id"], "alice");  // own challenges arrive too
}

TEST(Challenge, ValidationErrorsAre400WithMessage) {
  TestServer ts;
  Api alice(ts.port(), "alice_token"), human(ts.port(), "human_token");
  const std::pair<std::string, std::string> cases[] = {
      {"/api/challenge/nobody", ""},
      {"/api/challenge/alice", ""},
      {"/api/challenge/bob", "clock.limit=abc&clock.increment=0"},
      {"/api/challenge/bob", "clock.limit=100&clock.increment=0"},
      {"/api/challenge/bob", "clock.limit=60&clock.increment=61"},
      {"/api/challenge/bob", "clock.limit=0&clock.increment=0"},
      {"/api/challenge/bob", "clock.limit=15&clock.increment=0"},  // UltraBullet for bots
      {"/api/challenge/bob", "clock.increment=2"},
      {"/api/challenge/bob", "days=4"},
      {"/api/challenge/bob", "days=3&clock.limit=60"},
      {"/api/challenge/bob", "rated=maybe"},
      {"/api/challenge/bob", "color=green"},
      {"/api/challenge/bob", "variant=atomic"},
      {"/api/challenge/bob", "fen=not-a-fen"},
      {"/api/challenge/bob", "variant=fromPosition"},
      {"/api/challenge/bob",
       "variant=chess960&fen=rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"},
      {"/api/challenge/bob", "rules=noAbort"},  // rules are refused for bots
      {"/api/challenge/bob", "rules=noCheating"},
  };
  for (const auto& [path, body] : cases) {
    Reply r = alice.post(path, body);
    EXPECT_EQ(r.status, 400) << path << " " << body << " -> " << r.body;
    EXPECT_TRUE(r.parsed()["error"].is_string()) << r.body;
  }
  EXPECT_EQ(alice.post("/api/challenge/bob", "{\"clock\":", "application/json").status, 400);
  // Rules are fine against a human.
  EXPECT_EQ(alice.post("/api/challenge/human", "rules=noAbort,noRematch").status, 200);
}

TEST(Challenge, JsonBodyIsAcceptedLikeLichessBot) {
  TestServer ts;
  Api alice(ts.port(), "alice_token");
  Reply r = alice.post("/api/challenge/bob",
                       R"({"rated":false,"clock":{"limit":60,"increment":1},"color":"black"})",
                       "application/json");
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(r.parsed()["timeControl"]["limit"], 60);
  EXPECT_EQ(r.parsed()["finalColor"], "black");
}

TEST(Challenge, VariantsAndStartPositions) {
  TestServer ts;
  Api alice(ts.port(), "alice_token");
  json c960 = alice.post("/api/challenge/bob", "variant=chess960&days=2").parsed();
  EXPECT_EQ(c960["variant"]["key"], "chess960");
  EXPECT_EQ(c960["speed"], "correspondence");
  EXPECT_EQ(c960["timeControl"], json({{"type", "correspondence"}, {"daysPerTurn", 2}}));
  ASSERT_TRUE(c960.contains("initialFen"));
  EXPECT_EQ(c960["perf"]["name"], "Chess960");

  json pac = alice.post("/api/challenge/bob", "variant=pacifist").parsed();
  EXPECT_EQ(pac["variant"], json({{"key", "pacifist"}, {"name", "Pacifist"}, {"short", "Pac"}}));
  EXPECT_FALSE(pac.contains("initialFen"));
  EXPECT_EQ(pac["timeControl"]["type"], "unlimited");
  json pac960 = alice.post("/api/challenge/bob", "variant=pacifist&chess960=true").parsed();
  ASSERT_TRUE(pac960.contains("initialFen"));
  // Random Chess960 starts differ between challenges (fixed seed, so deterministic).
  std::set<std::string> starts;
  for (int i = 0; i < 5; ++i)
    starts.insert(alice.post("/api/challenge/bob", "variant=chess960").parsed()["initialFen"]);
  EXPECT_GT(starts.size(), 1u);

  const std::string fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";
  json from = alice.post("/api/challenge/bob", "rated=true&fen=" + url_encode(fen)).parsed();
  EXPECT_EQ(from["variant"]["key"], "fromPosition");
  EXPECT_EQ(from["initialFen"], fen);
  EXPECT_EQ(from["rated"], false);  // a FEN forces a casual game
}

TEST(Challenge, AcceptStartsTheGameForBoth) {
  TestServer ts;
  Api alice(ts.port(), "alice_token"), bob(ts.port(), "bob_token");
  auto alice_events = alice.stream("/api/stream/event");
  auto bob_events = bob.stream("/api/stream/event");
  const std::string id =
      start_game(alice, bob, "bob", "clock.limit=180&clock.increment=0&color=black");
  ASSERT_FALSE(id.empty());
  json a = next_of_type(*alice_events, "gameStart");
  json b = next_of_type(*bob_events, "gameStart");
  ASSERT_FALSE(a.is_null());
  ASSERT_FALSE(b.is_null());
  EXPECT_EQ(a["game"]["gameId"], id);
  EXPECT_EQ(a["game"]["id"], id);
  EXPECT_EQ(a["game"]["fullId"].get<std::string>().size(), 12u);
  EXPECT_TRUE(a["game"]["fullId"].get<std::string>().starts_with(id));
  EXPECT_EQ(a["game"]["color"], "black");
  EXPECT_EQ(b["game"]["color"], "white");
  EXPECT_EQ(b["game"]["isMyTurn"], true);
  EXPECT_EQ(a["game"]["isMyTurn"], false);
  EXPECT_EQ(a["game"]["opponent"]["username"], "bob");
  EXPECT_EQ(a["game"]["status"], json({{"id", 20}, {"name", "started"}}));
  EXPECT_EQ(a["game"]["speed"], "blitz");
  EXPECT_EQ(a["game"]["perf"], "blitz");
  EXPECT_EQ(a["game"]["secondsLeft"], 180);
  EXPECT_EQ(a["game"]["lastMove"], "");
  EXPECT_EQ(a["game"]["hasMoved"], false);
  EXPECT_EQ(a["game"]["source"], "friend");
  EXPECT_EQ(a["game"]["compat"], json({{"bot", true}, {"board", true}}));
  // Accepting twice, or someone else's challenge, fails.
  EXPECT_EQ(bob.post("/api/challenge/" + id + "/accept").status, 400);
  Api carol(ts.port(), "carol_token");
  EXPECT_EQ(carol.post("/api/challenge/" + id + "/accept").status, 404);
  EXPECT_EQ(carol.post("/api/challenge/zzzzzzzz/accept").status, 404);
  json show = alice.get("/api/challenge/" + id + "/show").parsed();
  EXPECT_EQ(show["status"], "accepted");
}

TEST(Challenge, DeclineReasonKeysAreLowerCased) {
  TestServer ts;
  Api alice(ts.port(), "alice_token"), bob(ts.port(), "bob_token");
  auto alice_events = alice.stream("/api/stream/event");
  for (auto [reason, key] : {std::pair{"tooFast", "toofast"}, std::pair{"NOBOT", "nobot"},
                             std::pair{"whatever", "generic"}, std::pair{"", "generic"}}) {
    const std::string id = alice.post("/api/challenge/bob", "").parsed()["id"];
    Reply r = bob.post("/api/challenge/" + id + "/decline", std::string("reason=") + reason);
    ASSERT_EQ(r.status, 200) << r.body;
    json declined = next_of_type(*alice_events, "challengeDeclined");
    ASSERT_FALSE(declined.is_null());
    EXPECT_EQ(declined["challenge"]["id"], id);
    EXPECT_EQ(declined["challenge"]["status"], "declined");
    EXPECT_EQ(declined["challenge"]["declineReasonKey"], key);
    EXPECT_TRUE(declined["challenge"]["declineReason"].is_string());
  }
  EXPECT_EQ(bob.post("/api/challenge/zzzzzzzz/decline").status, 404);
}

TEST(Challenge, CancelByChallengerAndByDestination) {
  TestServer ts;
  Api alice(ts.port(), "alice_token"), bob(ts.port(), "bob_token");
  auto bob_events = bob.stream("/api/stream/event");
  auto alice_events = alice.stream("/api/stream/event");
  std::string id = alice.post("/api/challenge/bob", "").parsed()["id"];
  ASSERT_EQ(alice.post("/api/challenge/" + id + "/cancel").status, 200);
  json canceled = next_of_type(*bob_events, "challengeCanceled");
  EXPECT_EQ(canceled["challenge"]["id"], id);
  EXPECT_EQ(canceled["challenge"]["status"], "canceled");
  EXPECT_EQ(alice.post("/api/challenge/" + id + "/cancel").status, 400);
  // The destination canceling declines.
  id = alice.post("/api/challenge/bob", "").parsed()["id"];
  ASSERT_EQ(bob.post("/api/challenge/" + id + "/cancel").status, 200);
  EXPECT_EQ(next_of_type(*alice_events, "challengeDeclined")["challenge"]["id"], id);
  // An accepted challenge whose game nobody moved in yet: cancel aborts the game.
  id = start_game(alice, bob, "bob", "clock.limit=300&clock.increment=0");
  ASSERT_EQ(alice.post("/api/challenge/" + id + "/cancel").status, 200);
  json finish = next_of_type(*bob_events, "gameFinish");
  EXPECT_EQ(finish["game"]["status"]["name"], "aborted");
}

TEST(Challenge, RealtimeChallengesExpire) {
  TestServer ts;
  Api alice(ts.port(), "alice_token"), bob(ts.port(), "bob_token");
  auto bob_events = bob.stream("/api/stream/event");
  const std::string id =
      alice.post("/api/challenge/bob", "clock.limit=60&clock.increment=0").parsed()["id"];
  const std::string corr = alice.post("/api/challenge/bob", "days=1").parsed()["id"];
  ts.advance(19000);
  EXPECT_EQ(alice.get("/api/challenge/" + id + "/show").parsed()["status"], "created");
  ts.advance(1500);
  EXPECT_EQ(alice.get("/api/challenge/" + id + "/show").parsed()["status"], "canceled");
  EXPECT_EQ(next_of_type(*bob_events, "challengeCanceled")["challenge"]["id"], id);
  EXPECT_EQ(bob.post("/api/challenge/" + id + "/accept").status, 400);
  EXPECT_EQ(alice.get("/api/challenge/" + corr + "/show").parsed()["status"], "created");
}

TEST(Challenge, KeepAliveStreamEndsWithDoneLine) {
  TestServer ts;
  Api alice(ts.port(), "alice_token"), bob(ts.port(), "bob_token");
  for (auto [action, done] : {std::pair{"accept", "accepted"}, std::pair{"decline", "declined"},
                              std::pair{"cancel", "canceled"}}) {
    // StreamClient only GETs; challenge creation is a POST, so use httplib directly.
    httplib::Client client("127.0.0.1", ts.port());
    std::vector<std::string> lines;
    std::string buffer, id;
    std::thread poster([&] {
      httplib::Request req;
      req.method = "POST";
      req.path = "/api/challenge/bob";
      req.headers = {{"Authorization", "Bearer alice_token"},
                     {"Content-Type", "application/x-www-form-urlencoded"}};
      req.body = "clock.limit=60&clock.increment=0&keepAliveStream=true";
      req.content_receiver = [&](const char* data, size_t size, uint64_t, uint64_t) {
        buffer.append(data, size);
        return true;
      };
      client.send(req);
    });
    // Wait for the challenge to exist.
    for (int i = 0; i < 200 && id.empty(); ++i) {
      json list = alice.get("/api/challenge").parsed();
      if (!list["out"].empty()) id = list["out"][0]["id"];
      std::this_thread::sleep_for(5ms);
    }
    ASSERT_FALSE(id.empty());
    ts.advance(60000);  // no expiry while the stream is open
    Api& actor = std::string(action) == "cancel" ? alice : bob;
    ASSERT_EQ(actor.post("/api/challenge/" + id + "/" + action).status, 200);
    poster.join();
    EXPECT_NE(buffer.find("\"id\":\"" + id + "\""), std::string::npos) << buffer;
    EXPECT_TRUE(buffer.ends_with("{\"done\":\"" + std::string(done) + "\"}\n")) << buffer;
  }
}

TEST(Challenge, ListShowsInAndOut) {
  TestServer ts;
  Api alice(ts.port(), "alice_token"), bob(ts.port(), "bob_token");
  const std::string id = alice.post("/api/challenge/bob", "").parsed()["id"];
  json a = alice.get("/api/challenge").parsed();
  ASSERT_EQ(a["out"].size(), 1u);
  EXPECT_EQ(a["out"][0]["direction"], "out");
  EXPECT_TRUE(a["in"].empty());
  json b = bob.get("/api/challenge").parsed();
  ASSERT_EQ(b["in"].size(), 1u);
  EXPECT_EQ(b["in"][0]["id"], id);
  EXPECT_EQ(b["in"][0]["direction"], "in");
  EXPECT_EQ(bob.get("/api/challenge/nothere/show").status, 404);
}

TEST(EventStream, ReplaysGamesAndChallengesAndReplacesOlderStream) {
  TestServer ts;
  Api alice(ts.port(), "alice_token"), bob(ts.port(), "bob_token"), carol(ts.port(), "carol_token");
  const std::string game = start_game(alice, bob, "bob", "clock.limit=300&clock.increment=0");
  ASSERT_FALSE(game.empty());
  const std::string challenge = carol.post("/api/challenge/bob", "").parsed()["id"];
  auto first = bob.stream("/api/stream/event");
  json start = next_json(*first);
  EXPECT_EQ(start["type"], "gameStart");
  EXPECT_EQ(start["game"]["id"], game);
  json pending = next_json(*first);
  EXPECT_EQ(pending["type"], "challenge");
  EXPECT_EQ(pending["challenge"]["id"], challenge);
  // A second event stream for the same account closes the first.
  auto second = bob.stream("/api/stream/event");
  EXPECT_EQ(next_json(*second)["type"], "gameStart");
  EXPECT_TRUE(wait_ended(*first));
  EXPECT_FALSE(wait_ended(*second, 200ms));
}

TEST(EventStream, KeepAliveLinesArriveWhenIdle) {
  TestServer ts;
  Api alice(ts.port(), "alice_token");
  auto events = alice.stream("/api/stream/event");
  int keepalives = 0;
  const auto end = std::chrono::steady_clock::now() + 400ms;
  while (std::chrono::steady_clock::now() < end) {
    auto n = events->next(100ms);
    if (n.kind == StreamClient::Next::Kind::kLine && n.line.empty()) ++keepalives;
  }
  EXPECT_GE(keepalives, 3);
  EXPECT_EQ(events->status(), 200);
}

}  // namespace
}  // namespace server::testing
