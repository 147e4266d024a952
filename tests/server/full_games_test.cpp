// SPDX-License-Identifier: GPL-3.0-or-later
// Whole games between two scripted clients, each on its own game stream and
// HTTP connection, for every variant and every kind of ending.
#include <gtest/gtest.h>

#include <future>
#include <sstream>

#include "engine/game.h"
#include "engine/movegen.h"
#include "engine/notation.h"
#include "tests/server/test_client.h"

namespace server::testing {
namespace {

std::vector<std::string> words(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

engine::Variant rules_of(const std::string& key) {
  if (key == "pacifist") return engine::Variant::Pacifist;
  if (key == "standard") return engine::Variant::Standard;
  return engine::Variant::Chess960;
}

// One side of a game. `script` holds the moves of both sides by ply; the player posts
// the entries at its own plies ("resign" resigns). Past the script it plays the first
// legal move until auto_plies, then resigns. Returns the last gameState it saw.
json play_side(int port, std::string token, std::string game_id, std::vector<std::string> script,
               int auto_plies = 0) {
  Api api(port, token);
  auto stream = api.stream("/api/bot/game/stream/" + game_id);
  json full = next_json(*stream, 5s);
  if (full.is_null()) return {{"error", "no gameFull"}};
  const std::string me = token.substr(0, token.find('_'));
  const engine::Color color = full["white"]["id"] == me ? engine::White : engine::Black;
  const std::string initial = full["initialFen"];
  const engine::Color first =
      initial == "startpos" || words(initial).at(1) == "w" ? engine::White : engine::Black;
  json state = full["state"];
  while (state.value("status", "") == "started") {
    const std::vector<std::string> moves = words(state["moves"]);
    const int ply = int(moves.size());
    const engine::Color to_move = ply % 2 == 0 ? first : ~first;
    if (to_move == color) {
      std::string action;
      if (ply < int(script.size())) {
        action = script[ply];
      } else if (ply < auto_plies) {
        auto pos = engine::replay_game(rules_of(full["variant"]["key"]), initial,
                                       state["moves"].get<std::string>());
        if (!pos) return {{"error", pos.error()}};
        auto legal = engine::legal_moves(*pos);
        if (legal.empty()) return {{"error", "no legal move but the game goes on"}};
        action = engine::move_to_uci(*pos, legal[0]);
      } else {
        action = "resign";
      }
      const std::string path =
          "/api/bot/game/" + game_id + "/" + (action == "resign" ? action : "move/" + action);
      Reply r = api.post(path);
      if (r.status != 200) return {{"error", action + ": " + r.body}};
    }
    state = next_of_type(*stream, "gameState", 5s);
    if (state.is_null()) return {{"error", "no gameState after ply " + std::to_string(ply)}};
  }
  return state;
}

struct Result {
  json white_view, black_view;
  json white_finish, black_finish;  // gameFinish events
};

// white and black are account names whose tokens are NAME_token.
Result play_game(TestServer& ts, const std::string& fields, const std::vector<std::string>& script,
                 int auto_plies = 0, const std::string& white_name = "alice",
                 const std::string& black_name = "bob") {
  Api alice(ts.port(), white_name + "_token"), bob(ts.port(), black_name + "_token");
  auto alice_events = alice.stream("/api/stream/event");
  auto bob_events = bob.stream("/api/stream/event");
  std::string error;
  const std::string id = start_game(alice, bob, black_name, fields + "&color=white", &error);
  if (id.empty()) throw std::runtime_error(error);
  auto white = std::async(std::launch::async, play_side, ts.port(), white_name + "_token", id,
                          script, auto_plies);
  auto black = std::async(std::launch::async, play_side, ts.port(), black_name + "_token", id,
                          script, auto_plies);
  Result r;
  r.white_view = white.get();
  r.black_view = black.get();
  r.white_finish = next_of_type(*alice_events, "gameFinish");
  r.black_finish = next_of_type(*bob_events, "gameFinish");
  return r;
}

void expect_end(const Result& r, const std::string& status, const std::string& winner) {
  EXPECT_EQ(r.white_view, r.black_view);
  EXPECT_EQ(r.white_view.value("status", r.white_view.dump()), status);
  EXPECT_EQ(r.white_view.value("winner", ""), winner);
  for (const json& finish : {r.white_finish, r.black_finish}) {
    ASSERT_FALSE(finish.is_null());
    EXPECT_EQ(finish["game"]["status"]["name"], status);
    EXPECT_EQ(finish["game"].value("winner", ""), winner);
  }
}

std::string fen_field(const std::string& fen) {
  return "fen=" + url_encode(fen);
}

TEST(FullGame, StandardCheckmate) {
  TestServer ts;
  Result r = play_game(ts, "clock.limit=60&clock.increment=1", {"f2f3", "e7e5", "g2g4", "d8h4"});
  expect_end(r, "mate", "black");
  EXPECT_EQ(r.white_view["moves"], "f2f3 e7e5 g2g4 d8h4");
  EXPECT_EQ(r.white_finish["game"]["status"]["id"], 30);
}

TEST(FullGame, Stalemate) {
  TestServer ts;
  Result r = play_game(ts, fen_field("7k/8/8/6Q1/8/8/8/K7 w - - 0 1"), {"g5g6"});
  expect_end(r, "stalemate", "");
}

TEST(FullGame, ThreefoldRepetitionDraws) {
  TestServer ts;
  Result r =
      play_game(ts, "days=1", {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"});
  expect_end(r, "draw", "");
}

TEST(FullGame, FiftyMoveRuleDraws) {
  TestServer ts;
  Result r = play_game(ts, fen_field("4k3/8/8/8/8/8/8/R3K3 w - - 99 80"), {"a1a2"});
  expect_end(r, "draw", "");
}

TEST(FullGame, InsufficientMaterialDraws) {
  TestServer ts;
  Result r = play_game(ts, fen_field("4k3/8/8/8/8/8/3p4/4K3 w - - 0 1"), {"e1d2"});
  expect_end(r, "draw", "");
}

TEST(FullGame, Chess960RandomStartToResignation) {
  TestServer ts;
  Result r = play_game(ts, "variant=chess960&clock.limit=180&clock.increment=2", {}, 12);
  expect_end(r, "resign", "black");  // White is to move at ply 12 and resigns
  EXPECT_EQ(words(r.white_view["moves"]).size(), 12u);
  EXPECT_EQ(r.white_finish["game"]["variant"]["key"], "chess960");
}

TEST(FullGame, FromPositionWithBlackToMove) {
  TestServer ts;
  Result r =
      play_game(ts, fen_field("6k1/5ppp/8/8/8/8/8/R5K1 b - - 0 1") + "&days=3", {"g8h8", "a1a8"});
  expect_end(r, "mate", "white");
}

TEST(FullGame, PacifistKingConversionEndsTheGame) {
  // Rules diagram 3: Qb6 converts Black's king and nothing can convert it back.
  TestServer ts;
  Result r = play_game(
      ts,
      "variant=pacifist&" +
          fen_field("1rknn1br/p1pp1p1p/3bp1p1/1p1q2n1/5p2/2P4B/pP1PP1PP/B1RKR1QN w - - 0 1"),
      {"g1b6"});
  expect_end(r, "variantEnd", "white");
  EXPECT_EQ(r.white_finish["game"]["status"]["id"], 60);
  EXPECT_TRUE(r.white_finish["game"]["fen"].get<std::string>().starts_with(
      "1RKNN1br/P1PP1p1p/1Q1Bp1p1/1P1q2n1/5P2/2P4B/pP1PP1PP/B1RKR2N b"));
}

TEST(FullGame, PacifistDrawsByRepetitionAndFiftyMoves) {
  TestServer ts;
  Result r = play_game(ts, "variant=pacifist",
                       {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"});
  expect_end(r, "draw", "");
  Result fifty =
      play_game(ts, "variant=pacifist&" + fen_field("4k3/8/8/8/8/8/8/R3K3 w - - 99 80"), {"a1a2"});
  expect_end(fifty, "draw", "");
}

TEST(FullGame, PacifistStalemateKeepsTheKing) {
  // Found by random play: after Ne3 White still owns its king on h1 but has no move.
  TestServer ts;
  Result r = play_game(
      ts,
      "variant=pacifist&" +
          fen_field("r4r2/1b3q2/1ppnkpp1/p2ppn1p/Pbn1pppp/1pbp1q2/2p1n1R1/1r3b1K b - - 1 45"),
      {"f5e3"});
  expect_end(r, "stalemate", "");
}

TEST(FullGame, PacifistFromChess960StartPlaysOn) {
  TestServer ts;
  Result r =
      play_game(ts, "variant=pacifist&chess960=true&clock.limit=300&clock.increment=0", {}, 40);
  ASSERT_TRUE(r.white_view.contains("status")) << r.white_view.dump();
  // The first-legal-move players either reach ply 40 (then White resigns) or end the game.
  EXPECT_NE(r.white_view["status"], "started");
  EXPECT_EQ(r.white_view, r.black_view);
}

TEST(FullGame, PacifistStandardStartCastlingUsesKingTakesRook) {
  TestServer ts;
  Result r = play_game(ts, "variant=pacifist",
                       {"g1f3", "g8f6", "g2g3", "g7g6", "f1g2", "f8g7", "e1g1", "e8g8", "resign"});
  expect_end(r, "resign", "black");
  EXPECT_EQ(r.white_view["moves"], "g1f3 g8f6 g2g3 g7g6 f1g2 f8g7 e1h1 e8h8");
}

TEST(FullGame, ManyGamesAtOnceStayIndependent) {
  std::string accounts;
  for (int i = 0; i < 12; ++i)
    accounts += "p" + std::to_string(i) + ":p" + std::to_string(i) + "_token:bot\n";
  TestServer ts(TestServer::fast_options(), accounts);
  const std::vector<std::vector<std::string>> scripts = {
      {"f2f3", "e7e5", "g2g4", "d8h4"},
      {"e2e4", "e7e5", "f1c4", "b8c6", "d1h5", "g8f6", "h5f7"},
      {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"},
  };
  const std::pair<std::string, std::string> ends[] = {
      {"mate", "black"}, {"mate", "white"}, {"draw", ""}};
  std::vector<std::future<Result>> games;
  for (int i = 0; i < 6; ++i) {
    games.push_back(std::async(std::launch::async, [&ts, &scripts, i] {
      return play_game(ts, "clock.limit=60&clock.increment=1", scripts[i % 3], 0,
                       "p" + std::to_string(2 * i), "p" + std::to_string(2 * i + 1));
    }));
  }
  for (int i = 0; i < 6; ++i) expect_end(games[i].get(), ends[i % 3].first, ends[i % 3].second);
}

}  // namespace
}  // namespace server::testing
