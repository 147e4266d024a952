// A bot with matchmaking enabled finds an online bot on its own, plays, and records the game.
#include <gtest/gtest.h>

#include <filesystem>
#include <regex>

#include "tests/integration/arena.h"

namespace paxbot_test {
namespace {

using namespace std::chrono_literals;

TEST(Matchmaking, IdleBotChallengesAnOnlineBotAndWritesThePgn) {
  Arena arena;
  const std::string pgn_dir = arena.dir().file("pgn");
  ChildProcess bob = arena.start_bot("bob");
  ChildProcess alice = arena.start_bot(
      "alice", "pgn:\n  directory: " + pgn_dir +
                   "\n"
                   "matchmaking:\n"
                   "  enabled: true\n"
                   "  idle_s: 30\n"
                   "  challenge_mode: casual\n"
                   "  time_controls:\n    - {base_s: 60, increment_s: 1, weight: 1}\n"
                   "  variants:\n    - {name: pacifist, weight: 1}\n");
  std::smatch match;
  std::string log;
  ASSERT_TRUE(wait_until(
      [&] {
        log = arena.log_of("alice");
        return std::regex_search(log, match,
                                 std::regex("matchmaking: challenged bob .*challenge (\\w+)"));
      },
      90s))
      << log;
  const std::string id = match[1];
  EXPECT_TRUE(arena.wait_for_end(id, 240s)) << arena.log_of("alice");
  GameOutcome o = arena.outcome(id);
  EXPECT_NE(o.status, "outoftime");
  EXPECT_NE(o.status, "aborted");
  std::string pgn;
  ASSERT_TRUE(wait_until(
      [&] {
        for (const auto& f : std::filesystem::directory_iterator(pgn_dir)) {
          pgn = arena.dir().read("pgn/" + f.path().filename().string());
          if (pgn.find(id) != std::string::npos) return true;
        }
        return false;
      },
      10s));
  EXPECT_NE(pgn.find("[Variant \"Pacifist\"]"), std::string::npos) << pgn;
  EXPECT_NE(pgn.find("[%eval"), std::string::npos) << pgn;
}

}  // namespace
}  // namespace paxbot_test
