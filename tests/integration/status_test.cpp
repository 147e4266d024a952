// SPDX-License-Identifier: GPL-3.0-or-later
// `paxbot status` against a running daemon's status page (config section status_http).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "tests/integration/arena.h"

namespace paxbot_test {
namespace {

using namespace std::chrono_literals;

struct StatusRun {
  int exit_code = -1;
  std::string output;  // stdout and stderr
};

StatusRun run_status(Arena& arena, const std::vector<std::string>& args) {
  std::vector<std::string> argv = {PAXBOT_BINARY, "status"};
  argv.insert(argv.end(), args.begin(), args.end());
  static int runs = 0;
  const std::string out = "status-" + std::to_string(++runs) + ".out";
  ChildProcess status(argv, {}, arena.dir().file(out));
  StatusRun run;
  run.exit_code = status.wait(20s);
  run.output = arena.dir().read(out);
  return run;
}

TEST(Status, ShowsTheGameInProgressTheQueueAndTodaysBotGames) {
  Arena arena;
  const int port = free_port();
  const std::string url = "http://127.0.0.1:" + std::to_string(port);
  ChildProcess alice = arena.start_bot("alice", [&](config::Config& c) {
    c.challenge.concurrency = 1;
    c.challenge.queue = true;
    c.status_http.enabled = true;
    c.status_http.listen = "127.0.0.1:" + std::to_string(port);
  });
  ChildProcess bob = arena.start_bot("bob");
  ASSERT_TRUE(wait_until(
      [&] { return arena.log_of("alice").find("status page on") != std::string::npos; }, 10s))
      << arena.log_of("alice");
  ASSERT_TRUE(wait_until(
      [&] { return arena.log_of("bob").find("playing as bob") != std::string::npos; }, 10s));

  const StatusRun idle = run_status(arena, {"--url", url});
  ASSERT_EQ(idle.exit_code, 0) << idle.output;
  EXPECT_NE(idle.output.find("as alice"), std::string::npos) << idle.output;
  EXPECT_NE(idle.output.find("games in progress: 0 of 1"), std::string::npos) << idle.output;
  EXPECT_NE(idle.output.find("matchmaking: off"), std::string::npos) << idle.output;

  // A long game with bob fills the only slot; carol's challenge has to wait in the queue.
  const std::string game = arena.challenge("bob", "alice", "standard", 600, 5);
  ASSERT_TRUE(wait_until(
      [&] { return arena.log_of("alice").find("game " + game + " started") != std::string::npos; },
      20s));
  const std::string queued = arena.challenge("carol", "alice", "standard", 600, 5);
  StatusRun busy;
  ASSERT_TRUE(wait_until(
      [&] {
        busy = run_status(arena, {"--url", url, "--json"});
        if (busy.exit_code != 0) return false;
        auto r = nlohmann::json::parse(busy.output, nullptr, false);
        return !r.is_discarded() && r["games"].size() == 1 && r["queue"].size() == 1 &&
               r["games"][0]["plies"].get<int>() > 0;
      },
      30s, 300ms))
      << busy.output << arena.log_of("alice");
  auto report = nlohmann::json::parse(busy.output);
  EXPECT_EQ(report["games"][0]["id"], game);
  EXPECT_EQ(report["games"][0]["opponent"], "bob");
  EXPECT_EQ(report["queue"][0]["id"], queued);
  EXPECT_EQ(report["queue"][0]["challenger"], "carol");
  EXPECT_EQ(report["bot_games_today"], 1);
  EXPECT_EQ(report["bot_games_cap"], 100);

  const StatusRun text = run_status(arena, {"--url", url});
  ASSERT_EQ(text.exit_code, 0) << text.output;
  EXPECT_NE(text.output.find(game + "  vs bob  standard"), std::string::npos) << text.output;
  EXPECT_NE(text.output.find("challenge queue: 1"), std::string::npos) << text.output;
  EXPECT_NE(text.output.find(queued + "  from carol"), std::string::npos) << text.output;
  EXPECT_NE(text.output.find("bot games in the last 24 h: 1 of 100"), std::string::npos)
      << text.output;
}

TEST(Status, SaysWhenNoDaemonAnswersOrThePageIsOff) {
  Arena arena;
  const StatusRun nobody =
      run_status(arena, {"--url", "http://127.0.0.1:" + std::to_string(free_port())});
  EXPECT_EQ(nobody.exit_code, 1);
  EXPECT_NE(nobody.output.find("no answer from"), std::string::npos) << nobody.output;

  arena.dir().write("off.yml", "url: " + arena.base_url() + "\n");
  const StatusRun off = run_status(arena, {"--config", arena.dir().file("off.yml")});
  EXPECT_EQ(off.exit_code, 2);
  EXPECT_NE(off.output.find("the status page is off"), std::string::npos) << off.output;
}

}  // namespace
}  // namespace paxbot_test
