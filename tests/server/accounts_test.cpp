// SPDX-License-Identifier: GPL-3.0-or-later
// Accounts: parsing, authentication and the account/user endpoints.
#include <gtest/gtest.h>

#include "server/accounts.h"
#include "tests/server/test_client.h"

namespace server::testing {
namespace {

TEST(AccountSpec, ParsesNameTokenAndBotFlag) {
  auto a = parse_account_spec("Alice:tok_1:bot");
  ASSERT_TRUE(a) << a.error();
  EXPECT_EQ(a->id, "alice");
  EXPECT_EQ(a->username, "Alice");
  EXPECT_EQ(a->token, "tok_1");
  EXPECT_TRUE(a->bot);
  auto b = parse_account_spec("bob:tok2");
  ASSERT_TRUE(b);
  EXPECT_FALSE(b->bot);
}

TEST(AccountSpec, RejectsBadSpecs) {
  for (const char* bad : {"alice", "a:tok", "alice:", "alice:tok:admin", "al ice:tok",
                          "alice:to-ken", "alice:tok:bot:x"}) {
    auto a = parse_account_spec(bad);
    EXPECT_FALSE(a) << bad;
  }
}

TEST(AccountsFile, SkipsCommentsAndNamesTheBadLine) {
  auto ok = Accounts::parse("# bots\nalice:t1:bot\n\n  bob:t2  \n", "f");
  ASSERT_TRUE(ok) << ok.error();
  EXPECT_EQ(ok->size(), 2u);
  EXPECT_NE(ok->find("ALICE"), nullptr);
  EXPECT_EQ(ok->by_token("t2")->id, "bob");

  auto bad = Accounts::parse("alice:t1\nbob\n", "accounts.txt");
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().find("accounts.txt:2"), std::string::npos) << bad.error();
  auto twice = Accounts::parse("alice:t1\nAlice:t2\n", "f");
  ASSERT_FALSE(twice);
  EXPECT_NE(twice.error().find("twice"), std::string::npos);
  auto token = Accounts::parse("alice:t1\nbob:t1\n", "f");
  ASSERT_FALSE(token);
  EXPECT_NE(token.error().find("reuses the token"), std::string::npos);
  EXPECT_FALSE(Accounts::load_file("/nonexistent/accounts.txt"));
}

TEST(Auth, MissingOrWrongTokenIs401WithJsonError) {
  TestServer ts;
  Api anonymous(ts.port(), "");
  Reply r = anonymous.get("/api/account");
  EXPECT_EQ(r.status, 401);
  EXPECT_TRUE(r.parsed().contains("error")) << r.body;
  Api wrong(ts.port(), "nope");
  r = wrong.get("/api/account");
  EXPECT_EQ(r.status, 401);
  EXPECT_EQ(r.parsed()["error"], "No such token");
  r = wrong.post("/api/bot/game/abcdefgh/move/e2e4");
  EXPECT_EQ(r.status, 401);
  auto stream = wrong.stream("/api/stream/event");
  EXPECT_TRUE(wait_ended(*stream));
  EXPECT_EQ(stream->status(), 401);
}

TEST(Account, ShapeAndBotTitle) {
  TestServer ts;
  Api alice(ts.port(), "alice_token");
  Reply r = alice.get("/api/account");
  ASSERT_EQ(r.status, 200);
  json j = r.parsed();
  EXPECT_EQ(j["id"], "alice");
  EXPECT_EQ(j["username"], "alice");
  EXPECT_EQ(j["title"], "BOT");
  EXPECT_TRUE(j["perfs"]["blitz"].contains("rating"));
  EXPECT_TRUE(j["perfs"].contains("pacifist"));
  EXPECT_TRUE(j["createdAt"].is_number());
  EXPECT_TRUE(j["count"]["all"].is_number());
  Api human(ts.port(), "human_token");
  EXPECT_FALSE(human.get("/api/account").parsed().contains("title"));
}

TEST(Account, UpgradeOnceAndOnlyWithoutGames) {
  TestServer ts;
  Api human(ts.port(), "human_token");
  Reply r = human.post("/api/bot/account/upgrade");
  EXPECT_EQ(r.status, 200);
  EXPECT_EQ(r.parsed()["ok"], true);
  EXPECT_EQ(human.get("/api/account").parsed()["title"], "BOT");
  r = human.post("/api/bot/account/upgrade");
  EXPECT_EQ(r.status, 400);
  EXPECT_TRUE(r.parsed()["error"].is_string());
}

TEST(Account, NonBotCannotUseBotEndpoints) {
  TestServer ts;
  Api human(ts.port(), "human_token");
  Reply r = human.post("/api/bot/game/abcdefgh/move/e2e4");
  EXPECT_EQ(r.status, 400);
  EXPECT_NE(r.parsed()["error"].get<std::string>().find("Bot account"), std::string::npos);
}

TEST(TokenTest, MapsTokensToUsersOrNull) {
  TestServer ts;
  Api anonymous(ts.port(), "");
  Reply r = anonymous.post("/api/token/test", "alice_token, bogus", "text/plain");
  ASSERT_EQ(r.status, 200) << r.body;
  json j = r.parsed();
  EXPECT_EQ(j["alice_token"]["userId"], "alice");
  EXPECT_NE(j["alice_token"]["scopes"].get<std::string>().find("bot:play"), std::string::npos);
  EXPECT_TRUE(j["alice_token"]["expires"].is_null());
  EXPECT_TRUE(j["bogus"].is_null());
  EXPECT_EQ(anonymous.post("/api/token/test", "", "text/plain").status, 400);
}

TEST(Users, UserStatusAndOnlineBots) {
  TestServer ts;
  Api anonymous(ts.port(), "");
  Reply r = anonymous.get("/api/user/Bob");
  ASSERT_EQ(r.status, 200);
  EXPECT_EQ(r.parsed()["id"], "bob");
  EXPECT_EQ(anonymous.get("/api/user/nobody").status, 404);

  r = anonymous.get("/api/users/status?ids=alice,bob,nobody");
  ASSERT_EQ(r.status, 200);
  json status = r.parsed();
  ASSERT_EQ(status.size(), 2u);
  EXPECT_FALSE(status[0].contains("online"));  // flags are absent when false

  Api alice(ts.port(), "alice_token");
  auto events = alice.stream("/api/stream/event");
  ASSERT_TRUE(next_json(*events, 300ms).is_null());  // nothing to replay, keep-alives only
  status = anonymous.get("/api/users/status?ids=alice").parsed();
  EXPECT_EQ(status[0]["online"], true);
  EXPECT_EQ(status[0]["title"], "BOT");
  r = anonymous.get("/api/bot/online?nb=10");
  ASSERT_EQ(r.status, 200);
  EXPECT_EQ(r.content_type, "application/x-ndjson");
  EXPECT_NE(r.body.find("\"alice\""), std::string::npos);
  EXPECT_EQ(r.body.find("\"bob\""), std::string::npos);
  EXPECT_EQ(anonymous.get("/api/bot/online?nb=0").status, 400);
  EXPECT_EQ(anonymous.get("/api/users/status").status, 400);
}

}  // namespace
}  // namespace server::testing

namespace server::testing {
namespace {

TEST(Listen, ASecondServerOnABusyPortFailsNamingTheAddress) {
  base::SystemClock clock;
  LocalServer first(*Accounts::parse("alice:t1:bot\n", "f"), {}, clock);
  auto port = first.start();
  ASSERT_TRUE(port) << port.error();
  ServerOptions same;
  same.port = *port;
  LocalServer second(*Accounts::parse("alice:t1:bot\n", "f"), same, clock);
  auto clash = second.start();
  ASSERT_FALSE(clash);
  EXPECT_NE(clash.error().find("127.0.0.1:" + std::to_string(*port)), std::string::npos)
      << clash.error();
}

}  // namespace
}  // namespace server::testing
