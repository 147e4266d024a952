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
  return {ChallengeDecision::Action::decline, reason, std::move(why)};
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

std::optional<ChallengeDecision> check_time_control(const config::Challenge& p,
                                                    const ChallengeFacts& f) {
  using Kind = ChallengeFacts::Kind;
  if (f.kind == Kind::unlimited) return decline(DeclineReason::kTimeControl, "unlimited time");
  if (f.kind == Kind::correspondence) {
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
  if (f.limit_s < p.min_base) return decline(DeclineReason::kTooFast, "base below min_base");
  if (f.limit_s > p.max_base) return decline(DeclineReason::kTooSlow, "base above max_base");
  if (f.increment_s < p.min_increment)
    return decline(DeclineReason::kTooFast, "increment below min_increment");
  if (f.increment_s > p.max_increment)
    return decline(DeclineReason::kTooSlow, "increment above max_increment");
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
  if (f.rated && !contains(p.modes, config::Mode::rated))
    return decline(DeclineReason::kCasual, "rated games not accepted");
  if (!f.rated && !contains(p.modes, config::Mode::casual))
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
  if (load.games_in_progress >= p.concurrency) {
    if (p.queue && load.queued < p.max_queue)
      return {ChallengeDecision::Action::queue, DeclineReason::kLater, "all slots busy: queued"};
    return decline(DeclineReason::kLater, "all slots busy");
  }
  return {ChallengeDecision::Action::accept, DeclineReason::kGeneric, "accepted"};
}

}  // namespace bot
