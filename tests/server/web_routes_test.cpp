// SPDX-License-Identifier: GPL-3.0-or-later
// The web pages' views: /api/web/lobby and its stream, /api/web/game/{id} and its
// watch stream (SAN, conversions, legal destinations, chat, the end), and the pages
// themselves (served from a directory, or a clear message when it is missing).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "tests/server/test_client.h"

namespace server::testing {
namespace {

json find_by(const json& list, const std::string& key, const std::string& value) {
  for (const json& item : list)
    if (item.value(key, "") == value) return item;
  return nullptr;
}

TEST(WebLobby, AccountsChallengesGamesAndResults) {
  TestServer ts;
  Api alice(ts.port(), "alice_token"), bob(ts.port(), "bob_token"), anonymous(ts.port(), "");
  auto events = alice.stream("/api/stream/event");
  next_json(*events, 200ms);
  json lobby = anonymous.get("/api/web/lobby").parsed();
  EXPECT_EQ(lobby["type"], "lobby");
  json a = find_by(lobby["accounts"], "id", "alice");
  EXPECT_EQ(a["bot"], true);
  EXPECT_EQ(a["online"], true);
  json h = find_by(lobby["accounts"], "id", "human");
  EXPECT_EQ(h["bot"], false);
  EXPECT_EQ(h["online"], false);
  EXPECT_TRUE(lobby["playing"].empty());

  Reply created = alice.post("/api/challenge/bob", "clock.limit=60&clock.increment=1&color=white");
  ASSERT_EQ(created.status, 200);
  const std::string id = created.parsed()["id"];
  lobby = anonymous.get("/api/web/lobby").parsed();
  ASSERT_EQ(lobby["challenges"].size(), 1u);
  EXPECT_EQ(lobby["challenges"][0]["id"], id);
  EXPECT_EQ(lobby["challenges"][0]["challenger"]["name"], "alice");

  ASSERT_EQ(bob.post("/api/challenge/" + id + "/accept").status, 200);
  lobby = anonymous.get("/api/web/lobby").parsed();
  EXPECT_TRUE(lobby["challenges"].empty());
  ASSERT_EQ(lobby["playing"].size(), 1u);
  EXPECT_EQ(lobby["playing"][0]["id"], id);
  EXPECT_EQ(lobby["playing"][0]["white"]["name"], "alice");
  EXPECT_EQ(find_by(lobby["accounts"], "id", "bob")["playing"], id);

  ASSERT_EQ(alice.post("/api/bot/game/" + id + "/move/e2e4").status, 200);
  ASSERT_EQ(bob.post("/api/bot/game/" + id + "/move/e7e5").status, 200);
  ASSERT_EQ(bob.post("/api/bot/game/" + id + "/resign").status, 200);
  lobby = anonymous.get("/api/web/lobby").parsed();
  EXPECT_TRUE(lobby["playing"].empty());
  ASSERT_EQ(lobby["finished"].size(), 1u);
  EXPECT_EQ(lobby["finished"][0]["status"], "resign");
  EXPECT_EQ(lobby["finished"][0]["winner"], "white");
  EXPECT_EQ(lobby["finished"][0]["ply"], 2);
}

TEST(WebLobby, StreamSendsAViewOnEveryChange) {
  TestServer ts;
  Api alice(ts.port(), "alice_token"), anonymous(ts.port(), "");
  auto lobby = anonymous.stream("/api/web/lobby/stream");
  ASSERT_EQ(lobby->status(), 200);
  json first = next_json(*lobby);
  EXPECT_EQ(first["type"], "lobby");
  EXPECT_TRUE(first["challenges"].empty());
  ASSERT_EQ(alice.post("/api/challenge/bob", "clock.limit=60&clock.increment=1").status, 200);
  json next = next_of_type(*lobby, "lobby");
  ASSERT_EQ(next["challenges"].size(), 1u);
  auto events = alice.stream("/api/stream/event");
  json online = next_of_type(*lobby, "lobby");
  EXPECT_EQ(find_by(online["accounts"], "id", "alice")["online"], true);
}

TEST(WebLobby, StreamSendsTheGameAfterEveryMove) {
  TestServer ts;
  Api alice(ts.port(), "alice_token"), bob(ts.port(), "bob_token"), anonymous(ts.port(), "");
  std::string error;
  const std::string id =
      start_game(alice, bob, "bob", "color=white&clock.limit=60&clock.increment=1", &error);
  ASSERT_FALSE(id.empty()) << error;
  auto lobby = anonymous.stream("/api/web/lobby/stream");
  EXPECT_EQ(next_of_type(*lobby, "lobby")["playing"][0]["ply"], 0);
  ASSERT_EQ(alice.post("/api/bot/game/" + id + "/move/e2e4").status, 200);
  json moved = next_of_type(*lobby, "lobbyGame");
  EXPECT_EQ(moved["game"]["id"], id);
  EXPECT_EQ(moved["game"]["ply"], 1);
  EXPECT_EQ(moved["game"]["lastMove"], "e2e4");
  ASSERT_EQ(bob.post("/api/bot/game/" + id + "/move/e7e5").status, 200);
  EXPECT_EQ(next_of_type(*lobby, "lobbyGame")["game"]["ply"], 2);
  // The end is a whole lobby again (the game moves to the finished list).
  ASSERT_EQ(bob.post("/api/bot/game/" + id + "/resign").status, 200);
  json ended = next_of_type(*lobby, "lobby");
  EXPECT_TRUE(ended["playing"].empty());
  EXPECT_EQ(ended["finished"][0]["id"], id);
}

TEST(WebGame, ViewAndWatchStreamOfAPacifistGame) {
  TestServer ts;
  Api alice(ts.port(), "alice_token"), bob(ts.port(), "bob_token"), anonymous(ts.port(), "");
  const std::string fen = "rkqn1rb1/ppppppbp/P7/1n4p1/8/4N3/1PPPPPPP/RNK1BBQR w - - 0 1";
  std::string error;
  const std::string id = start_game(
      alice, bob, "bob",
      "variant=pacifist&color=white&clock.limit=60&clock.increment=0&fen=" + url_encode(fen),
      &error);
  ASSERT_FALSE(id.empty()) << error;
  json view = anonymous.get("/api/web/game/" + id).parsed();
  EXPECT_EQ(view["type"], "game");
  EXPECT_EQ(view["variant"]["key"], "pacifist");
  EXPECT_EQ(view["startFen"], fen);
  EXPECT_TRUE(view["moves"].empty());
  EXPECT_EQ(view["state"]["turn"], "white");
  EXPECT_EQ(view["state"]["clockRunning"], false);
  const json& knight = view["state"]["legal"]["dests"]["e3"];
  EXPECT_NE(std::find(knight.begin(), knight.end(), "f5"), knight.end());
  EXPECT_EQ(anonymous.get("/api/web/game/nosuchgm").status, 404);

  auto watch = anonymous.stream("/api/web/game/" + id + "/stream");
  ASSERT_EQ(watch->status(), 200);
  EXPECT_EQ(next_json(*watch)["type"], "game");
  ASSERT_EQ(alice.post("/api/bot/game/" + id + "/move/e3f5").status, 200);
  json state = next_of_type(*watch, "state");
  EXPECT_EQ(state["from"], 0);
  ASSERT_EQ(state["moves"].size(), 1u);
  EXPECT_EQ(state["moves"][0]["san"], "Nf5");
  EXPECT_EQ(state["moves"][0]["converted"].size(), 7u);
  EXPECT_EQ(state["moves"][0]["converted"][0]["color"], "white");
  EXPECT_EQ(state["state"]["turn"], "black");
  EXPECT_EQ(state["state"]["ply"], 1);

  // The players' room is not shown to spectators; the spectator room is.
  ASSERT_EQ(bob.post("/api/bot/game/" + id + "/chat", "room=player&text=secret").status, 200);
  ASSERT_EQ(
      bob.post("/api/bot/game/" + id + "/chat", "room=spectator&text=" + url_encode("<i>gg</i>"))
          .status,
      200);
  json chat = next_of_type(*watch, "chatLine");
  EXPECT_EQ(chat["text"], "<i>gg</i>");
  EXPECT_EQ(chat["username"], "bob");
  EXPECT_EQ(chat["room"], "spectator");

  ASSERT_EQ(bob.post("/api/bot/game/" + id + "/resign").status, 200);
  json end = next_of_type(*watch, "state");
  EXPECT_EQ(end["state"]["status"], "aborted");  // resigning before both moved aborts
  EXPECT_FALSE(end["state"].contains("legal"));
  EXPECT_TRUE(wait_ended(*watch));
  json finished = anonymous.get("/api/web/game/" + id).parsed();
  EXPECT_EQ(finished["moves"].size(), 1u);
  ASSERT_EQ(finished["chat"].size(), 1u);
  EXPECT_EQ(finished["chat"][0]["text"], "<i>gg</i>");
}

TEST(WebGame, WatchStreamOfAFinishedGameEndsAfterTheView) {
  TestServer ts;
  Api alice(ts.port(), "alice_token"), bob(ts.port(), "bob_token"), anonymous(ts.port(), "");
  const std::string id =
      start_game(alice, bob, "bob", "clock.limit=60&clock.increment=0&color=white");
  ASSERT_FALSE(id.empty());
  for (const char* uci : {"f2f3", "e7e5", "g2g4", "d8h4"})
    ASSERT_EQ((std::string(uci) == "e7e5" || std::string(uci) == "d8h4" ? bob : alice)
                  .post("/api/bot/game/" + id + "/move/" + uci)
                  .status,
              200);
  auto watch = anonymous.stream("/api/web/game/" + id + "/stream");
  json view = next_json(*watch);
  EXPECT_EQ(view["state"]["status"], "mate");
  EXPECT_EQ(view["state"]["winner"], "black");
  EXPECT_EQ(view["moves"][3]["san"], "Qh4#");
  EXPECT_TRUE(wait_ended(*watch));
}

TEST(WebPages, MissingFilesGiveAClearMessageAndTheApiWorks) {
  TestServer ts;
  Api anonymous(ts.port(), "");
  Reply page = anonymous.get("/");
  EXPECT_EQ(page.status, 404);
  EXPECT_NE(page.body.find("not installed"), std::string::npos) << page.body;
  EXPECT_EQ(anonymous.get("/api/web/lobby").status, 200);
}

TEST(WebPages, ServedFromTheirDirectory) {
  const auto dir =
      std::filesystem::temp_directory_path() / ("paxbot-web-test-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "index.html") << "<p>lobby</p>";
  std::ofstream(dir / "game.html") << "<p>game</p>";
  std::ofstream(dir / "app.js") << "export {};";
  ServerOptions options = TestServer::fast_options();
  options.web_files = web_files_in(dir.string());
  TestServer ts(options);
  Api anonymous(ts.port(), "");
  Reply lobby = anonymous.get("/");
  EXPECT_EQ(lobby.status, 200);
  EXPECT_EQ(lobby.body, "<p>lobby</p>");
  EXPECT_TRUE(lobby.content_type.starts_with("text/html"));
  Reply game = anonymous.get("/abcdefgh");
  EXPECT_EQ(game.body, "<p>game</p>");
  Reply js = anonymous.get("/web/app.js");
  EXPECT_EQ(js.status, 200);
  EXPECT_TRUE(js.content_type.starts_with("text/javascript")) << js.content_type;
  EXPECT_EQ(anonymous.get("/web/../index.html").status, 404);
  EXPECT_EQ(anonymous.get("/web/missing.js").status, 404);
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace server::testing
