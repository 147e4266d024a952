// SPDX-License-Identifier: GPL-3.0-or-later
// Random kills (label "soak"): daemons play on `paxbot serve`; again and again one of them
// is SIGKILLed at a chosen moment of play (during a search, between a move's POST and its
// echo, while accepting a challenge, during shutdown) and restarted. After every kill its
// PGN records and matchmaking state file parse; at the end every game resumed and ended by
// the rules, and the server's post log shows no move sent twice for one position and no
// challenge accepted twice.
//
// Parameters (environment; the defaults are the short form, about 90 s):
//   PAXBOT_KILLS      kills in all (default 4, one of each moment; the full form is 50)
//   PAXBOT_KILLS_SEED seed for victims and delays (default 1)
#include <gtest/gtest.h>
#include <signal.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <thread>

#include "daemon/pgn_record.h"
#include "tests/soak/league.h"

namespace paxbot_test {
namespace {

using namespace std::chrono_literals;
using nlohmann::json;

// Reads what a log file gained since the last call.
class LogTail {
 public:
  explicit LogTail(std::string path) : path_(std::move(path)) {
    std::error_code error;
    at_ = std::filesystem::file_size(path_, error);
    if (error) at_ = 0;
  }
  std::string more() {
    std::ifstream in(path_, std::ios::binary);
    in.seekg(std::streamoff(at_));
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    at_ += text.size();
    return text;
  }

 private:
  std::string path_;
  std::uintmax_t at_ = 0;
};

enum class Moment { kSearch, kPost, kAccept, kShutdown };
constexpr const char* kMomentNames[] = {"during a search", "between a move's POST and its echo",
                                        "while accepting a challenge", "during shutdown"};
// The daemon's log line that starts the moment (logged just before it).
constexpr const char* kMarkers[] = {": searching (", ": playing ", "): accepted", ""};

// Every PGN file in dir parses, each game with its tags and a result; "" when all do.
std::string check_pgn_dir(const std::string& dir) {
  std::error_code error;
  if (!std::filesystem::exists(dir, error)) return "";
  for (const auto& f : std::filesystem::directory_iterator(dir)) {
    if (f.path().extension() != ".pgn") continue;
    std::ifstream in(f.path(), std::ios::binary);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    auto games = bot::parse_pgn(text);
    if (!games) return f.path().string() + ": " + games.error();
    for (const bot::ParsedPgn& g : *games)
      if (g.result.empty() || !g.tag("Site")) return f.path().string() + ": a game without end";
  }
  return "";
}

std::string check_state_file(const std::string& path) {
  std::error_code error;
  if (!std::filesystem::exists(path, error)) return "";
  std::ifstream in(path, std::ios::binary);
  const json state = json::parse(in, nullptr, false);
  return state.is_object() ? "" : path + " does not parse as a JSON object";
}

TEST(RandomKills, DaemonsKilledAtRandomMomentsResumeEveryGame) {
  const int kills = env_int("PAXBOT_KILLS", 4, 1, 10000);
  std::mt19937 rng(env_int("PAXBOT_KILLS_SEED", 1, 1, 1 << 30));

  Arena arena({"--test-hooks"});
  auto state_file = [&](const std::string& name) {
    return arena.dir().file("state-" + name + ".json");
  };
  League league(arena, {"alice", "bob", "dave"}, 4,
                [&](const std::string& name, config::Config& c) {
                  c.engine.max_think_ms = 100;  // searches long enough to be hit
                  c.pgn.grouping = config::PgnGrouping::kPerOpponent;  // files rewritten
                  c.matchmaking.state_file = state_file(name);
                  c.shutdown.deadline_s = 5;
                });
  // Keeps about four games going; an accept needs new challenges, so one more while waiting.
  auto keep_playing = [&](int extra) {
    league.step(league.started() + (league.running() < 4 ? 1 : 0) + extra);
  };
  std::map<std::string, int> killed;
  for (int k = 0; k < kills; ++k) {
    const Moment moment = Moment(k % 4);
    ASSERT_TRUE(wait_until(
        [&] {
          keep_playing(0);
          return league.running() >= 3;
        },
        60s));
    std::string victim = league.bots()[std::uniform_int_distribution<std::size_t>(0, 2)(rng)];
    if (moment == Moment::kShutdown)  // a daemon without games would just exit
      for (const LeagueGame& g : league.games())
        if (g.outcome.status.empty()) victim = g.dest;
    LogTail log(arena.dir().file(victim + ".log"));
    bool hit = false;
    if (moment == Moment::kShutdown) {
      league.daemon(victim).signal(SIGTERM);
      std::this_thread::sleep_for(
          std::chrono::milliseconds(std::uniform_int_distribution<int>(0, 1500)(rng)));
      hit = league.daemon(victim).running();
    } else {
      // Keep games coming (a new one for an accept) until the victim logs the marker.
      const auto until = std::chrono::steady_clock::now() + 60s;
      while (!hit && std::chrono::steady_clock::now() < until) {
        keep_playing(moment == Moment::kAccept ? 1 : 0);
        for (int i = 0; i < 50 && !hit; ++i) {
          hit = log.more().find(kMarkers[int(moment)]) != std::string::npos;
          if (!hit) std::this_thread::sleep_for(2ms);
        }
      }
      std::this_thread::sleep_for(
          std::chrono::milliseconds(std::uniform_int_distribution<int>(0, 5)(rng)));
    }
    EXPECT_TRUE(hit) << "kill " << k << " " << kMomentNames[int(moment)] << ": not reached";
    league.daemon(victim).signal(SIGKILL);
    league.daemon(victim).wait(5s);
    ++killed[victim];
    EXPECT_EQ(check_pgn_dir(league.pgn_dir(victim)), "") << "after kill " << k;
    EXPECT_EQ(check_state_file(state_file(victim)), "") << "after kill " << k;
    league.start(victim);
  }
  EXPECT_TRUE(league.finish(10min)) << league.running() << " games still running";
  EXPECT_TRUE(league.slots_released(60s));

  std::cout << "random kills: " << kills << " kills, " << league.started() << " games, "
            << league.declined() << " challenges declined during shutdowns; kills per daemon:";
  for (const auto& [name, n] : killed) std::cout << " " << name << " " << n;
  std::cout << "\n";
  for (const std::string& p : league.problems(true)) ADD_FAILURE() << p;
  bot::CurlHttpClient local({.base_url = arena.base_url(), .token = "", .user_name = ""});
  auto r = local.request(bot::HttpRequest::get("/_test/posts"));
  ASSERT_TRUE(r.ok()) << r.status << " " << r.body;
  const json posts = json::parse(r.body);
  for (const auto& [game, plies] : posts["moves"].items())
    for (const auto& [ply, n] : plies.items())
      EXPECT_EQ(n, 1) << "game " << game << " ply " << ply << ": move sent " << n << " times";
  for (const auto& [game, n] : posts["stale"].items())
    ADD_FAILURE() << "game " << game << ": " << n << " moves sent for a position already moved";
  for (const auto& [id, n] : posts["accepts"].items())
    EXPECT_EQ(n, 1) << "challenge " << id << " accepted " << n << " times";
  for (const std::string& name : league.bots()) {
    EXPECT_EQ(check_pgn_dir(league.pgn_dir(name)), "");
    EXPECT_TRUE(league.daemon(name).running()) << name;
  }
}

}  // namespace
}  // namespace paxbot_test
