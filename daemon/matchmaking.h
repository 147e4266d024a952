// SPDX-License-Identifier: GPL-3.0-or-later
// Automated challenges (config section `matchmaking`): when to challenge, whom, and
// with which variant, time control and mode; and the bookkeeping of the challenges it
// sent (declines, acceptances, cancellation of unanswered ones). Pure decision logic:
// no HTTP inside. The caller feeds plain inputs (ratings, online bots, their statuses,
// slot usage), sends the ChallengePlan it gets with LichessClient::create_challenge,
// and reports what happened through the on_* methods.
//
// Limits it respects, each with one log line when it starts blocking:
//   - idle: only after idle_s seconds with no game in progress (unless
//     allow_during_games and a slot is free), no challenge of ours pending and no
//     incoming challenge waiting; never beyond the concurrency;
//   - bot-vs-bot games: at most MatchmakingLimits::bot_games_per_day in a rolling day;
//   - challenge credits: 25 a minute and 200 a day (1 per bot challenged);
//   - a 429 pauses matchmaking for ratelimit.seconds (60 s when the server gives none).
//
// Thread contract: owned by the bot's main loop; not thread-safe. Time comes from the
// injected Clock, randomness from the injected RandomSource, declines go to the
// OpponentMemory (which must outlive the Matchmaker).
#pragma once

#include <chrono>
#include <deque>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/clock.h"
#include "base/logging.h"
#include "config/config.h"
#include "daemon/lichess/lichess_error.h"
#include "daemon/lichess/request_params.h"
#include "daemon/lichess/responses.h"
#include "daemon/opponent_memory.h"

namespace bot {

// Uniform random numbers in [0, 1).
using RandomSource = std::function<double()>;
// A Mersenne Twister seeded from std::random_device.
RandomSource make_random_source();

struct MatchmakingLimits {
  int bot_games_per_day = 100;  // the server's bot.vsBot.day quota (or the config's lower cap)
  int credits_per_minute = 25;  // challenge.create.user, 1 credit per bot challenged
  int credits_per_day = 200;
  std::chrono::seconds default_rate_limit_pause{60};  // a 429 without ratelimit.seconds
  std::chrono::seconds no_opponent_retry{60};         // nobody eligible: look again after this
  std::chrono::seconds unanswered_skip{3600};         // leave a bot alone after a timeout
  std::chrono::seconds lost_request_timeout{120};     // plan never reported back: forget it
};

// What the bot knows when it asks for the next challenge.
struct MatchmakingInputs {
  std::map<std::string, int, std::less<>> our_ratings;  // perf key -> our rating
  std::vector<User> online_bots;                        // /api/bot/online
  std::vector<UserStatus> statuses;  // /api/users/status of those bots (missing = not playing)
  int slots_used = 0;                // games running + accepted but not started
  int concurrency = 1;               // config challenge.concurrency
  int incoming_waiting = 0;          // incoming challenges queued or being decided
  int games_in_progress = 0;
  int bot_games_last_24h = 0;  // bot-vs-bot games started in the last 24 hours (any source)
  // Bots never to challenge (the online block lists); empty: none.
  std::function<bool(std::string_view id)> blocked;
};

// A challenge to send.
struct ChallengePlan {
  ChallengeRequest request;  // for LichessClient::create_challenge
  std::string opponent_id;   // lower-case id
  int opponent_rating = 0;
  int our_rating = 0;
  std::string perf;   // perf key the ratings come from: "blitz", "chess960", ...
  std::string speed;  // speed key: "bullet", "blitz", ...
};

// Rating assumed when a perf has no rating (the Glicko start value).
inline constexpr int kDefaultRating = 1500;

class Matchmaker {
 public:
  Matchmaker(config::Matchmaking settings, std::string my_id, const base::Clock& clock,
             base::Logger& log, OpponentMemory& memory, RandomSource random,
             MatchmakingLimits limits = {});

  // Whether next_challenge() could send a challenge now, judged without the opponent list:
  // enabled, idle long enough, a slot free, no limit reached, no retry delay running. Ask
  // this first and fetch online bots, statuses and ratings only when it says yes. Only the
  // load fields of `inputs` are read (ratings and bot lists may be empty).
  bool ready(const MatchmakingInputs& inputs);
  // Fetching the online bots, their statuses or our ratings failed: try again after
  // MatchmakingLimits::no_opponent_retry.
  void on_lookup_failed(std::string_view why);

  // The challenge to send now, or nullopt (not enabled, not idle long enough, a limit
  // reached, nobody eligible). A returned plan counts as sent: report its outcome with
  // on_challenge_created() or on_challenge_failed() before the next plan is issued.
  std::optional<ChallengePlan> next_challenge(const MatchmakingInputs& inputs);

  // The plan's challenge exists on the server with this id.
  void on_challenge_created(const std::string& id);
  // Creating the plan's challenge failed: 429 pauses matchmaking; a 400 (opponent's own
  // quota, "does not accept challenges", ...) leaves that opponent alone for a while.
  void on_challenge_failed(const LichessError& error);
  // challengeDeclined for one of ours: remembered in the OpponentMemory (cool-down).
  void on_declined(const std::string& id, std::string_view reason_key);
  // gameStart whose game id is one of our challenges; false for other ids (ignore them).
  bool on_accepted(const std::string& id);
  // challengeCanceled, or our cancel request after should_cancel() was sent.
  void on_canceled(const std::string& id);
  // Challenges of ours without an answer after challenge_timeout_s: cancel them, then
  // call on_canceled(). Each id is returned once.
  std::vector<std::string> should_cancel(base::Clock::SteadyTime now);

  bool has_pending() const { return !pending_.empty() || in_flight_.has_value(); }
  std::optional<base::Clock::SteadyTime> paused_until() const { return paused_until_; }
  // Credits spent in the last minute / day (for status lines and tests).
  int credits_last_minute() const;
  int credits_last_day() const;
  // Our challenges waiting for an answer.
  std::vector<std::string> pending_ids() const;
  // The limit that held matchmaking back when it was last ready to go ("" = none).
  const std::string& held_back_by() const { return held_back_by_; }

 private:
  struct Pending {
    ChallengePlan plan;
    base::Clock::SteadyTime created;
    bool cancel_sent = false;
  };
  struct InFlight {
    ChallengePlan plan;
    base::Clock::SteadyTime issued;
  };

  bool idle_long_enough(const MatchmakingInputs& inputs, base::Clock::SteadyTime now);
  std::optional<std::string> limit_reached(const MatchmakingInputs& inputs,
                                           base::Clock::SteadyTime now);
  std::optional<ChallengePlan> choose(const MatchmakingInputs& inputs);
  void block(const std::string& why);
  void forget_old_credits(base::Clock::SteadyTime now);
  void skip_opponent(const std::string& id, std::chrono::seconds how_long, const std::string& why);

  const config::Matchmaking settings_;
  const std::string my_id_;
  const base::Clock& clock_;
  base::Logger& log_;
  OpponentMemory& memory_;
  RandomSource random_;
  const MatchmakingLimits limits_;

  std::optional<base::Clock::SteadyTime> idle_since_;
  std::optional<base::Clock::SteadyTime> paused_until_;
  std::optional<base::Clock::SteadyTime> retry_at_;  // after "nobody eligible"
  std::optional<InFlight> in_flight_;
  std::map<std::string, Pending> pending_;                        // by challenge id
  std::map<std::string, base::Clock::SteadyTime> skipped_until_;  // opponent id -> end (not saved)
  std::deque<base::Clock::SteadyTime> credits_;                   // spent, oldest first
  std::string last_block_;  // the blocking reason last logged ("" = none)
  std::string held_back_by_;
};

}  // namespace bot
