// SPDX-License-Identifier: GPL-3.0-or-later
// Online block lists through the whole system: a `paxbot run` daemon fetches its list from a
// small HTTP server of the test (the list's host, a process boundary away), declines a listed
// challenger on `paxbot serve` with the generic reason, and after a restart whose fetch fails
// still declines them from the list it kept on disk.
#include <gtest/gtest.h>
#include <signal.h>

#include <atomic>

#include "tests/daemon/support/test_http_server.h"
#include "tests/integration/arena.h"

namespace paxbot_test {
namespace {

using namespace std::chrono_literals;

TEST(OnlineBlockList, DeclinesListedChallengersAndKeepsTheListWhenAFetchFails) {
  Arena arena;
  bot::test::TestHttpServer lists;
  std::atomic<bool> list_up{true};
  lists.route("GET", "/blocked.txt",
              [&](const bot::test::ReceivedRequest&, bot::test::TestConnection& c) {
                if (list_up)
                  c.send_response(200, "text/plain", "Carol\nsomeone-else\n");
                else
                  c.send_response(503, "text/plain", "down for maintenance");
              });
  const auto with_list = [&](config::Config& c) {
    c.online_block_list.urls = {lists.base_url() + "/blocked.txt"};
    c.online_block_list.cache_file = arena.dir().file("block_list.txt");
    c.shutdown.on_sigterm = config::ShutdownAction::kResign;  // dave never plays: abort it
  };
  const auto declined_with = [&](const std::string& from, const std::string& id) {
    auto shown = arena.client(from).show_challenge(id);
    return shown && shown->status == "declined" ? shown->decline_reason_key.value_or("?") : "";
  };
  const auto status_of = [&](const std::string& from, const std::string& id) {
    auto shown = arena.client(from).show_challenge(id);
    return shown ? shown->status : std::string();
  };

  ChildProcess alice = arena.start_bot("alice", with_list);
  ASSERT_TRUE(wait_until(
      [&] { return arena.log_of("alice").find("playing as alice") != std::string::npos; }, 10s));
  EXPECT_NE(arena.log_of("alice").find("/blocked.txt: 2 user(s)"), std::string::npos)
      << arena.log_of("alice");
  const std::string blocked = arena.challenge("carol", "alice", "standard");
  EXPECT_TRUE(wait_until([&] { return !declined_with("carol", blocked).empty(); }, 10s));
  EXPECT_EQ(declined_with("carol", blocked), "generic");
  EXPECT_NE(arena.log_of("alice").find(": declined generic (online block list)"), std::string::npos)
      << arena.log_of("alice");
  const std::string welcome = arena.challenge("dave", "alice", "standard");
  EXPECT_TRUE(wait_until([&] { return status_of("dave", welcome) == "accepted"; }, 10s))
      << arena.log_of("alice");

  // The list's host goes down; alice restarts and her fetch at start-up fails.
  alice.signal(SIGTERM);
  EXPECT_EQ(alice.wait(30s), 0) << arena.log_of("alice");
  list_up = false;
  alice = arena.start_bot("alice", with_list);
  ASSERT_TRUE(wait_until(
      [&] {
        return arena.log_of("alice").find("keeping the previous 2 user(s)") != std::string::npos;
      },
      10s))
      << arena.log_of("alice");
  const std::string still_blocked = arena.challenge("carol", "alice", "standard");
  EXPECT_TRUE(wait_until([&] { return !declined_with("carol", still_blocked).empty(); }, 10s));
  EXPECT_EQ(declined_with("carol", still_blocked), "generic") << arena.log_of("alice");
  EXPECT_GE(lists.requests().size(), 2u);
}

}  // namespace
}  // namespace paxbot_test
