// SPDX-License-Identifier: GPL-3.0-or-later
#include "daemon/challenge_policy.h"

#include <algorithm>
#include <cctype>

namespace bot {
namespace {

template <class T>
bool contains(const std::vector<T>& list, const T& value) {
  return std::find(list.begin(), list.end(), value) != list.end();
}

bool same_name(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) ==
                  std::tolower(static_cast<unsigned char>(y));
         });
}

bool listed(const std::vector<std::string>& names, std::string_view name) {
  return std::any_of(names.begin(), names.end(),
                     [name](const std::string& n) { return same_name(n, name); });
}

ChallengeDecision decline(DeclineReason reason, std::string why) {
  return {ChallengeDecision::Action::kDecline, reason, std::move(why)};
}

// A speed outside the accepted set is "too fast" when every accepted speed is slower,
// "too slow" when every accepted one is faster, and just the wrong time control otherwise.
DeclineReason wrong_speed_reason(const std::vector<config::Speed>& accepted, config::Speed speed) {
  bool slower_ok = false, faster_ok = false;
  for (config::Speed s : accepted) {
    if (s == config::Speed::kCorrespondence) continue;
    (s > speed ? slower_ok : faster_ok) = true;
  }
  if (slower_ok && !faster_ok) return DeclineReason::kTooFast;
  if (faster_ok && !slower_ok) return DeclineReason::kTooSlow;
  return DeclineReason::kTimeControl;
}

std::string lower(std::string_view name) {
  std::string out(name);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::optional<ChallengeDecision> check_time_control(const config::Challenge& p,
                                                    const ChallengeFacts& f) {
  using Kind = ChallengeFacts::Kind;
  if (f.kind == Kind::kUnlimited) return decline(DeclineReason::kTimeControl, "unlimited time");
  if (f.kind == Kind::kCorrespondence) {
    if (!contains(p.time_controls, config::Speed::kCorrespondence))
      return decline(DeclineReason::kTimeControl, "correspondence not accepted");
    if (f.days < p.min_days) return decline(DeclineReason::kTooFast, "fewer days than min_days");
    if (f.days > p.max_days) return decline(DeclineReason::kTooSlow, "more days than max_days");
    return std::nullopt;
  }
  // Lichess refuses ultraBullet to bots; should one arrive, it counts as bullet (too fast).
  lichess::Speed speed = lichess::classify_speed(f.limit_s, f.increment_s);
  if (!lichess::bots_may_play(speed)) speed = lichess::Speed::kBullet;
  if (!contains(p.time_controls, speed))
    return decline(wrong_speed_reason(p.time_controls, speed),
                   std::string(lichess::to_string(speed)) + " not accepted");
  const bool needs_increment = f.challenger_is_bot ? p.fairness.bullet_requires_increment_bots
                                                   : p.fairness.bullet_requires_increment_humans;
  if (speed == lichess::Speed::kBullet && f.increment_s == 0 && needs_increment)
    return decline(DeclineReason::kTimeControl, "bullet without increment");
  if (f.limit_s < p.min_base) return decline(DeclineReason::kTooFast, "base below min_base");
  if (f.limit_s > p.max_base) return decline(DeclineReason::kTooSlow, "base above max_base");
  if (f.increment_s < p.min_increment)
    return decline(DeclineReason::kTooFast, "increment below min_increment");
  if (f.increment_s > p.max_increment)
    return decline(DeclineReason::kTooSlow, "increment above max_increment");
  return std::nullopt;
}

// Realtime games against bots (human_slots keeps realtime slots only).
int bot_games_in_progress(const BotLoad& load) {
  return int(std::ranges::count_if(
      load.holders, [](const SlotHolder& h) { return h.is_bot && !h.correspondence; }));
}

// Challenges accepted from a bot lately (declined: the bot should stop asking for a while).
std::optional<ChallengeDecision> check_recent(const config::Challenge& p, const ChallengeFacts& f,
                                              const BotLoad& load) {
  const config::ChallengeFairness& fair = p.fairness;
  if (f.challenger_is_bot && fair.max_recent_bot_challenges > 0 &&
      load.recent_from_challenger >= fair.max_recent_bot_challenges)
    return decline(DeclineReason::kLater,
                   std::to_string(load.recent_from_challenger) + " challenges from this bot in " +
                       std::to_string(fair.recent_bot_challenge_age_min) + " minutes");
  return std::nullopt;
}

// Why no slot may take this challenge now, or nothing when one may: every slot of its kind
// (realtime or correspondence) busy, the realtime slots bots may use busy, or the games
// against this opponent (of both kinds) at their limit.
std::optional<std::string> why_no_slot(const config::Challenge& p, const ChallengeFacts& f,
                                       const BotLoad& load) {
  if (f.kind == ChallengeFacts::Kind::kCorrespondence) {
    if (load.correspondence_games >= load.correspondence_slots)
      return "all correspondence slots busy";
  } else {
    if (load.games_in_progress >= p.concurrency) return "all slots busy";
    if (f.challenger_is_bot &&
        bot_games_in_progress(load) >= p.concurrency - p.fairness.human_slots)
      return "the slots bots may use are busy";
  }
  const auto against = std::ranges::count_if(
      load.holders, [&](const SlotHolder& h) { return same_name(h.opponent, f.challenger); });
  const int limit = p.fairness.max_simultaneous_games_per_user;
  if (limit > 0 && against >= limit)
    return "already " + std::to_string(against) + " game(s) against this opponent";
  return std::nullopt;
}

}  // namespace

ChallengeDecision decide_challenge(const config::Challenge& p, const ChallengeFacts& f,
                                   const BotLoad& load) {
  if (listed(p.block_list, f.challenger)) return decline(DeclineReason::kGeneric, "block list");
  if (f.on_online_block_list) return decline(DeclineReason::kGeneric, "online block list");
  if (!p.allow_list.empty() && !listed(p.allow_list, f.challenger))
    return decline(DeclineReason::kGeneric, "not on the allow list");
  if (!f.variant || !contains(p.variants, *f.variant)) {
    bool only_standard = p.variants.size() == 1 && p.variants[0] == config::Variant::kStandard;
    return decline(only_standard ? DeclineReason::kStandard : DeclineReason::kVariant,
                   "variant not accepted");
  }
  if (auto d = check_time_control(p, f)) return *d;
  if (f.rated && !contains(p.modes, config::Mode::kRated))
    return decline(DeclineReason::kCasual, "rated games not accepted");
  if (!f.rated && !contains(p.modes, config::Mode::kCasual))
    return decline(DeclineReason::kRated, "casual games not accepted");
  if (f.challenger_is_bot && !p.accept_bot)
    return decline(DeclineReason::kNoBot, "bots not accepted");
  if (!f.challenger_is_bot && p.only_bot)
    return decline(DeclineReason::kOnlyBot, "humans not accepted");
  if (f.challenger_rating &&
      (*f.challenger_rating < p.min_rating || *f.challenger_rating > p.max_rating))
    return decline(DeclineReason::kGeneric, "rating outside min_rating..max_rating");
  if (f.challenger_is_bot && load.bot_games_today >= p.bot_games_per_day)
    return decline(DeclineReason::kLater, "daily bot-game cap reached");
  if (auto d = check_recent(p, f, load)) return *d;
  if (auto busy = why_no_slot(p, f, load)) {
    if (p.queue && load.queued < p.max_queue)
      return {ChallengeDecision::Action::kQueue, DeclineReason::kLater, *busy + ": queued"};
    return decline(DeclineReason::kLater, *busy);
  }
  return {ChallengeDecision::Action::kAccept, DeclineReason::kGeneric, "accepted"};
}

std::vector<std::size_t> queue_order(const config::ChallengeFairness& fairness,
                                     std::span<const ChallengeFacts> waiting) {
  using Preference = config::OpponentPreference;
  const auto group = [&](const ChallengeFacts& f) {
    if (fairness.preference == Preference::kNone) return 0;
    return f.challenger_is_bot == (fairness.preference == Preference::kBot) ? 0 : 1;
  };
  std::vector<std::size_t> order(waiting.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::ranges::stable_sort(order, [&](std::size_t a, std::size_t b) {
    const ChallengeFacts& x = waiting[a];
    const ChallengeFacts& y = waiting[b];
    if (group(x) != group(y)) return group(x) < group(y);
    if (fairness.sort_by == config::QueueOrder::kBest)
      return x.challenger_rating.value_or(-1) > y.challenger_rating.value_or(-1);
    return false;  // arrival order
  });
  return order;
}

void RecentBotChallenges::record(std::string_view bot, base::Clock::SteadyTime when) {
  accepted_[lower(bot)].push_back(when);
}

int RecentBotChallenges::count(std::string_view bot, base::Clock::SteadyTime now,
                               std::chrono::minutes window) {
  const auto found = accepted_.find(lower(bot));
  if (found == accepted_.end()) return 0;
  std::deque<base::Clock::SteadyTime>& times = found->second;
  while (!times.empty() && now - times.front() >= window) times.pop_front();
  const int n = int(times.size());
  if (times.empty()) accepted_.erase(found);
  return n;
}

}  // namespace bot
