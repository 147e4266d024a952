// SPDX-License-Identifier: GPL-3.0-or-later
// Bot through a whole game: the test plays the server over the fake HTTP client (a live
// event stream and game stream, a reply to every command) with the fake clock; the bot
// runs its real challenge policy, session and engine. The real-time waits only guard
// against a hang; they are not speed targets.
#include "daemon/bot.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <thread>

#include "config/defaults.h"
#include "tests/daemon/support/fakes.h"
#include "tests/daemon/support/scripted_game.h"
#include "tests/support/locked_stream.h"

namespace bot::test {
namespace {

using namespace std::chrono_literals;

const std::string kEventStream = "/api/stream/event";

std::string challenge_line(const std::string& id, const std::string& variant) {
  return R"({"type":"challenge","challenge":{"id":")" + id +
         R"(","status":"created","challenger":{"id":"alice","name":"alice","rating":1500},)"
         R"("destUser":{"id":"paxbot","name":"paxbot","title":"BOT"},"variant":{"key":")" +
         variant +
         R"("},"rated":false,"speed":"blitz","timeControl":{"type":"clock","limit":180,)"
         R"("increment":2},"color":"random","perf":{"name":"Blitz"}}})";
}

std::string challenge_from(const std::string& id, const std::string& name, int rating) {
  std::string line = challenge_line(id, "standard");
  const std::string alice = R"("challenger":{"id":"alice","name":"alice","rating":1500})";
  line.replace(line.find(alice), alice.size(),
               R"("challenger":{"id":")" + name + R"(","name":")" + name + R"(","rating":)" +
                   std::to_string(rating) + "}");
  return line;
}

std::string game_event_line(const std::string& type, const std::string& status) {
  return R"({"type":")" + type +
         R"(","game":{"gameId":"G1","id":"G1","color":"white","fen":"startpos",)"
         R"("variant":{"key":"standard"},"speed":"blitz","rated":false,)"
         R"("opponent":{"id":"alice","username":"alice","rating":1500},"isMyTurn":true,)"
         R"("status":{"name":")" +
         status + R"("}}})";
}

class BotTest : public ::testing::Test {
 protected:
  BotTest() {
    http_.live_stream(kEventStream);
    http_.live_stream(kGameStream);
    http_.reply(HttpMethod::kGet, "/api/account/playing?nb=50",
                HttpResult::response(200, R"({"nowPlaying":[]})"));
    http_.set_default_reply(HttpResult::response(200, R"({"ok":true})"));
  }

  std::vector<HttpRequest> posts(std::string_view prefix) const {
    return http_.requests_to(HttpMethod::kPost, prefix);
  }

  std::vector<HttpRequest> wait_for_posts(std::string_view prefix, std::size_t count) {
    std::vector<HttpRequest> found = http_.wait_for_requests(HttpMethod::kPost, prefix, count);
    EXPECT_GE(found.size(), count) << "waiting for " << prefix;
    return found;
  }

  std::string posted_move(std::size_t n) {
    const auto moves = wait_for_posts(kGameCommands + "move/", n);
    if (moves.size() < n) return "";
    return moves[n - 1].path.substr(kGameCommands.size() + 5);
  }

  static config::Config config() {
    config::Config c = config::default_config();
    c.engine.max_think_ms = 20;
    c.engine.first_move_max_ms = 20;
    c.engine.hash_mb = 1;
    return c;
  }

  FakeClock clock_{FakeClock::SleepMode::kBlock};
  FakeHttpClient http_;
  RecordingNotifier notifier_;
  paxbot_test::LockedStream log_text_;  // read while the threads under test log
  base::Logger log_{log_text_, base::LogLevel::kDebug, base::LogFormat::kTimestamped, &clock_};
  LichessClient client_{http_, clock_, log_, {.random01 = [] { return 0.0; }}};
};

TEST_F(BotTest, AcceptsAChallengePlaysTheGameAndShutsDown) {
  Bot bot(config(), client_, clock_, log_, notifier_, {"paxbot", "paxbot"});
  int exit_code = -1;
  std::thread runner([&] { exit_code = bot.run(); });

  http_.push_line(kEventStream, challenge_line("C2", "atomic"));  // a variant we do not play
  http_.push_line(kEventStream, challenge_line("C1", "standard"));
  wait_for_posts("/api/challenge/C1/accept", 1);
  ASSERT_EQ(wait_for_posts("/api/challenge/C2/decline", 1).size(), 1u);
  EXPECT_TRUE(posts("/api/challenge/C2/accept").empty());

  http_.push_line(kEventStream, game_event_line("gameStart", "started"));
  http_.push_line(kGameStream, game_full_line(/*we_are_white=*/true, ""));
  std::string moves;
  for (std::size_t n = 1; n <= 3; ++n) {
    moves += (moves.empty() ? "" : " ") + posted_move(n);
    moves += " " + reply_to(moves);
    http_.push_line(kGameStream, game_state_line(moves));
  }
  posted_move(4);
  http_.push_line(kGameStream, game_state_line(moves, "resign", R"(,"winner":"white")"));
  http_.push_line(kEventStream, game_event_line("gameFinish", "resign"));

  bot.request_shutdown();
  runner.join();
  EXPECT_EQ(exit_code, 0);
  EXPECT_TRUE(posts(kGameCommands + "resign").empty());
  const auto messages = notifier_.messages();
  EXPECT_NE(std::find(messages.begin(), messages.end(), "READY=1"), messages.end());
  EXPECT_NE(std::find(messages.begin(), messages.end(), "STOPPING=1"), messages.end());
}

TEST_F(BotTest, QueuedChallengesGetTheFreeSlotInThePolicysOrder) {
  config::Config c = config();
  c.challenge.fairness.sort_by = config::QueueOrder::kBest;
  Bot bot(c, client_, clock_, log_, notifier_, {"paxbot", "paxbot"});
  std::thread runner([&] { bot.run(); });

  http_.push_line(kEventStream, challenge_from("C1", "alice", 1500));
  wait_for_posts("/api/challenge/C1/accept", 1);
  // The one slot is held by C1 (accepted, its game not started): these two wait.
  http_.push_line(kEventStream, challenge_from("C2", "bob", 1400));
  http_.push_line(kEventStream, challenge_from("C3", "carol", 2000));
  http_.push_line(kEventStream,
                  R"({"type":"challengeCanceled","challenge":{"id":"C1","status":"canceled",)"
                  R"("variant":{"key":"standard"},"rated":false,"speed":"blitz",)"
                  R"("timeControl":{"type":"unlimited"},"color":"random"}})");
  // The slot is free again: the higher-rated carol gets it, bob keeps waiting.
  ASSERT_EQ(wait_for_posts("/api/challenge/C3/accept", 1).size(), 1u);
  EXPECT_TRUE(posts("/api/challenge/C2/accept").empty());
  EXPECT_TRUE(posts("/api/challenge/C2/decline").empty());

  bot.request_shutdown();
  runner.join();
  // Shutting down declines what still waits, with "later".
  EXPECT_EQ(posts("/api/challenge/C2/decline").size(), 1u);
}

// A replayed challenge is ignored; an id handled more than an hour ago is forgotten (the
// daemon stays bounded), so a replay of it then is handled again.
TEST_F(BotTest, IgnoresReplaysAndForgetsChallengesAnsweredLongAgo) {
  Bot bot(config(), client_, clock_, log_, notifier_, {"paxbot", "paxbot"});
  std::thread runner([&] { bot.run(); });

  http_.push_line(kEventStream, challenge_line("C1", "atomic"));  // declined: a variant we skip
  wait_for_posts("/api/challenge/C1/decline", 1);
  http_.push_line(kEventStream, challenge_line("C1", "atomic"));  // a replay
  // The main loop handles events in order: once C2 is answered, the replay was seen.
  http_.push_line(kEventStream, challenge_line("C2", "atomic"));
  wait_for_posts("/api/challenge/C2/decline", 1);
  EXPECT_EQ(posts("/api/challenge/C1/decline").size(), 1u);

  clock_.advance(std::chrono::hours(2));
  // C3's answer comes before the housekeeping that follows it, which forgets C1.
  http_.push_line(kEventStream, challenge_line("C3", "atomic"));
  wait_for_posts("/api/challenge/C3/decline", 1);
  http_.push_line(kEventStream, challenge_line("C1", "atomic"));
  EXPECT_EQ(wait_for_posts("/api/challenge/C1/decline", 2).size(), 2u);

  bot.request_shutdown();
  runner.join();
}

}  // namespace
}  // namespace bot::test
