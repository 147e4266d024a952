// SPDX-License-Identifier: GPL-3.0-or-later
// GameSession's check-in cycle (daemon/game_session_correspondence.cpp): a correspondence
// game's stream closes once the opponent has thought for disconnect_s, reopens on resume()
// with the moves made meanwhile, and a session may start with its stream closed. The think
// time is correspondence.move_time_ms.
#include <gtest/gtest.h>

#include "tests/daemon/support/game_session_fixture.h"

namespace bot::test {
namespace {

using namespace std::chrono_literals;

// The scripted game as a correspondence game: one day per move, no clock.
std::string correspondence_full_line(bool we_are_white, const std::string& moves) {
  std::string line = game_full_line(we_are_white, moves);
  const auto replace = [&](const std::string& from, const std::string& to) {
    const auto at = line.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    if (at != std::string::npos) line.replace(at, from.size(), to);
  };
  replace(R"("speed":"bullet")", R"("speed":"correspondence")");
  replace(R"("clock":{"initial":60000,"increment":0},)", R"("daysPerTurn":1,)");
  return line;
}

SessionSettings correspondence(SessionSettings s) {
  s.budget.max_think_ms = 5000;  // realtime games only
  s.correspondence = {.move_time_ms = 30, .max_games = 5, .checkin_s = 600, .disconnect_s = 60};
  return s;
}

// Until the stream is open (or closed) and the published summary says so too: the session
// publishes its summary just after it closes the stream.
bool wait_for_stream(const GameSession& session, bool open) {
  const auto give_up = std::chrono::steady_clock::now() + kHangGuard;
  auto settled = [&] {
    return session.stream_open() == open && session.summary().stream_open == open;
  };
  while (!settled() && std::chrono::steady_clock::now() < give_up) std::this_thread::sleep_for(1ms);
  return settled();
}

TEST_F(GameSessionTest, CorrespondenceStreamClosesWhileTheOpponentThinksAndReopensOnResume) {
  start(correspondence(settings()));
  send(correspondence_full_line(/*we_are_white=*/false, "e2e4"));
  const std::string moves = "e2e4 " + posted_move(1);
  send(game_state_line(moves));  // the server shows our move: the opponent thinks
  clock_.wait_for_sleepers(1);   // the session waits for disconnect_s
  clock_.advance(59s);
  clock_.wait_for_sleepers(1);
  EXPECT_TRUE(session_->stream_open());
  clock_.advance(1s);
  ASSERT_TRUE(wait_for_stream(*session_, false)) << log_text_.str();
  EXPECT_FALSE(session_->summary().stream_open);
  EXPECT_EQ(http_.requests_to(HttpMethod::kGet, kGameStream).size(), 1u);

  // The opponent moves while the stream is closed: the reopened stream replays the game.
  const std::string replied = moves + " " + reply_to(moves);
  send(correspondence_full_line(false, replied));
  session_->resume();
  const std::string second = posted_move(2);
  EXPECT_NE(reply_to(replied + " " + second), "") << "our move answers the reply";
  EXPECT_NE(log_text_.str().find("at most 30 ms"), std::string::npos)
      << "correspondence.move_time_ms is the think time\n"
      << log_text_.str();
  EXPECT_TRUE(session_->stream_open());
  EXPECT_EQ(http_.requests_to(HttpMethod::kGet, kGameStream).size(), 2u);
  session_->resume();  // open already: nothing happens
  EXPECT_EQ(posts("chat").size(), 1u) << "the greeting is not repeated on reopening";
}

TEST_F(GameSessionTest, ARealtimeGameKeepsItsStreamWhileTheOpponentThinks) {
  SessionSettings s = correspondence(settings());
  s.correspondence.disconnect_s = 0;
  start(std::move(s));
  send(game_full_line(/*we_are_white=*/false, "e2e4"));
  const std::string moves = "e2e4 " + posted_move(1);
  send(game_state_line(moves));
  send(game_state_line(moves));
  clock_.advance(3600s);
  send(game_state_line(moves + " " + reply_to(moves)));
  posted_move(2);
  EXPECT_TRUE(session_->stream_open());
  EXPECT_EQ(http_.requests_to(HttpMethod::kGet, kGameStream).size(), 1u);
}

TEST_F(GameSessionTest, ASessionStartedParkedOpensItsStreamOnResume) {
  start(correspondence(settings()), /*parked=*/true);
  EXPECT_FALSE(session_->stream_open());
  const GameSummary waiting = session_->summary();
  EXPECT_EQ(waiting.id, "G1");
  EXPECT_FALSE(waiting.stream_open);
  send(correspondence_full_line(/*we_are_white=*/false, "e2e4"));
  session_->resume();
  posted_move(1);
  EXPECT_TRUE(session_->stream_open());
  EXPECT_EQ(http_.requests_to(HttpMethod::kGet, kGameStream).size(), 1u);
}

}  // namespace
}  // namespace bot::test
