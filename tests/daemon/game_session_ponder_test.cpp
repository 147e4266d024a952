// SPDX-License-Identifier: GPL-3.0-or-later
// GameSession's pondering (daemon/game_session_ponder.cpp, engine.ponder) through whole
// games: the server shows our move as the real server does, the session ponders on the
// reply it expects, and a hit, a miss, game end and shutdown each end that search.
#include <gtest/gtest.h>

#include "daemon/metrics.h"
#include "engine/search/params.h"
#include "tests/daemon/support/game_session_fixture.h"

namespace bot::test {
namespace {

using namespace std::chrono_literals;

// Waits (bounded) until the session ponders; the reply it ponders on, "" when it never does.
std::string wait_for_pondering(const GameSession& session) {
  const auto give_up = std::chrono::steady_clock::now() + kHangGuard;
  while (std::chrono::steady_clock::now() < give_up) {
    if (std::string reply = session.summary().pondering; !reply.empty()) return reply;
    std::this_thread::sleep_for(1ms);
  }
  return "";
}

// A legal reply to `moves` other than `not_this`.
std::string other_reply(const std::string& moves, const std::string& not_this) {
  auto board = GameState::start(engine::Variant::Standard, "startpos");
  EXPECT_TRUE(board && board->update(moves));
  for (const engine::Move m : engine::legal_moves(board->position()))
    if (const std::string uci = engine::move_to_uci(board->position(), m); uci != not_this)
      return uci;
  return "";
}

SessionSettings pondering(SessionSettings s, Metrics* metrics = nullptr) {
  s.policy.ponder = true;
  s.metrics = metrics;
  return s;
}

TEST_F(GameSessionTest, PonderHitTurnsThePonderSearchIntoOurMove) {
  start(pondering(settings(), &metrics_));
  send(game_full_line(/*we_are_white=*/true, ""));
  const std::string first = posted_move(1);
  send(game_state_line(first));  // the server shows our move: alice is to move
  const std::string expected = wait_for_pondering(*session_);
  ASSERT_FALSE(expected.empty()) << "no ponder search after our move was shown";
  const std::string moves = first + " " + expected;
  send(game_state_line(moves));  // alice plays the reply we expected
  const std::string second = posted_move(2);
  EXPECT_NE(reply_to(moves + " " + second), "") << "our move after the hit is legal";
  const GameSummary summary = session_->summary();
  EXPECT_EQ(summary.ponder_hits, 1);
  EXPECT_EQ(summary.ponder_misses, 0);
  EXPECT_EQ(summary.pondering, "");
  const std::string page = metrics_.render();
  EXPECT_NE(page.find("\npaxbot_ponder_total{result=\"hit\"} 1\n"), std::string::npos) << page;
  EXPECT_NE(page.find("\npaxbot_ponder_total{result=\"miss\"} 0\n"), std::string::npos) << page;
  EXPECT_EQ(posts("move/").size(), 2u);
}

TEST_F(GameSessionTest, PonderMissStopsThePonderSearchAndSearchesTheRealPosition) {
  start(pondering(settings(), &metrics_));
  send(game_full_line(/*we_are_white=*/false, "e2e4"));
  const std::string first = "e2e4 " + posted_move(1);
  send(game_state_line(first));
  const std::string expected = wait_for_pondering(*session_);
  ASSERT_FALSE(expected.empty());
  const std::string moves = first + " " + other_reply(first, expected);
  send(game_state_line(moves));  // alice plays something else
  const std::string second = posted_move(2);
  EXPECT_NE(reply_to(moves + " " + second), "") << "our move answers the real reply";
  const GameSummary summary = session_->summary();
  EXPECT_EQ(summary.ponder_hits, 0);
  EXPECT_EQ(summary.ponder_misses, 1);
  EXPECT_NE(metrics_.render().find("\npaxbot_ponder_total{result=\"miss\"} 1\n"),
            std::string::npos);
  EXPECT_EQ(posts("move/").size(), 2u);
}

TEST_F(GameSessionTest, NoPonderingWhenOff) {
  start();  // engine.ponder is off by default
  send(game_full_line(/*we_are_white=*/true, ""));
  std::string moves = posted_move(1);
  send(game_state_line(moves));
  moves += " " + reply_to(moves);
  send(game_state_line(moves));
  posted_move(2);
  const GameSummary summary = session_->summary();
  EXPECT_EQ(summary.ponder_hits + summary.ponder_misses, 0);
}

TEST_F(GameSessionTest, NoPonderingWhenOurClockIsTooLowToGain) {
  const int low = engine::search::params::kPonderMinClockMs - 1;  // White's clock: ours
  start(pondering(settings()));
  send(game_full_line(/*we_are_white=*/true, ""));
  std::string moves = posted_move(1);
  send(game_state_line(moves, "started", "", low));
  moves += " " + reply_to(moves);
  send(game_state_line(moves, "started", "", low));
  posted_move(2);
  const GameSummary summary = session_->summary();
  EXPECT_EQ(summary.ponder_hits + summary.ponder_misses, 0);
}

TEST_F(GameSessionTest, GameEndStopsAPonderSearch) {
  start(pondering(settings()));
  send(game_full_line(/*we_are_white=*/true, ""));
  const std::string first = posted_move(1);
  send(game_state_line(first));
  ASSERT_FALSE(wait_for_pondering(*session_).empty());
  send(game_state_line(first, "resign", R"(,"winner":"white")"));  // alice resigns
  const auto report = wait_for_report();
  ASSERT_TRUE(report);
  EXPECT_EQ(report->status, "resign");
  EXPECT_EQ(posts("move/").size(), 1u) << "a stopped ponder search plays no move";
  session_.reset();  // joins the session and its engine (a running search would hang here)
}

TEST_F(GameSessionTest, ShutdownStopsAPonderSearch) {
  start(pondering(settings()));
  send(game_full_line(/*we_are_white=*/true, ""));
  send(game_state_line(posted_move(1)));
  ASSERT_FALSE(wait_for_pondering(*session_).empty());
  session_->stop();  // shutdown while pondering
  ASSERT_TRUE(wait_for_report());
  session_.reset();
}

}  // namespace
}  // namespace bot::test
