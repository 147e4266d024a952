// SPDX-License-Identifier: GPL-3.0-or-later
// GET /_test/posts: the move and accept POSTs the server received, per position and challenge.
#include <gtest/gtest.h>

#include "tests/server/test_client.h"

namespace server::testing {
namespace {

ServerOptions with_test_hooks() {
  ServerOptions options = TestServer::fast_options();
  options.test_hooks = true;
  return options;
}

TEST(PostLog, CountsMovesPerPlyStaleMovesAndAccepts) {
  TestServer ts(with_test_hooks());
  Api alice(ts.port(), "alice_token"), bob(ts.port(), "bob_token"), local(ts.port(), "");
  Reply c = alice.post("/api/challenge/bob", "clock.limit=300&clock.increment=2&color=white");
  ASSERT_EQ(c.status, 200) << c.body;
  const std::string id = c.parsed()["id"];
  EXPECT_EQ(bob.post("/api/challenge/" + id + "/accept").status, 200);
  EXPECT_EQ(bob.post("/api/challenge/" + id + "/accept").status, 400);  // counted all the same
  EXPECT_EQ(alice.post("/api/bot/game/" + id + "/move/e2e4").status, 200);
  EXPECT_EQ(alice.post("/api/bot/game/" + id + "/move/d2d4").status, 400);  // bob's turn: stale
  EXPECT_EQ(bob.post("/api/bot/game/" + id + "/move/e7e9").status, 400);    // illegal, counted
  EXPECT_EQ(bob.post("/api/bot/game/" + id + "/move/e7e5").status, 200);

  Reply r = local.get("/_test/posts");
  ASSERT_EQ(r.status, 200) << r.body;
  const json log = r.parsed();
  EXPECT_EQ(log["accepts"][id], 2);
  EXPECT_EQ(log["moves"][id]["0"], 1);
  EXPECT_EQ(log["moves"][id]["1"], 2);
  EXPECT_EQ(log["stale"][id], 1);
}

// The log holds what the server holds: a game it forgot (beyond --keep-finished) leaves the
// log too, so a soak with the test hooks on stays bounded.
TEST(PostLog, ForgetsWhatTheServerForgets) {
  ServerOptions options = with_test_hooks();
  options.state.keep_finished = 1;
  TestServer ts(options);
  Api alice(ts.port(), "alice_token"), bob(ts.port(), "bob_token"), local(ts.port(), "");
  std::vector<std::string> ids;
  for (int i = 0; i < 4; ++i) {
    Reply c = alice.post("/api/challenge/bob", "clock.limit=300&clock.increment=2&color=white");
    ASSERT_EQ(c.status, 200) << c.body;
    ids.push_back(c.parsed()["id"]);
    ASSERT_EQ(bob.post("/api/challenge/" + ids.back() + "/accept").status, 200);
    ASSERT_EQ(alice.post("/api/bot/game/" + ids.back() + "/move/e2e4").status, 200);
    ASSERT_EQ(alice.post("/api/bot/game/" + ids.back() + "/move/d2d4").status, 400);  // stale
    if (i < 3) ASSERT_EQ(bob.post("/api/bot/game/" + ids.back() + "/resign").status, 200);
  }
  // Forgetting runs as challenges arrive and are accepted: held now are the newest finished
  // game (ids[2]) and the ongoing one (ids[3]), the ended challenge kept at ids[3]'s accept
  // (ids[2]) and ids[3] itself, which ended by that accept.
  const json log = local.get("/_test/posts").parsed();
  EXPECT_EQ(log["moves"].size(), 2u) << log.dump();
  EXPECT_EQ(log["stale"].size(), 2u) << log.dump();
  EXPECT_TRUE(log["moves"].contains(ids[2]) && log["moves"].contains(ids[3])) << log.dump();
  EXPECT_FALSE(log["stale"].contains(ids[0])) << log.dump();
  EXPECT_EQ(log["accepts"].size(), 2u) << log.dump();
  EXPECT_FALSE(log["accepts"].contains(ids[1])) << log.dump();
  EXPECT_EQ(log["accepts"][ids[3]], 1) << log.dump();
}

TEST(PostLog, KeepsNothingWithoutTestHooks) {
  TestServer ts;
  Api alice(ts.port(), "alice_token"), bob(ts.port(), "bob_token");
  Reply c = alice.post("/api/challenge/bob", "clock.limit=300&clock.increment=2");
  ASSERT_EQ(c.status, 200);
  EXPECT_EQ(bob.post("/api/challenge/" + c.parsed()["id"].get<std::string>() + "/accept").status,
            200);
  EXPECT_EQ(ts.state().post_log()["accepts"].size(), 0u);
}

}  // namespace
}  // namespace server::testing
