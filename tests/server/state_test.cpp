// SPDX-License-Identifier: GPL-3.0-or-later
// What ServerState keeps over time: finished games and ended challenges beyond
// keep_finished are forgotten oldest first; ongoing games and pending challenges never are.
#include <gtest/gtest.h>

#include "tests/server/test_client.h"

namespace server::testing {
namespace {

ServerOptions keeping(int n) {
  ServerOptions options = TestServer::fast_options();
  options.state.keep_finished = n;
  return options;
}

std::string create(Api& from, const std::string& to) {
  Reply r = from.post("/api/challenge/" + to, "clock.limit=300&clock.increment=2&color=white");
  EXPECT_EQ(r.status, 200) << r.body;
  return r.status == 200 ? r.parsed()["id"].get<std::string>() : "";
}

// alice (white) challenges bob, bob accepts: an ongoing game.
std::string start_game(Api& alice, Api& bob) {
  const std::string id = create(alice, "bob");
  EXPECT_EQ(bob.post("/api/challenge/" + id + "/accept").status, 200);
  return id;
}

TEST(ServerStateBound, ForgetsTheOldestFinishedGamesAndEndedChallenges) {
  TestServer ts(keeping(3));
  Api alice(ts.port(), "alice_token"), bob(ts.port(), "bob_token");
  const std::string ongoing = start_game(alice, bob);
  const std::string pending = create(bob, "alice");
  std::vector<std::string> finished, declined;
  for (int i = 0; i < 6; ++i) {
    finished.push_back(start_game(alice, bob));
    ASSERT_EQ(alice.post("/api/bot/game/" + finished.back() + "/resign").status, 200);
    declined.push_back(create(alice, "bob"));
    ASSERT_EQ(bob.post("/api/challenge/" + declined.back() + "/decline").status, 200);
  }
  start_game(alice, bob);  // forgetting happens as new games and challenges arrive

  // The three newest finished games stay exportable; older ones are gone.
  for (int i = 0; i < 6; ++i) {
    Reply r = alice.get("/game/export/" + finished[i]);
    EXPECT_EQ(r.status, i < 3 ? 404 : 200) << i << " " << r.body;
  }
  // Ongoing games and pending challenges are kept whatever their age.
  EXPECT_EQ(alice.get("/game/export/" + ongoing).status, 200);
  EXPECT_EQ(alice.post("/api/bot/game/" + ongoing + "/move/e2e4").status, 200);
  EXPECT_EQ(alice.get("/api/challenge/" + pending + "/show").status, 200);
  EXPECT_EQ(alice.post("/api/challenge/" + pending + "/accept").status, 200);
  // An old declined challenge is forgotten, a recent one still answers.
  EXPECT_EQ(alice.get("/api/challenge/" + declined.front() + "/show").status, 404);
  EXPECT_EQ(alice.get("/api/challenge/" + declined.back() + "/show").status, 200);
  // Held: the 3 kept finished games + 3 ongoing; challenges: 3 ended kept + 0 pending.
  EXPECT_EQ(ts.state().games_held(), 6u);
  EXPECT_LE(ts.state().challenges_held(), 3u + 3u);
}

TEST(ServerStateBound, ZeroKeepsNoFinishedGame) {
  TestServer ts(keeping(0));
  Api alice(ts.port(), "alice_token"), bob(ts.port(), "bob_token");
  for (int i = 0; i < 20; ++i) {
    const std::string id = start_game(alice, bob);
    ASSERT_EQ(bob.post("/api/bot/game/" + id + "/resign").status, 200);
  }
  start_game(alice, bob);
  EXPECT_EQ(ts.state().games_held(), 1u);  // only the ongoing one
}

}  // namespace
}  // namespace server::testing
