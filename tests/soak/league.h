// SPDX-License-Identifier: GPL-3.0-or-later
// A league for the soak tests: `paxbot run` daemons on one Arena's `paxbot serve`, and a
// driver that keeps them busy with games against each other (every pair, bullet and blitz,
// all four variants in turn), follows each game to its end, injects random faults through
// the server's test hooks, and says afterwards what went wrong. One test thread drives it.
// Each challenge goes to the free daemon that was sent the fewest so far, and never to one
// that was sent its daily bot-game quota (challenge.bot_games_per_day: a daemon counts the
// challenges it accepts, not these games' challenges, which the driver and not the daemon
// issues), so N daemons can play N times that quota in a run.
#pragma once

#include <chrono>
#include <limits>
#include <map>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "tests/integration/arena.h"

namespace paxbot_test {

struct LeagueGame {
  std::string id;
  std::string challenger, dest;
  std::string variant;
  int limit_s = 0, increment_s = 0;
  std::chrono::steady_clock::time_point created;
  GameOutcome outcome;  // status "" while the game runs
};

class League {
 public:
  using Adjust = std::function<void(const std::string& name, config::Config&)>;
  // Daemons for `bots` (Arena accounts), `concurrency` games each; `adjust` may change
  // their configs further.
  League(Arena& arena, std::vector<std::string> bots, int concurrency, Adjust adjust = {});

  const std::vector<std::string>& bots() const { return bots_; }
  ChildProcess& daemon(const std::string& name) { return daemons_.at(name); }
  // Starts (or restarts, after a kill) a daemon and waits until it plays.
  void start(const std::string& name);
  std::string pgn_dir(const std::string& name) const;

  // One round of the driver: starts games while slots are free and fewer than `target`
  // were started, and looks at every running game.
  void step(int target);
  int started() const { return int(games_.size()); }
  int running() const;
  // Steps until every started game ended or `timeout` passed; false on timeout.
  bool finish(std::chrono::seconds timeout);
  // Waits until no daemon and no server account shows a game; false on timeout.
  bool slots_released(std::chrono::seconds timeout);

  // Adds one fault rule with times=1, drawn at random (stream drops, silence, a broken
  // line, 429 with JSON or HTML bodies, 5xx, slow answers); returns its description.
  // A game-stream rule hits the next game stream opened: a new game's, or the reconnection
  // of one that just took a fault. So one is drawn only while `games_starting` (new streams
  // will come) and no earlier one is pending; else faults would pile onto the reconnections
  // of the last games and their silences (20 s each) add up past a bullet clock.
  std::string inject_fault(std::mt19937& rng, bool games_starting);

  const std::vector<LeagueGame>& games() const { return games_; }
  // Everything wrong with the games: one entry per game that did not end by the rules, a
  // line saying what and then the lines of both players' logs that name the game.
  // A challenge that was declined or canceled counts only unless `declines_allowed`.
  std::vector<std::string> problems(bool declines_allowed = false) const;
  int declined() const;
  // How many challenges the daemon was sent.
  int challenged(const std::string& name) const;
  // How many games the daemons' daily quotas allow in one run.
  int capacity() const { return int(bots_.size()) * bot_games_per_day_; }

 private:
  int status_port(const std::string& name) const { return status_ports_.at(name); }
  nlohmann::json status_page(const std::string& name);
  // Whether the daemon's own status page shows a slot free.
  bool free_slot(const std::string& name);
  // The k-th ordered pair (challenger, destination) of the rotation.
  std::pair<const std::string&, const std::string&> pair_of(std::size_t k) const;
  // The next challenger and destination: both with a free slot, the destination below its
  // quota and sent the fewest challenges; nullopt when no pair qualifies now.
  std::optional<std::pair<std::string, std::string>> next_pair();
  // "declined" or "canceled" when the game's challenge never became a game, else "".
  std::string challenge_end(const LeagueGame& g);
  // The lines of both players' logs that name the game.
  std::string game_log(const LeagueGame& g) const;

  Arena& arena_;
  std::vector<std::string> bots_;
  int concurrency_;
  Adjust adjust_;
  std::map<std::string, ChildProcess> daemons_;
  std::map<std::string, int> status_ports_;
  std::map<std::string, int> busy_;  // games in flight per daemon, as the driver counts
  int bot_games_per_day_ = std::numeric_limits<int>::max();  // the lowest daemon quota
  std::vector<LeagueGame> games_;
  std::size_t next_pair_ = 0;
  std::chrono::steady_clock::time_point last_poll_;
};

}  // namespace paxbot_test
