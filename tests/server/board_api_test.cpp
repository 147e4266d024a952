// SPDX-License-Identifier: GPL-3.0-or-later
// The Board API subset (/api/board/...): a human account plays a bot through the same
// handlers as the Bot API; only the account kind differs.
#include <gtest/gtest.h>

#include "tests/server/test_client.h"

namespace server::testing {
namespace {

// human (white) vs alice (bot, black), both game streams open.
struct HumanGame {
  HumanGame() : human(ts.port(), "human_token"), alice(ts.port(), "alice_token") {
    std::string error;
    id = start_game(human, alice, "alice", "clock.limit=300&clock.increment=3&color=white", &error);
    if (id.empty()) throw std::runtime_error(error);
    board = human.stream("/api/board/game/stream/" + id);
    bot = alice.stream("/api/bot/game/stream/" + id);
    full = next_json(*board);
    next_json(*bot);
  }
  Reply board_post(const std::string& what) {
    return human.post("/api/board/game/" + id + "/" + what);
  }
  Reply bot_post(const std::string& what) { return alice.post("/api/bot/game/" + id + "/" + what); }

  TestServer ts;
  Api human, alice;
  std::string id;
  std::unique_ptr<StreamClient> board, bot;
  json full;
};

TEST(BoardApi, StreamHasTheBotStreamShapes) {
  HumanGame g;
  EXPECT_EQ(g.full["type"], "gameFull");
  EXPECT_EQ(g.full["white"]["id"], "human");
  EXPECT_TRUE(g.full["white"]["title"].is_null());
  EXPECT_EQ(g.full["black"]["title"], "BOT");
  EXPECT_EQ(g.full["state"]["moves"], "");
  ASSERT_EQ(g.board_post("move/e2e4").status, 200);
  json on_board = next_of_type(*g.board, "gameState");
  json on_bot = next_of_type(*g.bot, "gameState");
  EXPECT_EQ(on_board["moves"], "e2e4");
  EXPECT_EQ(on_board, on_bot);
  ASSERT_EQ(g.bot_post("move/e7e5").status, 200);
  EXPECT_EQ(next_of_type(*g.board, "gameState")["moves"], "e2e4 e7e5");
}

TEST(BoardApi, AccountKindDecidesTheApi) {
  HumanGame g;
  Reply bot_on_board = g.alice.post("/api/board/game/" + g.id + "/move/e7e5");
  EXPECT_EQ(bot_on_board.status, 400);
  EXPECT_NE(bot_on_board.body.find("Bot account"), std::string::npos) << bot_on_board.body;
  EXPECT_EQ(g.alice.stream("/api/board/game/stream/" + g.id)->status(), 400);
  Reply human_on_bot = g.human.post("/api/bot/game/" + g.id + "/move/e2e4");
  EXPECT_EQ(human_on_bot.status, 400);
  EXPECT_NE(human_on_bot.body.find("Bot account"), std::string::npos) << human_on_bot.body;
  EXPECT_EQ(g.human.stream("/api/bot/game/stream/" + g.id)->status(), 400);
}

TEST(BoardApi, MoveErrorsAreTheBotApiErrors) {
  HumanGame g;
  Reply illegal = g.board_post("move/e2e5");
  EXPECT_EQ(illegal.status, 400);
  EXPECT_NE(illegal.body.find("Illegal move"), std::string::npos) << illegal.body;
  Reply malformed = g.board_post("move/zz");
  EXPECT_EQ(malformed.status, 400);
  EXPECT_NE(malformed.body.find("Invalid UCI"), std::string::npos) << malformed.body;
  EXPECT_EQ(g.board_post("move/e2e4").status, 200);
  EXPECT_EQ(g.board_post("move/d2d4").status, 400);  // not my turn
}

TEST(BoardApi, DrawOfferAcceptedByTheBot) {
  HumanGame g;
  ASSERT_EQ(g.board_post("move/e2e4").status, 200);
  ASSERT_EQ(g.bot_post("move/e7e5").status, 200);
  ASSERT_EQ(g.board_post("draw/yes").status, 200);
  json offered = next_of_type(*g.bot, "gameState");
  while (!offered.is_null() && !offered.contains("wdraw"))
    offered = next_of_type(*g.bot, "gameState");
  ASSERT_FALSE(offered.is_null());
  EXPECT_EQ(offered["wdraw"], true);
  ASSERT_EQ(g.bot_post("draw/yes").status, 200);
  json end = next_of_type(*g.board, "gameState");
  while (!end.is_null() && end["status"] == "started") end = next_of_type(*g.board, "gameState");
  EXPECT_EQ(end["status"], "draw");
  EXPECT_FALSE(end.contains("winner"));
}

// The first gameState on `stream` that satisfies `wanted` (null when the stream ends first).
template <class F>
json state_where(StreamClient& stream, F wanted) {
  json s = next_of_type(stream, "gameState");
  while (!s.is_null() && !wanted(s)) s = next_of_type(stream, "gameState");
  return s;
}

TEST(BoardApi, TakebackProposedByTheHumanAndAcceptedByTheBot) {
  HumanGame g;
  ASSERT_EQ(g.board_post("move/e2e4").status, 200);
  ASSERT_EQ(g.bot_post("move/e7e5").status, 200);
  ASSERT_EQ(g.board_post("move/g1f3").status, 200);
  // Not the human's turn: only the human's last move goes back.
  ASSERT_EQ(g.board_post("takeback/yes").status, 200);
  const json asked = state_where(*g.bot, [](const json& s) { return s.contains("wtakeback"); });
  ASSERT_FALSE(asked.is_null());
  EXPECT_EQ(asked["wtakeback"], true);
  ASSERT_EQ(g.bot_post("takeback/yes").status, 200);
  const json one_back =
      state_where(*g.board, [](const json& s) { return s["moves"] == "e2e4 e7e5"; });
  ASSERT_FALSE(one_back.is_null());
  EXPECT_FALSE(one_back.contains("wtakeback"));
  // The human's turn: the bot's reply and the human's move before it go back.
  ASSERT_EQ(g.board_post("move/b1c3").status, 200);
  ASSERT_EQ(g.bot_post("move/g8f6").status, 200);
  ASSERT_EQ(g.board_post("takeback/yes").status, 200);
  ASSERT_EQ(g.bot_post("takeback/yes").status, 200);
  EXPECT_FALSE(
      state_where(*g.board, [](const json& s) { return s["moves"] == "e2e4 e7e5"; }).is_null());
  ASSERT_EQ(g.board_post("move/d2d4").status, 200);  // the game goes on from there
}

TEST(BoardApi, TakebackDeclinedByTheBotKeepsTheMoves) {
  HumanGame g;
  ASSERT_EQ(g.board_post("move/e2e4").status, 200);
  ASSERT_EQ(g.bot_post("move/e7e5").status, 200);
  ASSERT_EQ(g.board_post("takeback/yes").status, 200);
  ASSERT_EQ(g.bot_post("takeback/no").status, 200);
  const json after = state_where(*g.board, [](const json& s) {
    return !s.contains("wtakeback") && s["moves"] == "e2e4 e7e5";
  });
  EXPECT_FALSE(after.is_null());
  EXPECT_EQ(g.board_post("move/d2d4").status, 200);  // still white to move: nothing undone
}

TEST(BoardApi, ResignEndsTheGame) {
  HumanGame g;
  ASSERT_EQ(g.board_post("move/e2e4").status, 200);
  ASSERT_EQ(g.bot_post("move/e7e5").status, 200);
  ASSERT_EQ(g.board_post("resign").status, 200);
  json end = next_of_type(*g.bot, "gameState");
  while (!end.is_null() && end["status"] == "started") end = next_of_type(*g.bot, "gameState");
  EXPECT_EQ(end["status"], "resign");
  EXPECT_EQ(end["winner"], "black");
  EXPECT_TRUE(wait_ended(*g.board));
}

TEST(BoardApi, ChatReachesTheBot) {
  HumanGame g;
  ASSERT_EQ(g.human
                .post("/api/board/game/" + g.id + "/chat",
                      "room=player&text=" + url_encode("<b>hi</b> & bye"))
                .status,
            200);
  json line = next_of_type(*g.bot, "chatLine");
  EXPECT_EQ(line["username"], "human");
  EXPECT_EQ(line["text"], "<b>hi</b> & bye");
  EXPECT_EQ(line["room"], "player");
  json log = g.alice.get("/api/bot/game/" + g.id + "/chat").parsed();
  ASSERT_EQ(log.size(), 1u);
  EXPECT_EQ(log[0]["text"], "<b>hi</b> & bye");
}

}  // namespace
}  // namespace server::testing
