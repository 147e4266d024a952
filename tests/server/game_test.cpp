// SPDX-License-Identifier: GPL-3.0-or-later
// One game over HTTP: the game stream, moves and their errors, castling notation,
// clocks, first-move abort, draw and takeback offers, resign/abort, chat,
// opponentGone with claim-victory, and export.
#include <gtest/gtest.h>

#include <algorithm>

#include "tests/server/test_client.h"

namespace server::testing {
namespace {

// alice (white) vs bob (black) with both game streams open.
struct GameFixture {
  explicit GameFixture(const std::string& fields,
                       ServerOptions options = TestServer::fast_options())
      : ts(std::move(options)), alice(ts.port(), "alice_token"), bob(ts.port(), "bob_token") {
    std::string error;
    id = start_game(alice, bob, "bob", fields + "&color=white", &error);
    if (id.empty()) throw std::runtime_error(error);
    white = alice.stream("/api/bot/game/stream/" + id);
    black = bob.stream("/api/bot/game/stream/" + id);
    full = next_json(*white);
    next_json(*black);
  }
  Reply move(Api& who, const std::string& uci, const std::string& query = "") {
    return who.post("/api/bot/game/" + id + "/move/" + uci + query);
  }
  // Plays a move and returns the gameState with that move that both streams receive
  // (earlier gameStates still queued on the streams are skipped).
  json play(Api& who, const std::string& uci) {
    Reply r = move(who, uci);
    EXPECT_EQ(r.status, 200) << uci << ": " << r.body;
    ++ply;
    json on_black = state_with_ply(*black), on_white = state_with_ply(*white);
    EXPECT_EQ(on_white, on_black);
    return on_white;
  }
  // For games where White moves first.
  json play_next(const std::string& uci) { return play(ply % 2 == 0 ? alice : bob, uci); }
  json state_with_ply(StreamClient& s) {
    while (true) {
      json state = next_of_type(s, "gameState");
      if (state.is_null()) return state;
      const std::string moves = state["moves"];
      const int words = moves.empty() ? 0 : int(std::count(moves.begin(), moves.end(), ' ')) + 1;
      if (words == ply) return state;
    }
  }
  Reply command(Api& who, const std::string& what) {
    return who.post("/api/bot/game/" + id + "/" + what);
  }

  TestServer ts;
  Api alice, bob;
  std::string id;
  std::unique_ptr<StreamClient> white, black;
  json full;
  int ply = 0;
};

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

TEST(Clock, IncrementAndFlagging) {
  GameFixture g("clock.limit=60&clock.increment=2");
  g.play(g.alice, "e2e4");
  g.ts.advance(3000);
  json s = g.play(g.bob, "e7e5");  // the clocks start now, with White to move
  EXPECT_EQ(s["wtime"], 60000);
  EXPECT_EQ(s["btime"], 60000);
  g.ts.advance(5000);
  s = g.play(g.alice, "g1f3");
  EXPECT_EQ(s["wtime"], 57000);  // 60 - 5 + 2
  g.ts.advance(59000);
  EXPECT_EQ(g.play(g.bob, "b8c6")["btime"], 3000);
  g.ts.advance(56999);
  EXPECT_EQ(next_json(*g.white, 100ms), nullptr);  // 1 ms left, no flag yet
  g.ts.advance(1);
  s = next_of_type(*g.white, "gameState");
  EXPECT_EQ(s["status"], "outoftime");
  EXPECT_EQ(s["winner"], "black");
  EXPECT_EQ(s["wtime"], 0);
  EXPECT_TRUE(wait_ended(*g.white));
  EXPECT_TRUE(wait_ended(*g.black));
  EXPECT_EQ(g.move(g.alice, "d2d4").status, 400);
}

TEST(Clock, FlagDetectedWhenTheLateMoveArrives) {
  GameFixture g("clock.limit=60&clock.increment=0");
  g.play(g.alice, "e2e4");
  g.play(g.bob, "e7e5");
  g.ts.clock().advance(61000);  // no tick: the move request itself finds the flag
  Reply r = g.move(g.alice, "g1f3");
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(next_of_type(*g.black, "gameState")["status"], "outoftime");
}

TEST(Clock, FirstMoveDeadlineAborts) {
  GameFixture g("clock.limit=180&clock.increment=0");  // blitz: 25 s
  Api bob_events_api(g.ts.port(), "bob_token");
  auto events = bob_events_api.stream("/api/stream/event");
  next_of_type(*events, "gameStart");
  g.ts.advance(24000);
  g.play(g.alice, "e2e4");
  g.ts.advance(10000);
  EXPECT_EQ(g.play(g.bob, "e7e5")["status"], "started");  // each first move has 25 s
  // A fresh game where White never moves.
  std::string id = start_game(g.alice, g.bob, "bob", "clock.limit=180&clock.increment=0");
  auto stream = g.alice.stream("/api/bot/game/stream/" + id);
  json full = next_json(*stream);
  g.ts.advance(25000);
  json s = next_of_type(*stream, "gameState");
  EXPECT_EQ(s["status"], "aborted");
  EXPECT_FALSE(s.contains("winner"));
  json finish = next_of_type(*events, "gameFinish");
  EXPECT_EQ(finish["game"]["id"], id);
  EXPECT_EQ(finish["game"]["status"], json({{"id", 25}, {"name", "aborted"}}));
}

TEST(Clock, MissedFirstMoveUnderNoAbortIsNoStart) {
  TestServer ts;
  Api alice(ts.port(), "alice_token"), human(ts.port(), "human_token");
  const std::string id = start_game(alice, human, "human",
                                    "rules=noAbort&color=white&clock.limit=180&clock.increment=0");
  ASSERT_FALSE(id.empty());
  auto stream = alice.stream("/api/bot/game/stream/" + id);
  ASSERT_EQ(next_json(*stream)["type"], "gameFull");
  ts.advance(25000);
  json s = next_of_type(*stream, "gameState");
  EXPECT_EQ(s["status"], "noStart");
  EXPECT_EQ(s["winner"], "black");  // White never moved
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

TEST(OpponentGone, CountdownThenClaimVictory) {
  GameFixture g("clock.limit=300&clock.increment=0");
  g.play(g.alice, "e2e4");
  g.play(g.bob, "e7e5");
  EXPECT_EQ(g.command(g.alice, "claim-victory").status, 400);
  const std::size_t before = g.ts.state().open_stream_count();
  g.black->close();
  for (int i = 0; i < 200 && g.ts.state().open_stream_count() == before; ++i)
    std::this_thread::sleep_for(10ms);
  ASSERT_LT(g.ts.state().open_stream_count(), before);
  g.ts.advance(5000);
  json gone = next_of_type(*g.white, "opponentGone");
  EXPECT_EQ(gone, json({{"type", "opponentGone"}, {"gone", true}, {"claimWinInSeconds", 15}}));
  EXPECT_EQ(g.command(g.alice, "claim-victory").status, 400);
  g.ts.advance(15000);
  EXPECT_EQ(next_of_type(*g.white, "opponentGone")["claimWinInSeconds"], 0);
  ASSERT_EQ(g.command(g.alice, "claim-victory").status, 200);
  json s = next_of_type(*g.white, "gameState");
  EXPECT_EQ(s["status"], "timeout");
  EXPECT_EQ(s["winner"], "white");
}

TEST(OpponentGone, ComingBackSendsGoneFalse) {
  GameFixture g("clock.limit=300&clock.increment=0");
  g.play(g.alice, "e2e4");
  g.play(g.bob, "e7e5");
  const std::size_t before = g.ts.state().open_stream_count();
  g.black->close();
  for (int i = 0; i < 200 && g.ts.state().open_stream_count() == before; ++i)
    std::this_thread::sleep_for(10ms);
  g.ts.advance(6000);
  EXPECT_EQ(next_of_type(*g.white, "opponentGone")["gone"], true);
  auto back = g.bob.stream("/api/bot/game/stream/" + g.id);
  EXPECT_EQ(next_of_type(*g.white, "opponentGone"),
            json({{"type", "opponentGone"}, {"gone", false}}));
  EXPECT_EQ(g.command(g.alice, "claim-draw").status, 400);
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
