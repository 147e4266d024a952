// SPDX-License-Identifier: GPL-3.0-or-later
// Which incoming challenges to accept, queue or decline (config section `challenge`, its
// fairness keys included), with which Lichess decline reason, and in which order queued
// challenges get a free slot. Pure functions of the configuration, the challenge and the
// bot's current load; RecentBotChallenges is a plain value the main loop owns and feeds with
// times from the injected clock. Not thread-safe; the bot's main loop is the only caller.
#pragma once

#include <chrono>
#include <cstddef>
#include <deque>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "base/clock.h"
#include "config/config.h"
#include "daemon/lichess/request_params.h"

namespace bot {

// What the policy needs to know about one challenge.
struct ChallengeFacts {
  std::string challenger;  // username
  bool challenger_is_bot = false;
  std::optional<int> challenger_rating;
  std::optional<config::Variant> variant;  // absent: a variant paxbot does not play
  bool rated = false;
  enum class Kind { kClock, kCorrespondence, kUnlimited } kind = Kind::kClock;
  int limit_s = 0, increment_s = 0;   // clock games
  int days = 0;                       // correspondence games
  bool on_online_block_list = false;  // listed by online_block_list (daemon/online_block_list.h)
};

// The opponent of one busy game slot.
struct SlotHolder {
  std::string opponent;  // username
  bool is_bot = false;
  bool correspondence = false;  // a correspondence game (its own slots)
};

// The bot's load when the challenge arrives (or is looked at again in the queue).
struct BotLoad {
  // Busy realtime slots (of challenge.concurrency): games running and accepted ones not
  // started yet.
  int games_in_progress = 0;
  int queued = 0;           // other challenges waiting for a slot
  int bot_games_today = 0;  // bot-vs-bot games started in the last 24 hours
  // The opponents of the busy slots, where known (at most games_in_progress entries).
  std::vector<SlotHolder> holders;
  // Challenges accepted from this challenger within challenge.recent_bot_challenge_age_min.
  int recent_from_challenger = 0;
  // Correspondence games running or accepted, and correspondence.max_games: their own slots,
  // which realtime challenges never take (nor correspondence ones the realtime slots).
  int correspondence_games = 0;
  int correspondence_slots = 0;
};

struct ChallengeDecision {
  enum class Action { kAccept, kQueue, kDecline } action = Action::kAccept;
  DeclineReason reason = DeclineReason::kGeneric;  // for decline
  std::string why;                                 // for the log line
};

ChallengeDecision decide_challenge(const config::Challenge& policy, const ChallengeFacts& facts,
                                   const BotLoad& load);

// The indices of `waiting` (in arrival order) in the order they are offered a free slot:
// the preferred kind of challenger first (challenge.preference), then by challenge.sort_by.
// The caller runs decide_challenge on each in turn: it says which may take the slot now.
std::vector<std::size_t> queue_order(const config::ChallengeFairness& fairness,
                                     std::span<const ChallengeFacts> waiting);

// When challenges from each bot were accepted, for challenge.max_recent_bot_challenges.
// Names compare case-insensitively; entries older than the window are dropped on count().
class RecentBotChallenges {
 public:
  void record(std::string_view bot, base::Clock::SteadyTime when);
  int count(std::string_view bot, base::Clock::SteadyTime now, std::chrono::minutes window);

 private:
  std::map<std::string, std::deque<base::Clock::SteadyTime>> accepted_;  // by lower-case name
};

}  // namespace bot
