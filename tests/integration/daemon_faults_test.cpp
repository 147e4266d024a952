// SPDX-License-Identifier: GPL-3.0-or-later
// Fault scenarios through the server's test hooks: whatever the network does, no game is
// lost and no daemon crashes.
#include <gtest/gtest.h>
#include <signal.h>

#include "tests/integration/arena.h"

namespace paxbot_test {
namespace {

using namespace std::chrono_literals;
using nlohmann::json;

void play_one_game_and_check(Arena& arena, ChildProcess& alice, ChildProcess& bob,
                             const std::string& variant = "standard") {
  ASSERT_TRUE(wait_until(
      [&] { return arena.log_of("alice").find("playing as alice") != std::string::npos; }, 10s));
  ASSERT_TRUE(wait_until(
      [&] { return arena.log_of("bob").find("playing as bob") != std::string::npos; }, 10s));
  std::string id = arena.challenge("bob", "alice", variant, 120, 2);
  ASSERT_FALSE(id.empty());
  EXPECT_TRUE(arena.wait_for_end(id, 240s)) << arena.log_of("alice");
  GameOutcome o = arena.outcome(id);
  EXPECT_NE(o.status, "outoftime");
  EXPECT_NE(o.status, "aborted");
  EXPECT_NE(o.status, "noStart");
  EXPECT_TRUE(alice.running()) << arena.log_of("alice");
  EXPECT_TRUE(bob.running()) << arena.log_of("bob");
}

TEST(DaemonFaults, DroppedStreamsAndAMalformedLine) {
  Arena arena({"--test-hooks"});
  // The event stream dies right after the gameStart line; game streams die twice mid-game;
  // one game stream line is broken JSON.
  arena.add_hook({{"action", "drop"}, {"path", "/api/stream/event"}, {"after", 2}, {"times", 2}});
  arena.add_hook(
      {{"action", "drop"}, {"path", "/api/bot/game/stream/"}, {"after", 6}, {"times", 2}});
  arena.add_hook(
      {{"action", "malformed"}, {"path", "/api/bot/game/stream/"}, {"after", 3}, {"times", 1}});
  ChildProcess alice = arena.start_bot("alice");
  ChildProcess bob = arena.start_bot("bob");
  play_one_game_and_check(arena, alice, bob);
  EXPECT_NE(arena.log_of("alice").find("reconnecting") + arena.log_of("bob").find("reconnecting"),
            2 * std::string::npos);
}

TEST(DaemonFaults, RateLimitsAndServerErrorsOnMoves) {
  Arena arena({"--test-hooks"});
  arena.add_hook({{"action", "status"},
                  {"path", "/api/bot/game/"},
                  {"method", "POST"},
                  {"code", 429},
                  {"seconds", 1},
                  {"times", 2}});
  arena.add_hook({{"action", "status"},
                  {"path", "/api/bot/game/"},
                  {"method", "POST"},
                  {"code", 429},
                  {"html", true},
                  {"seconds", 1},
                  {"times", 2}});
  arena.add_hook({{"action", "status"},
                  {"path", "/api/bot/game/"},
                  {"method", "POST"},
                  {"code", 502},
                  {"times", 4}});
  ChildProcess alice = arena.start_bot("alice");
  ChildProcess bob = arena.start_bot("bob");
  play_one_game_and_check(arena, alice, bob);
}

TEST(DaemonFaults, SilentStreamsAreReconnectedByTheWatchdog) {
  Arena arena({"--test-hooks"});
  // Both stream kinds go quiet (not even keep-alives) once each; the 20 s watchdog notices.
  arena.add_hook(
      {{"action", "silent"}, {"path", "/api/bot/game/stream/"}, {"after", 4}, {"times", 1}});
  arena.add_hook({{"action", "silent"}, {"path", "/api/stream/event"}, {"after", 2}, {"times", 1}});
  ChildProcess alice = arena.start_bot("alice");
  ChildProcess bob = arena.start_bot("bob");
  play_one_game_and_check(arena, alice, bob);
  const std::string logs = arena.log_of("alice") + arena.log_of("bob");
  EXPECT_NE(logs.find("reconnecting"), std::string::npos);
}

}  // namespace
}  // namespace paxbot_test

namespace paxbot_test {
namespace {

TEST(DaemonFaults, SlowAndFailingChatNeverDelaysMoves) {
  Arena arena({"--test-hooks"});
  ChildProcess alice = arena.start_bot("alice");
  ChildProcess bob = arena.start_bot("bob");
  ASSERT_TRUE(wait_until(
      [&] { return arena.log_of("alice").find("playing as alice") != std::string::npos; }, 10s));
  ASSERT_TRUE(wait_until(
      [&] { return arena.log_of("bob").find("playing as bob") != std::string::npos; }, 10s));
  // Greetings are answered after 25 s (longer than the 20 s first-move deadline of a bullet
  // game), every later chat message fails. Moves must not wait for any of it.
  const std::string id = arena.challenge("bob", "alice", "standard", 60, 1);
  arena.add_hook(
      {{"action", "slow"}, {"path", "/api/bot/game/" + id + "/chat"}, {"ms", 25000}, {"times", 2}});
  arena.add_hook({{"action", "status"}, {"path", "/api/bot/game/" + id + "/chat"}, {"code", 500}});
  EXPECT_TRUE(wait_until([&] { return arena.outcome(id).plies >= 10; }, 20s))
      << arena.log_of("alice");
  EXPECT_TRUE(arena.wait_for_end(id, 240s));
  GameOutcome o = arena.outcome(id);
  EXPECT_NE(o.status, "noStart");
  EXPECT_NE(o.status, "aborted");
  EXPECT_NE(o.status, "outoftime");
}

}  // namespace
}  // namespace paxbot_test
