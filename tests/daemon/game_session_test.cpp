// SPDX-License-Identifier: GPL-3.0-or-later
// GameSession through whole games: the test plays the server over the fake HTTP client
// (a live game stream it writes to, a reply to every command) and moves time with the
// fake clock; the session runs its real board, engine, policy, chat and PGN record, and
// ponders (engine.ponder) when the server shows our move as the real server does.
// The real-time waits below only guard against a hang; they are not speed targets.
#include "daemon/game_session.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <thread>

#include <unistd.h>

#include "daemon/metrics.h"
#include "engine/search/params.h"
#include "tests/daemon/support/fakes.h"
#include "tests/daemon/support/scripted_game.h"

namespace bot::test {
namespace {

using namespace std::chrono_literals;

constexpr auto kHangGuard = 20s;

std::string text_of(const HttpRequest& request) {
  std::string text;
  if (const auto* form = std::get_if<FormFields>(&request.body))
    for (const auto& [key, value] : *form) text += key + "=" + value + ";";
  return text;
}

class GameSessionTest : public ::testing::Test {
 protected:
  GameSessionTest() {
    http_.live_stream(kGameStream);
    http_.set_default_reply(HttpResult::response(200, R"({"ok":true})"));
  }
  ~GameSessionTest() override {
    session_.reset();  // joins the session's threads before the fakes go
    std::filesystem::remove_all(pgn_dir_);
  }

  static SessionSettings settings() {
    SessionSettings s;
    s.budget = {.move_overhead_ms = 10, .max_think_ms = 20, .first_move_max_ms = 20};
    s.engine = {.hash_mb = 1, .threads = 1};
    s.policy.draw_offer.enabled = false;
    s.policy.resign.enabled = false;
    s.policy.abort_time = 30s;
    s.greeting.hello = "Hi {opponent}, I'm {me}.";
    s.greeting.goodbye = "Good game, {opponent}!";
    return s;
  }

  void start(SessionSettings s = settings()) {
    session_ =
        std::make_unique<GameSession>("G1", client_, clock_, log_, Identity{"paxbot", "paxbot"},
                                      std::move(s), [this](const SessionReport& report) {
                                        std::lock_guard lock(mutex_);
                                        report_ = report;
                                      });
    session_->start();
  }

  void send(std::string line) { http_.push_line(kGameStream, std::move(line)); }

  // The session's POSTs to /api/bot/game/G1/<what>...
  std::vector<HttpRequest> posts(std::string_view what) const {
    return http_.requests_to(HttpMethod::kPost, kGameCommands + std::string(what));
  }

  std::vector<HttpRequest> wait_for_posts(std::string_view what, std::size_t count) {
    std::vector<HttpRequest> found =
        http_.wait_for_requests(HttpMethod::kPost, kGameCommands + std::string(what), count);
    EXPECT_GE(found.size(), count) << "waiting for " << what;
    return found;
  }

  std::optional<SessionReport> wait_for_report() {
    const auto give_up = std::chrono::steady_clock::now() + kHangGuard;
    while (!session_->finished() && std::chrono::steady_clock::now() < give_up)
      std::this_thread::sleep_for(1ms);
    std::lock_guard lock(mutex_);
    return report_;
  }

  // The UCI move of the n-th (1-based) move the session posted.
  std::string posted_move(std::size_t n) {
    const std::vector<HttpRequest> moves = wait_for_posts("move/", n);
    if (moves.size() < n) return "";
    std::string uci = moves[n - 1].path.substr(kGameCommands.size() + 5);
    return uci.substr(0, uci.find('?'));
  }

  // Plays `our_moves` of our moves as White from the start, answering each. Returns the
  // move list.
  std::string play_as_white(int our_moves) {
    std::string moves;
    for (int n = 1; n <= our_moves; ++n) {
      moves += (moves.empty() ? "" : " ") + posted_move(std::size_t(n));
      moves += " " + reply_to(moves);
      send(game_state_line(moves));
    }
    return moves;
  }

  FakeClock clock_{FakeClock::SleepMode::kBlock};
  FakeHttpClient http_;
  std::ostringstream log_text_;
  base::Logger log_{log_text_, base::LogLevel::kDebug, base::LogFormat::kTimestamped, &clock_};
  LichessClient client_{http_, clock_, log_, {.random01 = [] { return 0.0; }}};
  std::filesystem::path pgn_dir_ = std::filesystem::path(::testing::TempDir()) /
                                   ("game_session_test_" + std::to_string(::getpid()));
  std::mutex mutex_;
  std::optional<SessionReport> report_;
  std::unique_ptr<GameSession> session_;
};

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
  Metrics metrics;
  start(pondering(settings(), &metrics));
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
  const std::string page = metrics.render();
  EXPECT_NE(page.find("\npaxbot_ponder_total{result=\"hit\"} 1\n"), std::string::npos) << page;
  EXPECT_NE(page.find("\npaxbot_ponder_total{result=\"miss\"} 0\n"), std::string::npos) << page;
  EXPECT_EQ(posts("move/").size(), 2u);
}

TEST_F(GameSessionTest, PonderMissStopsThePonderSearchAndSearchesTheRealPosition) {
  Metrics metrics;
  start(pondering(settings(), &metrics));
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
  EXPECT_NE(metrics.render().find("\npaxbot_ponder_total{result=\"miss\"} 1\n"), std::string::npos);
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
