// SPDX-License-Identifier: GPL-3.0-or-later
// One game over HTTP: the game stream, moves and their errors, castling notation, draw and
// takeback offers, resign/abort, chat and export. Time in a game (clocks, first-move abort,
// opponentGone with claim-victory): clocks_test.cpp.
#include <gtest/gtest.h>

#include "tests/server/game_fixture.h"

namespace server::testing {
namespace {

TEST(GameStream, GameFullShape) {
  GameFixture g("clock.limit=300&clock.increment=3");
  const json& f = g.full;
  EXPECT_EQ(f["type"], "gameFull");
  EXPECT_EQ(f["id"], g.id);
  EXPECT_EQ(f["variant"], json({{"key", "standard"}, {"name", "Standard"}, {"short", "Std"}}));
  EXPECT_EQ(f["speed"], "blitz");
  EXPECT_EQ(f["perf"], json({{"name", "Blitz"}}));
  EXPECT_EQ(f["rated"], false);
  EXPECT_TRUE(f["createdAt"].is_number_integer());
  EXPECT_EQ(f["white"]["id"], "alice");
  EXPECT_EQ(f["white"]["name"], "alice");
  EXPECT_EQ(f["white"]["title"], "BOT");
  EXPECT_TRUE(f["white"]["rating"].is_number());
  EXPECT_EQ(f["black"]["id"], "bob");
  EXPECT_EQ(f["initialFen"], "startpos");
  EXPECT_EQ(f["clock"], json({{"initial", 300000}, {"increment", 3000}}));
  const json& s = f["state"];
  EXPECT_EQ(s["type"], "gameState");
  EXPECT_EQ(s["moves"], "");
  EXPECT_EQ(s["wtime"], 300000);
  EXPECT_EQ(s["btime"], 300000);
  EXPECT_EQ(s["winc"], 3000);
  EXPECT_EQ(s["binc"], 3000);
  EXPECT_EQ(s["status"], "started");
  EXPECT_FALSE(s.contains("winner"));
  EXPECT_FALSE(s.contains("wdraw"));
  EXPECT_EQ(s["expiration"], json({{"idleMillis", 0}, {"millisToMove", 25000}}));
}

TEST(GameStream, UnknownGameAndOtherPlayersAre404) {
  GameFixture g("clock.limit=300&clock.increment=3");
  Api carol(g.ts.port(), "carol_token");
  auto s = carol.stream("/api/bot/game/stream/" + g.id);
  EXPECT_TRUE(wait_ended(*s));
  EXPECT_EQ(s->status(), 404);
  auto none = carol.stream("/api/bot/game/stream/nothere1");
  EXPECT_TRUE(wait_ended(*none));
  EXPECT_EQ(none->status(), 404);
  EXPECT_NE(none->error_body().find("No such game"), std::string::npos);
}

TEST(GameStream, SameUserAgentReplacesOlderStream) {
  GameFixture g("clock.limit=300&clock.increment=3");
  auto again = g.alice.stream("/api/bot/game/stream/" + g.id);  // same UA as g.white
  EXPECT_EQ(next_json(*again)["type"], "gameFull");
  EXPECT_TRUE(wait_ended(*g.white));
  auto other = g.alice.stream("/api/bot/game/stream/" + g.id, "another-client/1.0");
  EXPECT_EQ(next_json(*other)["type"], "gameFull");
  EXPECT_FALSE(wait_ended(*again, 200ms));
}

TEST(Moves, EachMoveStreamsAGameState) {
  GameFixture g("clock.limit=300&clock.increment=3");
  json s = g.play(g.alice, "e2e4");
  EXPECT_EQ(s["moves"], "e2e4");
  EXPECT_TRUE(s.contains("expiration"));
  s = g.play(g.bob, "e7e5");
  EXPECT_EQ(s["moves"], "e2e4 e7e5");
  EXPECT_FALSE(s.contains("expiration"));  // both sides moved
  EXPECT_EQ(s["status"], "started");
  json playing = g.alice.get("/api/account/playing").parsed();
  ASSERT_EQ(playing["nowPlaying"].size(), 1u);
  EXPECT_EQ(playing["nowPlaying"][0]["isMyTurn"], true);
  EXPECT_EQ(playing["nowPlaying"][0]["lastMove"], "e7e5");
  EXPECT_EQ(playing["nowPlaying"][0]["hasMoved"], true);
  EXPECT_EQ(playing["nbMyTurn"], 1);
  EXPECT_EQ(g.bob.get("/api/account/playing").parsed()["nbMyTurn"], 0);
}

TEST(Moves, BadMovesAre400AndChangeNothing) {
  GameFixture g("clock.limit=300&clock.increment=3");
  Reply r = g.move(g.alice, "e2e5");
  EXPECT_EQ(r.status, 400);
  EXPECT_NE(r.parsed()["error"].get<std::string>().find("e2e5"), std::string::npos);
  r = g.move(g.alice, "zz9");
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(r.parsed()["error"], "Invalid UCI: zz9");
  r = g.move(g.bob, "e7e5");
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(r.parsed()["error"], "Not your turn, or game already over");
  r = g.move(g.alice, "e2e4", "?offeringDraw=perhaps");
  EXPECT_EQ(r.status, 400);
  Api carol(g.ts.port(), "carol_token");
  EXPECT_EQ(carol.post("/api/bot/game/" + g.id + "/move/e2e4").status, 404);
  EXPECT_EQ(g.alice.post("/api/bot/game/nothere1/move/e2e4").status, 404);
  // Nothing was streamed and the game is untouched.
  EXPECT_TRUE(next_json(*g.white, 150ms).is_null());
  EXPECT_EQ(g.play(g.alice, "e2e4")["moves"], "e2e4");
}

TEST(Moves, CastlingAcceptsBothNotationsAndStreamsKingTakesRook) {
  GameFixture g("clock.limit=300&clock.increment=3");
  for (const char* m : {"e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "f8c5"}) g.play_next(m);
  EXPECT_TRUE(g.play(g.alice, "e1g1")["moves"].get<std::string>().ends_with("e1h1"));
  g.play(g.bob, "g8f6");
  g.play(g.alice, "d2d3");
  EXPECT_TRUE(g.play(g.bob, "e8h8")["moves"].get<std::string>().ends_with("e8h8"));
}

TEST(Moves, FromPositionCastlingAndBlackFirst) {
  GameFixture g("fen=" + url_encode("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1") +
                "&clock.limit=300&clock.increment=0");
  EXPECT_EQ(g.full["variant"]["key"], "fromPosition");
  EXPECT_EQ(g.full["initialFen"], "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1");
  EXPECT_EQ(g.move(g.alice, "e1g1").status, 400);  // black moves first
  EXPECT_EQ(g.play(g.bob, "e8c8")["moves"], "e8a8");
  EXPECT_EQ(g.play(g.alice, "e1h1")["moves"], "e8a8 e1h1");
}

TEST(Offers, DrawOfferDeclineAndAccept) {
  GameFixture g("clock.limit=300&clock.increment=0");
  ASSERT_EQ(g.command(g.alice, "draw/yes").status, 200);  // before ply 2: ignored
  g.play(g.alice, "e2e4");
  g.play(g.bob, "e7e5");
  ASSERT_EQ(g.command(g.alice, "draw/yes").status, 200);
  json s = next_of_type(*g.black, "gameState");
  EXPECT_EQ(s["wdraw"], true);
  ASSERT_EQ(g.command(g.bob, "draw/no").status, 200);
  s = next_of_type(*g.black, "gameState");
  EXPECT_FALSE(s.contains("wdraw"));
  ASSERT_EQ(g.command(g.alice, "draw/yes").status, 200);  // too soon again: ignored
  EXPECT_TRUE(next_json(*g.black, 150ms).is_null());
  g.play(g.alice, "g1f3");
  Reply r = g.move(g.bob, "b8c6", "?offeringDraw=true");
  ASSERT_EQ(r.status, 200);
  s = next_of_type(*g.white, "gameState");
  EXPECT_EQ(s["bdraw"], true);
  ASSERT_EQ(g.command(g.alice, "draw/yes").status, 200);
  s = next_of_type(*g.white, "gameState");
  EXPECT_EQ(s["status"], "draw");
  EXPECT_FALSE(s.contains("winner"));
  EXPECT_EQ(g.command(g.alice, "draw/maybe").status, 400);
  // A draw offer with a move on a finished game is swallowed.
  EXPECT_EQ(g.move(g.alice, "d2d4", "?offeringDraw=true").status, 200);
}

TEST(Offers, TakebackProposeAndAccept) {
  GameFixture g("clock.limit=300&clock.increment=0");
  g.play(g.alice, "e2e4");
  g.play(g.bob, "e7e5");
  g.play(g.alice, "g1f3");
  ASSERT_EQ(g.command(g.alice, "takeback/yes").status, 200);
  EXPECT_EQ(next_of_type(*g.black, "gameState")["wtakeback"], true);
  next_of_type(*g.white, "gameState");
  ASSERT_EQ(g.command(g.bob, "takeback/yes").status, 200);
  json s = next_of_type(*g.white, "gameState");
  EXPECT_EQ(s["moves"], "e2e4 e7e5");
  EXPECT_FALSE(s.contains("wtakeback"));
  g.ply = 2;
  g.play(g.alice, "d2d4");  // White is to move again
  ASSERT_EQ(g.command(g.bob, "takeback/yes").status, 200);
  next_of_type(*g.white, "gameState");
  ASSERT_EQ(g.command(g.alice, "takeback/no").status, 200);
  EXPECT_FALSE(next_of_type(*g.white, "gameState").contains("btakeback"));
}

TEST(Endings, ResignAbortAndTheirLimits) {
  GameFixture g("clock.limit=300&clock.increment=0");
  EXPECT_EQ(g.command(g.alice, "resign").status, 200);  // still abortable: aborts
  json s = next_of_type(*g.white, "gameState");
  EXPECT_EQ(s["status"], "aborted");
  EXPECT_EQ(g.command(g.alice, "resign").status, 400);

  std::string id =
      start_game(g.alice, g.bob, "bob", "clock.limit=300&clock.increment=0&color=white");
  auto w = g.alice.stream("/api/bot/game/stream/" + id);
  next_json(*w);
  ASSERT_EQ(g.alice.post("/api/bot/game/" + id + "/move/e2e4").status, 200);
  ASSERT_EQ(g.bob.post("/api/bot/game/" + id + "/move/e7e5").status, 200);
  Reply r = g.alice.post("/api/bot/game/" + id + "/abort");
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(r.parsed()["error"], "This game can no longer be aborted");
  ASSERT_EQ(g.bob.post("/api/bot/game/" + id + "/resign").status, 200);
  s = next_of_type(*w, "gameState");
  while (!s.is_null() && s["status"] == "started") s = next_of_type(*w, "gameState");
  EXPECT_EQ(s["status"], "resign");
  EXPECT_EQ(s["winner"], "white");
  EXPECT_TRUE(wait_ended(*w));
  EXPECT_EQ(g.alice.get("/api/account").parsed()["count"]["win"], 1);
}

TEST(Chat, LinesAreEchoedToBothAndListed) {
  GameFixture g("clock.limit=300&clock.increment=0");
  ASSERT_EQ(g.command(g.alice, "chat").status, 400);  // no text
  ASSERT_EQ(g.alice.post("/api/bot/game/" + g.id + "/chat", "room=player&text=good+luck").status,
            200);
  ASSERT_EQ(g.bob.post("/api/bot/game/" + g.id + "/chat", "room=spectator&text=hi").status, 200);
  json line = next_of_type(*g.white, "chatLine");
  EXPECT_EQ(line, json({{"type", "chatLine"},
                        {"room", "player"},
                        {"username", "alice"},
                        {"text", "good luck"}}));
  EXPECT_EQ(next_of_type(*g.white, "chatLine")["room"], "spectator");
  EXPECT_EQ(next_of_type(*g.black, "chatLine")["text"], "good luck");
  Reply r = g.bob.get("/api/bot/game/" + g.id + "/chat");
  ASSERT_EQ(r.status, 200);
  EXPECT_EQ(r.parsed(), json::parse(R"([{"user":"alice","text":"good luck"}])"));
  EXPECT_EQ(g.alice.post("/api/bot/game/" + g.id + "/chat", "room=lobby&text=x").status, 400);
  EXPECT_EQ(g.alice.post("/api/bot/game/" + g.id + "/chat", "text=" + std::string(141, 'a')).status,
            400);
}

// Lichess's limit counts characters: 140 two-byte characters pass, 141 ASCII ones do not.
TEST(Chat, TheLimitIs140Characters) {
  GameFixture g("clock.limit=300&clock.increment=0");
  std::string accented;
  for (int i = 0; i < 140; ++i) accented += "%C3%A9";  // é
  EXPECT_EQ(g.alice.post("/api/bot/game/" + g.id + "/chat", "room=player&text=" + accented).status,
            200);
  Reply r =
      g.alice.post("/api/bot/game/" + g.id + "/chat", "room=player&text=" + std::string(141, 'a'));
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(r.parsed()["error"], "text: at most 140 characters");
}

TEST(Export, PgnAndJson) {
  GameFixture g("clock.limit=300&clock.increment=2");
  for (const char* m : {"e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5c6", "d7c6", "e1g1"})
    g.play_next(m);
  Api anonymous(g.ts.port(), "");
  Reply r = anonymous.get("/game/export/" + g.id + "?clocks=true");
  ASSERT_EQ(r.status, 200);
  EXPECT_EQ(r.content_type, "application/x-chess-pgn");
  EXPECT_NE(r.body.find("[White \"alice\"]"), std::string::npos) << r.body;
  EXPECT_NE(r.body.find("[Black \"bob\"]"), std::string::npos);
  EXPECT_NE(r.body.find("[WhiteTitle \"BOT\"]"), std::string::npos);
  EXPECT_NE(r.body.find("[Variant \"Standard\"]"), std::string::npos);
  EXPECT_NE(r.body.find("[TimeControl \"300+2\"]"), std::string::npos);
  EXPECT_NE(r.body.find("[Result \"*\"]"), std::string::npos);
  EXPECT_NE(r.body.find("[Event \"Casual Blitz game\"]"), std::string::npos) << r.body;
  EXPECT_NE(r.body.find("1. e4 { [%clk 0:05:00] } 1... e5"), std::string::npos) << r.body;
  EXPECT_NE(r.body.find("4. Bxc6 { [%clk 0:05:06] } 4... dxc6 { [%clk 0:05:06] } 5. O-O"),
            std::string::npos)
      << r.body;
  Reply j = anonymous.get("/game/export/" + g.id, {{"Accept", "application/json"}});
  ASSERT_EQ(j.status, 200);
  EXPECT_EQ(j.parsed()["moves"], "e4 e5 Nf3 Nc6 Bb5 a6 Bxc6 dxc6 O-O");
  EXPECT_EQ(j.parsed()["players"]["white"]["user"]["name"], "alice");
  EXPECT_EQ(anonymous.get("/game/export/nothere1").status, 404);
}
}  // namespace
}  // namespace server::testing
