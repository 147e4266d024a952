// SPDX-License-Identifier: GPL-3.0-or-later
// The fixture of the GameSession tests (game_session_test.cpp and the tests of the session's
// other files): the test plays the server over the fake HTTP client (a live game stream it
// writes to, a reply to every command) and moves time with the fake clock; the session runs
// its real board, engine, policy, chat and PGN record. The real-time waits only guard
// against a hang; they are not speed targets. One test thread drives it.
#pragma once

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <memory>
#include <mutex>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <unistd.h>

#include "daemon/game_session.h"
#include "daemon/metrics.h"
#include "tests/daemon/support/fakes.h"
#include "tests/daemon/support/scripted_game.h"
#include "tests/support/locked_stream.h"

namespace bot::test {

inline constexpr auto kHangGuard = std::chrono::seconds(20);

inline std::string text_of(const HttpRequest& request) {
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
    s.policy.abort_time = std::chrono::seconds(30);
    s.greeting.hello = "Hi {opponent}, I'm {me}.";
    s.greeting.goodbye = "Good game, {opponent}!";
    return s;
  }

  void start(SessionSettings s = settings(), bool parked = false) {
    session_ =
        std::make_unique<GameSession>("G1", client_, clock_, log_, Identity{"paxbot", "paxbot"},
                                      std::move(s), [this](const SessionReport& report) {
                                        std::lock_guard lock(mutex_);
                                        report_ = report;
                                      });
    session_->start(parked);
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
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
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
  paxbot_test::LockedStream log_text_;  // read while the threads under test log
  base::Logger log_{log_text_, base::LogLevel::kDebug, base::LogFormat::kTimestamped, &clock_};
  LichessClient client_{http_, clock_, log_, {.random01 = [] { return 0.0; }}};
  std::filesystem::path pgn_dir_ = std::filesystem::path(::testing::TempDir()) /
                                   ("game_session_test_" + std::to_string(::getpid()));
  std::mutex mutex_;
  std::optional<SessionReport> report_;
  Metrics metrics_;  // for sessions that count into metrics: outlives them
  std::unique_ptr<GameSession> session_;
};

}  // namespace bot::test
