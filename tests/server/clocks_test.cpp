// SPDX-License-Identifier: GPL-3.0-or-later
// Time in one game over HTTP (server/clocks.*, driven by the test server's clock): increment
// and flagging, a flag found by the late move, the first-move deadline (abort, or noStart
// under noAbort), and the opponentGone countdown with claim-victory.
#include <gtest/gtest.h>

#include <thread>

#include "tests/server/game_fixture.h"

namespace server::testing {
namespace {

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
  g.ts.clock().advance(
      std::chrono::milliseconds(61000));  // no tick: the move request itself finds the flag
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
}  // namespace
}  // namespace server::testing
