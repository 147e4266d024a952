// SPDX-License-Identifier: GPL-3.0-or-later
// Which incoming challenges to accept, queue or decline (config section `challenge`),
// and with which Lichess decline reason. A pure function of the configuration, the
// challenge and the bot's current load.
#pragma once

#include <optional>
#include <string>
#include <string_view>

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
  enum class Kind { clock, correspondence, unlimited } kind = Kind::clock;
  int limit_s = 0, increment_s = 0;   // clock games
  int days = 0;                       // correspondence games
  bool on_online_block_list = false;  // listed by online_block_list (daemon/online_block_list.h)
};

// The bot's load when the challenge arrives.
struct BotLoad {
  int games_in_progress = 0;
  int queued = 0;           // challenges already waiting for a slot
  int bot_games_today = 0;  // bot-vs-bot games started in the last 24 hours
};

struct ChallengeDecision {
  enum class Action { accept, queue, decline } action = Action::accept;
  DeclineReason reason = DeclineReason::kGeneric;  // for decline
  std::string why;                                 // for the log line
};

ChallengeDecision decide_challenge(const config::Challenge& policy, const ChallengeFacts& facts,
                                   const BotLoad& load);

}  // namespace bot
