// SPDX-License-Identifier: GPL-3.0-or-later
// A bot with matchmaking enabled finds an online bot on its own, plays, and records the game.
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <regex>
#include <set>

#include <nlohmann/json.hpp>

#include "tests/integration/arena.h"

namespace paxbot_test {
namespace {

using namespace std::chrono_literals;

TEST(Matchmaking, IdleBotChallengesAnOnlineBotAndWritesThePgn) {
  Arena arena;
  const std::string pgn_dir = arena.dir().file("pgn");
  ChildProcess bob = arena.start_bot("bob");
  ChildProcess alice = arena.start_bot("alice", [&](config::Config& c) {
    c.pgn.directory = pgn_dir;
    c.matchmaking.enabled = true;
    c.matchmaking.idle_s = 30;
    c.matchmaking.challenge_mode = config::ChallengeMode::kCasual;
    c.matchmaking.time_controls = {{.base_s = 60, .increment_s = 1, .weight = 1}};
    c.matchmaking.variants = {{.name = config::Variant::kPacifist, .weight = 1}};
  });
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

namespace paxbot_test {
namespace {

// Slow (minutes): alice, with matchmaking on and three slots, finds bob and dave on her
// own and keeps playing until she has played every configured variant; her status page
// never shows more games than slots. Variants are drawn at random, so this runs until
// each has come up (about six challenges on average, one every idle_s = 30 s).
TEST(MatchmakingSlow, WithTwoBotsOnlineItPlaysEveryConfiguredVariant) {
  Arena arena;
  const int port = free_port();
  ChildProcess bob = arena.start_bot("bob");
  ChildProcess dave = arena.start_bot("dave");
  ChildProcess alice = arena.start_bot("alice", [&](config::Config& c) {
    c.challenge.concurrency = 3;
    c.status_http.enabled = true;
    c.status_http.listen = "127.0.0.1:" + std::to_string(port);
    c.matchmaking.enabled = true;
    c.matchmaking.idle_s = 30;
    c.matchmaking.allow_during_games = true;
    c.matchmaking.time_controls = {{.base_s = 60, .increment_s = 0, .weight = 1},
                                   {.base_s = 30, .increment_s = 1, .weight = 1}};
    c.matchmaking.variants = {{.name = config::Variant::kStandard, .weight = 1},
                              {.name = config::Variant::kChess960, .weight = 1},
                              {.name = config::Variant::kPacifist, .weight = 1}};
  });
  bot::CurlHttpClient::Options page_options;
  page_options.base_url = "http://127.0.0.1:" + std::to_string(port);
  bot::CurlHttpClient page(page_options);
  const std::regex challenged(
      "matchmaking: challenged (\\w+) \\((\\w+), \\w+\\), challenge (\\w+)");
  std::set<std::string> variants_played, opponents;
  std::map<std::string, std::string> finished;  // game id -> status
  std::size_t most_games_at_once = 0;
  const bool all_played = wait_until(
      [&] {
        auto status = page.request(bot::HttpRequest::get("/status"));
        if (status.ok()) {
          auto report = nlohmann::json::parse(status.body, nullptr, false);
          if (!report.is_discarded())
            most_games_at_once = std::max(most_games_at_once, report["games"].size());
        }
        const std::string log = arena.log_of("alice");
        for (std::sregex_iterator it(log.begin(), log.end(), challenged), end; it != end; ++it) {
          const std::string id = (*it)[3];
          if (finished.count(id)) continue;
          GameOutcome o = arena.outcome(id);
          if (o.status.empty()) continue;
          finished[id] = o.status;
          if (o.plies == 0) continue;  // declined or aborted before a move: not a game
          EXPECT_NE(o.status, "outoftime") << id << "\n" << log;
          EXPECT_EQ(o.variant, std::string((*it)[2])) << id;
          variants_played.insert(o.variant);
          opponents.insert((*it)[1]);
        }
        return variants_played.size() == 3;
      },
      std::chrono::minutes(12), std::chrono::seconds(1));
  EXPECT_TRUE(all_played) << "variants played: " << variants_played.size() << "\n"
                          << arena.log_of("alice");
  EXPECT_LE(most_games_at_once, 3u);
  EXPECT_GE(most_games_at_once, 1u);
  for (const std::string& name : opponents) EXPECT_TRUE(name == "bob" || name == "dave") << name;
}

}  // namespace
}  // namespace paxbot_test
