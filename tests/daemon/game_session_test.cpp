// SPDX-License-Identifier: GPL-3.0-or-later
// GameSession through whole games (tests/daemon/support/game_session_fixture.h): greeting,
// the PGN record, engine overrides, draw offers, takebacks, resignation, abort and
// claim-victory timers, move retries, shutdown, and a game the server no longer serves.
// Pondering: game_session_ponder_test.cpp.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "tests/daemon/support/game_session_fixture.h"

namespace bot::test {
namespace {

using namespace std::chrono_literals;

TEST_F(GameSessionTest, PlaysAWholeGameGreetsAndRecordsIt) {
  PgnSink pgn({.directory = pgn_dir_.string(), .grouping = config::PgnGrouping::kPerGame});
  SessionSettings s = settings();
  s.pgn = &pgn;
  s.base_url = "https://lichess.org";
  start(std::move(s));
  send(game_full_line(/*we_are_white=*/true, ""));
  const std::string moves = play_as_white(4);
  posted_move(5);
  const GameSummary summary = session_->summary();
  EXPECT_EQ(summary.opponent, "alice");
  EXPECT_EQ(summary.color, "white");
  EXPECT_GE(summary.plies, 8);
  EXPECT_TRUE(summary.eval_cp.has_value() || summary.mate_in.has_value());

  send(game_state_line(moves, "resign", R"(,"winner":"white")"));
  const auto report = wait_for_report();
  ASSERT_TRUE(report);
  EXPECT_EQ(report->status, "resign");
  EXPECT_EQ(report->winner, engine::White);
  EXPECT_EQ(report->opponent, "alice");
  EXPECT_FALSE(report->opponent_is_bot);

  session_.reset();  // the chat thread has posted the goodbye once the session is gone
  const std::vector<HttpRequest> chats = posts("chat");
  ASSERT_EQ(chats.size(), 2u);
  EXPECT_EQ(text_of(chats[0]), "room=player;text=Hi alice, I'm paxbot.;");
  EXPECT_EQ(text_of(chats[1]), "room=player;text=Good game, alice!;");
  EXPECT_TRUE(posts("resign").empty());

  std::size_t files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(pgn_dir_)) {
    ++files;
    std::ifstream in(entry.path());
    std::stringstream pgn_text;
    pgn_text << in.rdbuf();
    EXPECT_NE(pgn_text.str().find("[White \"paxbot\"]"), std::string::npos) << pgn_text.str();
    EXPECT_NE(pgn_text.str().find("[Result \"1-0\"]"), std::string::npos) << pgn_text.str();
  }
  EXPECT_EQ(files, 1u);
}

TEST_F(GameSessionTest, EngineOverridesOfTheGamesContextApplyAtItsFullState) {
  SessionSettings s = settings();
  s.overrides = {{.speeds = {config::Speed::kBullet},
                  .opponent = config::OpponentKind::kHuman,
                  .hash_mb = 2,
                  .max_think_ms = 15},
                 {.opponent = config::OpponentKind::kBot, .hash_mb = 8}};
  start(std::move(s));
  send(game_full_line(/*we_are_white=*/true, ""));
  posted_move(1);
  // The game is bullet against the human alice: the first entry applies, the second not.
  EXPECT_NE(log_text_.str().find("game G1: engine overrides for bullet: hash 2 MiB, 1 thread(s)"),
            std::string::npos)
      << log_text_.str();
}

TEST_F(GameSessionTest, DeclinesDrawsAndTakebacksOncePerPly) {
  start();
  send(game_full_line(/*we_are_white=*/true, ""));
  const std::string moves = play_as_white(1);
  const std::string offers = R"(,"bdraw":true,"btakeback":true)";
  const std::string after = moves + " " + posted_move(2);
  send(game_state_line(after, "started", offers));
  send(game_state_line(after, "started", offers));  // the same offers again: already answered
  wait_for_posts("draw/", 1);
  wait_for_posts("takeback/", 1);
  send(game_state_line(after + " " + reply_to(after)));  // alice moves on; we answer it
  posted_move(3);
  ASSERT_EQ(posts("draw/").size(), 1u);
  EXPECT_EQ(posts("draw/")[0].path, kGameCommands + "draw/no");
  ASSERT_EQ(posts("takeback/").size(), 1u);
  EXPECT_EQ(posts("takeback/")[0].path, kGameCommands + "takeback/no");
}

// A legal move of `moves`' side to move other than reply_to's.
std::string another_reply_to(const std::string& moves) {
  auto board = GameState::start(engine::Variant::Standard, "startpos");
  if (!board || !board->update(moves)) return "";
  const engine::MoveList replies = engine::legal_moves(board->position());
  return replies.size() < 2 ? "" : engine::move_to_uci(board->position(), replies[1]);
}

TEST_F(GameSessionTest, AcceptsTakebacksUpToTheLimitAndPlaysOnFromTheShorterList) {
  SessionSettings s = settings();
  s.policy.takebacks.max_per_game = 1;
  start(std::move(s));
  send(game_full_line(/*we_are_white=*/true, ""));
  const std::string before = play_as_white(2);  // four plies; our third move follows
  const std::string ours = posted_move(3);
  send(game_state_line(before + " " + ours, "started", R"(,"btakeback":true)"));
  ASSERT_EQ(wait_for_posts("takeback/", 1)[0].path, kGameCommands + "takeback/yes");
  // The server takes back Black's last move and ours (Black asked on its own turn), and
  // Black plays something else: our next move must be legal in the new position.
  const std::string shorter = before.substr(0, before.rfind(' '));
  send(game_state_line(shorter));
  const std::string black = another_reply_to(shorter);
  ASSERT_FALSE(black.empty());
  const std::string replayed = shorter + " " + black;
  send(game_state_line(replayed));
  const std::string next = posted_move(4);
  reply_to(replayed + " " + next);  // fails the test when `next` is illegal there
  // The second request is over the limit.
  const std::string later = replayed + " " + next;
  send(game_state_line(later, "started", R"(,"btakeback":true)"));
  const std::vector<HttpRequest> answers = wait_for_posts("takeback/", 2);
  ASSERT_EQ(answers.size(), 2u);
  EXPECT_EQ(answers[1].path, kGameCommands + "takeback/no");
}

TEST_F(GameSessionTest, ATakebackAskedOnOurTurnWaitsForTheShorterList) {
  SessionSettings s = settings();
  s.policy.takebacks.max_per_game = 1;
  start(std::move(s));
  send(game_full_line(/*we_are_white=*/true, ""));
  const std::string first = posted_move(1);
  const std::string black = reply_to(first);
  // Black moved and asks for it back: one ply goes, and it is Black's turn again.
  send(game_state_line(first + " " + black, "started", R"(,"btakeback":true)"));
  ASSERT_EQ(wait_for_posts("takeback/", 1)[0].path, kGameCommands + "takeback/yes");
  send(game_state_line(first));
  const std::string other = another_reply_to(first);
  send(game_state_line(first + " " + other));
  const std::string second = posted_move(2);
  reply_to(first + " " + other + " " + second);  // legal after the takeback
  EXPECT_EQ(posts("move/").size(), 2u) << "no move for the position taken back";
}

TEST_F(GameSessionTest, OffersAndAcceptsDrawsWhenTheScoreStaysLevel) {
  SessionSettings s = settings();
  s.policy.draw_offer = {.enabled = true,
                         .max_score_cp = GamePolicy::kDecisiveScore,
                         .consecutive_moves = 1,
                         .min_moves = 0,
                         .plies_after_opponent_offer = 10};
  start(std::move(s));
  send(game_full_line(/*we_are_white=*/true, ""));
  EXPECT_NE(wait_for_posts("move/", 1)[0].path.find("?offeringDraw=true"), std::string::npos);
  const std::string moves = posted_move(1) + " e7e5";
  send(game_state_line(moves, "started", R"(,"bdraw":true)"));
  ASSERT_EQ(wait_for_posts("draw/", 1)[0].path, kGameCommands + "draw/yes");
}

TEST_F(GameSessionTest, ResignsAHopelessGame) {
  SessionSettings s = settings();
  s.policy.resign = {.enabled = true, .score_cp = -800, .consecutive_moves = 1};
  start(std::move(s));
  // Our lone king against Black's whole army.
  send(game_full_line(/*we_are_white=*/true, "", "rnbqkbnr/pppppppp/8/8/8/8/8/4K3 w kq - 0 1"));
  wait_for_posts("resign", 1);
  EXPECT_TRUE(posts("move/").empty());
  send(game_state_line("", "resign", R"(,"winner":"black")"));
  const auto report = wait_for_report();
  ASSERT_TRUE(report);
  EXPECT_EQ(report->winner, engine::Black);
}

TEST_F(GameSessionTest, AbortsWhenTheOpponentNeverMoves) {
  start();
  send(game_full_line(/*we_are_white=*/false, ""));
  clock_.wait_for_sleepers(1);  // the session waits for its abort timer
  clock_.advance(29s);
  clock_.wait_for_sleepers(1);
  EXPECT_TRUE(posts("abort").empty());
  clock_.advance(1s);
  wait_for_posts("abort", 1);
  send(game_state_line("", "aborted"));
  const auto report = wait_for_report();
  ASSERT_TRUE(report);
  EXPECT_EQ(report->status, "aborted");
  EXPECT_FALSE(report->winner);
}

TEST_F(GameSessionTest, WaitGivesTheOpponentMoreTimeOnce) {
  start();
  send(game_full_line(/*we_are_white=*/false, ""));
  wait_for_posts("chat", 1);  // the greeting
  send(R"({"type":"chatLine","room":"player","username":"alice","text":"!wait"})");
  wait_for_posts("chat", 2);  // the reply: the timer was already extended
  clock_.wait_for_sleepers(1);
  clock_.advance(30s);
  clock_.wait_for_sleepers(1);
  EXPECT_TRUE(posts("abort").empty());
  clock_.advance(30s);
  wait_for_posts("abort", 1);
}

TEST_F(GameSessionTest, ClaimsVictoryWhenTheOpponentLeaves) {
  start();
  send(game_full_line(/*we_are_white=*/false, "e2e4"));
  const std::string moves = "e2e4 " + posted_move(1);
  send(game_state_line(moves));
  send(R"({"type":"opponentGone","gone":true,"claimWinInSeconds":10})");
  clock_.wait_for_sleepers(1);
  clock_.advance(9s);
  clock_.wait_for_sleepers(1);
  EXPECT_TRUE(posts("claim-victory").empty());
  clock_.advance(1s);
  wait_for_posts("claim-victory", 1);
  EXPECT_TRUE(posts("abort").empty());
}

TEST_F(GameSessionTest, RetriesAMoveTheServerRefused) {
  http_.set_default_reply(
      HttpResult::response(400, R"({"error":"Not your turn, or game already over"})"));
  SessionSettings s = settings();
  s.greeting = {};
  start(std::move(s));
  send(game_full_line(/*we_are_white=*/true, ""));
  wait_for_posts("move/", 1);
  http_.set_default_reply(HttpResult::response(200, R"({"ok":true})"));
  clock_.wait_for_sleepers(1);  // the retry timer
  EXPECT_EQ(clock_.sleeps().back(), GamePolicy::kMoveRetryDelay);
  EXPECT_EQ(posts("move/").size(), 1u);
  clock_.advance(GamePolicy::kMoveRetryDelay);
  wait_for_posts("move/", 2);
}

TEST_F(GameSessionTest, ResignsAtOnceForShutdown) {
  start();
  send(game_full_line(/*we_are_white=*/false, ""));
  wait_for_posts("chat", 1);
  session_->resign_now();
  wait_for_posts("resign", 1);
}

TEST_F(GameSessionTest, EndsWhenTheServerNoLongerServesTheGame) {
  FakeHttpClient gone;  // no stream scripted: 404
  LichessClient client{gone, clock_, log_, {}};
  GameSession session("G1", client, clock_, log_, {"paxbot", "paxbot"}, settings(),
                      [this](const SessionReport& report) {
                        std::lock_guard lock(mutex_);
                        report_ = report;
                      });
  session.start();
  const auto give_up = std::chrono::steady_clock::now() + kHangGuard;
  while (!session.finished() && std::chrono::steady_clock::now() < give_up)
    std::this_thread::sleep_for(1ms);
  std::lock_guard lock(mutex_);
  ASSERT_TRUE(report_);
  EXPECT_EQ(report_->status, "gone");
}

}  // namespace
}  // namespace bot::test
