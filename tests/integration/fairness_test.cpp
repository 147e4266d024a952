// SPDX-License-Identifier: GPL-3.0-or-later
// The challenge section's fairness keys against `paxbot serve`: bullet without increment
// declined for bots only, a slot kept for humans; and an engine override for the context.
#include <gtest/gtest.h>
#include <signal.h>

#include "tests/integration/arena.h"

namespace paxbot_test {
namespace {

using namespace std::chrono_literals;

TEST(Fairness, HumanSlotBulletIncrementAndEngineOverrideHoldAgainstTheServer) {
  Arena arena;
  ChildProcess alice = arena.start_bot("alice", [](config::Config& c) {
    c.challenge.concurrency = 2;
    c.challenge.fairness.human_slots = 1;
    c.challenge.fairness.bullet_requires_increment_bots = true;
    c.shutdown.on_sigterm = config::ShutdownAction::kResign;
    // Settings per context (engine.overrides): bullet against bots only.
    c.engine.overrides = {
        {.speeds = {config::Speed::kBullet}, .opponent = config::OpponentKind::kBot, .hash_mb = 8}};
  });
  ASSERT_TRUE(wait_until(
      [&] { return arena.log_of("alice").find("playing as alice") != std::string::npos; }, 10s));
  const auto status_of = [&](const std::string& from, const std::string& id) {
    auto shown = arena.client(from).show_challenge(id);
    if (!shown) return std::string("?");
    return shown->status == "declined" ? "declined " + shown->decline_reason_key.value_or("?")
                                       : shown->status;
  };

  // A bot's bullet challenge without increment: declined with Lichess's reason key (the
  // server reports keys in lower case).
  const std::string no_increment = arena.challenge("bob", "alice", "standard", 60, 0);
  EXPECT_TRUE(wait_until([&] { return status_of("bob", no_increment) != "created"; }, 10s));
  EXPECT_EQ(status_of("bob", no_increment), "declined timecontrol");

  // With an increment it takes the one slot bots may use ...
  const std::string bob_game = arena.challenge("bob", "alice", "standard", 60, 1);
  EXPECT_TRUE(wait_until([&] { return status_of("bob", bob_game) == "accepted"; }, 10s));
  ASSERT_TRUE(wait_until(
      [&] {
        return arena.log_of("alice").find("game " + bob_game + " started") != std::string::npos;
      },
      10s))
      << arena.log_of("alice");

  // The server's gameFull names bob a BOT: the override for bullet against bots applies.
  EXPECT_TRUE(wait_until(
      [&] {
        return arena.log_of("alice").find("game " + bob_game +
                                          ": engine overrides for bullet: hash 8 MiB") !=
               std::string::npos;
      },
      10s))
      << arena.log_of("alice");

  // ... so the next bot waits, while a human still gets the slot kept for humans.
  const std::string dave = arena.challenge("dave", "alice", "standard", 60, 1);
  EXPECT_TRUE(wait_until(
      [&] {
        return arena.log_of("alice").find("challenge " + dave +
                                          " from dave: queued (the slots bots may use are busy") !=
               std::string::npos;
      },
      10s))
      << arena.log_of("alice");
  EXPECT_EQ(status_of("dave", dave), "created");
  const std::string carol = arena.challenge("carol", "alice", "standard", 180, 2);
  EXPECT_TRUE(wait_until([&] { return status_of("carol", carol) == "accepted"; }, 10s))
      << arena.log_of("alice");

  alice.signal(SIGTERM);
  EXPECT_EQ(alice.wait(30s), 0) << arena.log_of("alice");
  // The queued challenge is declined with "later" when the bot stops.
  EXPECT_EQ(status_of("dave", dave), "declined later");
}

}  // namespace
}  // namespace paxbot_test
