// SPDX-License-Identifier: GPL-3.0-or-later
// Random kills (label "soak"): daemons play on `paxbot serve`; again and again one of them
// is SIGKILLed at a chosen moment of play (during a search, between a move's POST and its
// echo, while accepting a challenge, during shutdown) and restarted. Each kill is checked to
// have landed inside its window (tests/soak/kill_window.h: the victim's log up to its death,
// and the server: the move not yet applied, the challenge still pending); a kill that missed
// is repeated at the same moment, and every moment must get its share of the kills. After
// every kill the victim's PGN records and matchmaking state file parse; at the end every game
// resumed and ended by the rules, and the server's post log shows no move sent twice for one
// position and no challenge accepted twice.
//
// The two short windows are widened with the server's slow hook, so a kill lands in them
// reliably: the victim's move POST (of the game it is searching in) and the next accept
// wait a second at the server before they are applied. The victim is restarted once the
// server has applied them (what a dead daemon sent is then settled, as it is within
// milliseconds on Lichess).
//
// Parameters (environment; the defaults are the short form, about 30 s):
//   PAXBOT_KILLS      kills that land in their windows (default 4, one per moment; the full
//                     form is 50)
//   PAXBOT_KILLS_SEED seed for victims and delays (default 1)
#include <gtest/gtest.h>
#include <signal.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <thread>

#include "daemon/pgn_record.h"
#include "tests/soak/kill_window.h"
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

// How long the slow hook holds a move or accept POST at the server, and the longest wait
// after the opening line before the kill (well inside it, so the server check after the
// death still sees the POST unapplied).
constexpr int kHeldPostMs = 1000;
constexpr int kMaxPostKillDelayMs = 400;

// One kill: where it was aimed and where it landed.
struct Kill {
  Moment aimed;
  std::string victim;
  std::string id;     // the game or challenge of the window ("" for a shutdown)
  std::string where;  // "" when it landed inside the window, else why not
};

TEST(RandomKills, DaemonsKilledAtRandomMomentsResumeEveryGame) {
  const int kills = env_int("PAXBOT_KILLS", 4, 1, 10000);
  std::mt19937 rng(env_int("PAXBOT_KILLS_SEED", 1, 1, 1 << 30));
  auto random_ms = [&](int lo, int hi) {
    return std::chrono::milliseconds(std::uniform_int_distribution<int>(lo, hi)(rng));
  };

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
  // "" when `who` is to move in the running game (so a move it posted was not applied yet),
  // else why not.
  auto not_to_move = [&](const std::string& game, const std::string& who) -> std::string {
    const GameOutcome o = arena.outcome(game);
    if (!o.status.empty()) return "the game had ended (" + o.status + ")";
    if (o.white.empty()) return "the game is unknown to the server";
    return (o.white == who) == (o.plies % 2 == 0) ? "" : "after the server applied its move";
  };

  // Whether the challenge (a game of the league) still waits for its answer.
  auto pending = [&](const std::string& id) {
    for (const LeagueGame& g : league.games())
      if (g.id == id) return arena.challenge_status(g.challenger, id) == "created";
    return false;
  };

  std::map<Moment, int> landed;
  std::vector<Kill> done;
  std::map<std::string, int> killed;
  const int max_attempts = 2 * kills + 8;
  while (int(done.size()) < max_attempts) {
    int landed_total = 0;
    for (const auto& [m, n] : landed) landed_total += n;
    if (landed_total >= kills) break;
    // The moment with the fewest kills inside its window so far, the earliest on a tie.
    Moment moment = kMoments[0];
    for (Moment m : kMoments)
      if (landed[m] < landed[moment]) moment = m;
    ASSERT_TRUE(wait_until(
        [&] {
          keep_playing(0);
          return league.running() >= 3;
        },
        60s));
    std::map<std::string, LogTail> tails;
    std::map<std::string, std::string> logged;  // what each daemon logged since
    for (const std::string& name : league.bots())
      tails.emplace(name, LogTail(arena.dir().file(name + ".log")));
    auto read_logs = [&] {
      for (auto& [name, tail] : tails) logged[name] += tail.more();
    };
    // Keeps games coming until `found` holds, reading the logs every 2 ms.
    auto play_until = [&](int extra, const std::function<bool()>& found) {
      const auto until = std::chrono::steady_clock::now() + 60s;
      while (std::chrono::steady_clock::now() < until) {
        keep_playing(extra);
        for (int i = 0; i < 50; ++i) {
          read_logs();
          if (found()) return true;
          std::this_thread::sleep_for(2ms);
        }
      }
      return false;
    };

    Kill kill{moment, league.bots()[std::uniform_int_distribution<std::size_t>(0, 2)(rng)], "", ""};
    std::optional<WindowOpen> open;
    if (moment == Moment::kShutdown) {
      for (const LeagueGame& g : league.games())  // a daemon without games would just exit
        if (g.outcome.status.empty()) kill.victim = g.dest;
      league.daemon(kill.victim).signal(SIGTERM);
      std::this_thread::sleep_for(random_ms(0, 1500));
      read_logs();
      open = find_window_open(moment, logged[kill.victim]);
    } else if (moment == Moment::kAccept) {
      // The next two challenge POSTs wait at the server: our own challenge, then its accept.
      arena.add_hook({{"action", "slow"},
                      {"path", "/api/challenge/"},
                      {"method", "POST"},
                      {"ms", kHeldPostMs},
                      {"times", 2}});
      play_until(1, [&] {
        for (const std::string& name : league.bots())
          if ((open = find_window_open(moment, logged[name]))) {
            kill.victim = name;
            return true;
          }
        return false;
      });
      std::this_thread::sleep_for(random_ms(0, kMaxPostKillDelayMs));
    } else {
      play_until(0, [&] {
        return (open = find_window_open(Moment::kSearch, logged[kill.victim])).has_value();
      });
      if (open && moment == Moment::kPost) {
        // The victim's move in the game it is searching in waits at the server.
        arena.add_hook({{"action", "slow"},
                        {"path", "/api/bot/game/" + open->id + "/move/"},
                        {"method", "POST"},
                        {"ms", kHeldPostMs},
                        {"times", 1}});
        const std::string game = open->id;
        const std::size_t from = open->end;
        play_until(0, [&] {
          return (open = find_window_open(moment, logged[kill.victim], from, game)).has_value();
        });
        std::this_thread::sleep_for(random_ms(0, kMaxPostKillDelayMs));
      } else {
        std::this_thread::sleep_for(random_ms(0, 20));  // searches take up to 100 ms
      }
    }
    // The other windows are waited for (60 s); a SIGTERM may simply not have reached the
    // main loop yet, a miss like any other.
    EXPECT_TRUE(open || moment == Moment::kShutdown)
        << "kill " << done.size() << " " << moment_name(moment) << ": not reached";
    const bool alive = league.daemon(kill.victim).running();
    league.daemon(kill.victim).signal(SIGKILL);
    league.daemon(kill.victim).wait(5s);
    ++killed[kill.victim];
    read_logs();

    // Where it landed: after the opening line, before any closing one, and the server agrees.
    if (!open) {
      kill.where = "no window opened";
    } else {
      kill.id = open->id;
      const std::string closed = window_closed_by(
          moment, open->id, std::string_view(logged[kill.victim]).substr(open->end));
      if (!alive)
        kill.where = "the daemon had exited";
      else if (!closed.empty())
        kill.where = "after \"" + closed + "\"";
      else if (moment == Moment::kSearch || moment == Moment::kPost)
        kill.where = not_to_move(open->id, kill.victim);
      else if (moment == Moment::kAccept && !pending(open->id))
        kill.where = "after the server applied the accept";
    }
    if (kill.where.empty()) ++landed[moment];
    // What the dead daemon sent settles before it comes back (the held POST is applied).
    if (open && moment == Moment::kPost)
      wait_until([&] { return !not_to_move(open->id, kill.victim).empty(); }, 3s);
    if (open && moment == Moment::kAccept) wait_until([&] { return !pending(open->id); }, 3s);
    done.push_back(kill);
    EXPECT_EQ(check_pgn_dir(league.pgn_dir(kill.victim)), "") << "after kill " << done.size();
    EXPECT_EQ(check_state_file(state_file(kill.victim)), "") << "after kill " << done.size();
    league.start(kill.victim);
  }

  std::cout << "random kills: " << done.size() << " kills aimed, " << kills
            << " asked to land in their windows\n";
  for (std::size_t i = 0; i < done.size(); ++i)
    std::cout << "  kill " << i + 1 << ": " << done[i].victim << " " << moment_name(done[i].aimed)
              << (done[i].id.empty() ? "" : " (" + done[i].id + ")") << ": "
              << (done[i].where.empty() ? "landed" : "missed, " + done[i].where) << "\n";
  // Enough kills landed, and every moment got its share of them.
  int landed_total = 0;
  for (const auto& [m, n] : landed) landed_total += n;
  EXPECT_EQ(landed_total, kills) << "kills inside their windows, of " << done.size() << " aimed";
  for (Moment m : kMoments)
    EXPECT_GE(landed[m], kills / int(kMoments.size()))
        << moment_name(m) << ": " << landed[m] << " kills landed in the window";
  EXPECT_TRUE(league.finish(10min)) << league.running() << " games still running";
  EXPECT_TRUE(league.slots_released(60s));

  std::cout << "random kills: " << league.started() << " games, " << league.declined()
            << " challenges declined during shutdowns; kills per daemon:";
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
