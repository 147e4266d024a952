// SPDX-License-Identifier: GPL-3.0-or-later
// Two `paxbot run` daemons play whole games against each other through `paxbot serve`.
#include <gtest/gtest.h>
#include <signal.h>

#include "tests/integration/arena.h"

namespace paxbot_test {
namespace {

using namespace std::chrono_literals;

// A game that ended by the rules or by a player's decision, not by a fault.
void expect_legal_end(Arena& arena, const std::string& id) {
  GameOutcome o = arena.outcome(id);
  EXPECT_FALSE(o.status.empty()) << "game " << id << " is still running";
  EXPECT_NE(o.status, "outoftime") << "game " << id << " lost on time";
  EXPECT_NE(o.status, "aborted") << "game " << id;
  EXPECT_NE(o.status, "noStart") << "game " << id;
  EXPECT_GT(o.plies, 0) << "game " << id;
}

TEST(DaemonGames, TwoDaemonsPlayEveryVariantAtOnce) {
  Arena arena;
  const auto four_games = [](config::Config& c) { c.challenge.concurrency = 4; };
  ChildProcess alice = arena.start_bot("alice", four_games);
  ChildProcess bob = arena.start_bot("bob", four_games);
  ASSERT_TRUE(wait_until(
      [&] { return arena.log_of("bob").find("playing as bob") != std::string::npos; }, 10s));
  ASSERT_TRUE(wait_until(
      [&] { return arena.log_of("alice").find("playing as alice") != std::string::npos; }, 10s));

  std::vector<std::string> games = {
      arena.challenge("bob", "alice", "standard"),
      arena.challenge("bob", "alice", "chess960"),
      arena.challenge("bob", "alice", "pacifist"),
      arena.challenge("bob", "alice", "fromPosition", 60, 1,
                      "r3k2r/pppq1ppp/2np1n2/2b1p3/2B1P3/2NP1N2/PPPQ1PPP/R3K2R w KQkq - 0 1"),
  };
  for (const std::string& id : games) {
    ASSERT_FALSE(id.empty());
    EXPECT_TRUE(arena.wait_for_end(id, 240s)) << "game " << id << "\n" << arena.log_of("alice");
    expect_legal_end(arena, id);
  }
  // Both daemons played all four games at the same time: alice logged them as started.
  const std::string log = arena.log_of("alice");
  for (const std::string& id : games)
    EXPECT_NE(log.find("game " + id + " started"), std::string::npos);

  alice.signal(SIGTERM);
  bob.signal(SIGTERM);
  EXPECT_EQ(alice.wait(20s), 0) << arena.log_of("alice");
  EXPECT_EQ(bob.wait(20s), 0) << arena.log_of("bob");
}

TEST(DaemonGames, DeclinesWhatThePolicyRefusesWithTheReasonKey) {
  Arena arena;
  ChildProcess alice = arena.start_bot("alice", [](config::Config& c) {
    c.challenge.variants = {config::Variant::kStandard};
    c.challenge.accept_bot = false;
  });
  ASSERT_TRUE(wait_until(
      [&] { return arena.log_of("alice").find("playing as alice") != std::string::npos; }, 10s));
  std::string pacifist = arena.challenge("carol", "alice", "pacifist");
  std::string from_bot = arena.challenge("bob", "alice", "standard");
  auto declined_with = [&](const std::string& id) {
    auto shown = arena.client("carol").show_challenge(id);
    if (!shown) shown = arena.client("bob").show_challenge(id);
    return shown && shown->status == "declined" ? shown->decline_reason_key.value_or("?") : "";
  };
  EXPECT_TRUE(wait_until([&] { return !declined_with(pacifist).empty(); }, 10s));
  EXPECT_EQ(declined_with(pacifist), "standard");
  EXPECT_TRUE(wait_until([&] { return !declined_with(from_bot).empty(); }, 10s));
  EXPECT_EQ(declined_with(from_bot), "nobot");
  EXPECT_NE(arena.log_of("alice").find("declined noBot"), std::string::npos)
      << arena.log_of("alice");
}

TEST(DaemonGames, SigtermWithResignPolicyResignsAndExitsZero) {
  Arena arena;
  ChildProcess alice = arena.start_bot(
      "alice", [](config::Config& c) { c.shutdown.on_sigterm = config::ShutdownAction::kResign; });
  ChildProcess bob = arena.start_bot("bob");
  ASSERT_TRUE(wait_until(
      [&] { return arena.log_of("alice").find("playing as alice") != std::string::npos; }, 10s));
  std::string id = arena.challenge("bob", "alice", "standard", 300, 3);
  ASSERT_TRUE(wait_until([&] { return arena.outcome(id).plies >= 6; }, 60s));
  alice.signal(SIGTERM);
  EXPECT_EQ(alice.wait(30s), 0) << arena.log_of("alice");
  ASSERT_TRUE(arena.wait_for_end(id, 10s));
  EXPECT_EQ(arena.outcome(id).status, "resign");
}

TEST(DaemonGames, KilledDaemonResumesItsGameAfterRestart) {
  Arena arena;
  ChildProcess alice = arena.start_bot("alice");
  ChildProcess bob = arena.start_bot("bob");
  ASSERT_TRUE(wait_until(
      [&] { return arena.log_of("alice").find("playing as alice") != std::string::npos; }, 10s));
  std::string id = arena.challenge("bob", "alice", "standard", 180, 2);
  ASSERT_TRUE(wait_until([&] { return arena.outcome(id).plies >= 4; }, 60s));
  alice.signal(SIGKILL);
  EXPECT_EQ(alice.wait(5s), 128 + SIGKILL);
  alice = arena.start_bot("alice");
  EXPECT_TRUE(arena.wait_for_end(id, 240s)) << arena.log_of("alice");
  expect_legal_end(arena, id);
  EXPECT_NE(arena.log_of("alice").find("is ongoing: resuming it"), std::string::npos);
}

}  // namespace
}  // namespace paxbot_test
