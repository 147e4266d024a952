// SPDX-License-Identifier: GPL-3.0-or-later
#include "daemon/matchmaking.h"

#include <algorithm>
#include <cctype>
#include <memory>
#include <random>

#include "lichess/perf.h"

namespace bot {
namespace {

using std::chrono::seconds;

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = char(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

long long whole_seconds(std::chrono::nanoseconds d) {
  return std::chrono::ceil<seconds>(d).count();
}

// Index into `weights` picked with probability weight / sum (weights are > 0).
std::size_t pick_weighted(const std::vector<double>& weights, double random01) {
  double total = 0;
  for (double w : weights) total += w;
  double target = std::clamp(random01, 0.0, 1.0) * total;
  for (std::size_t i = 0; i < weights.size(); ++i) {
    if (target < weights[i]) return i;
    target -= weights[i];
  }
  return weights.size() - 1;
}

std::size_t pick_uniform(std::size_t n, double random01) {
  return std::min(n - 1, std::size_t(std::clamp(random01, 0.0, 1.0) * double(n)));
}

struct Candidate {
  const User* user;
  int rating;
};

}  // namespace

RandomSource make_random_source() {
  auto engine = std::make_shared<std::mt19937_64>(std::random_device{}());
  return [engine] { return std::uniform_real_distribution<double>(0.0, 1.0)(*engine); };
}

Matchmaker::Matchmaker(config::Matchmaking settings, std::string my_id, const base::Clock& clock,
                       base::Logger& log, OpponentMemory& memory, RandomSource random,
                       MatchmakingLimits limits)
    : settings_(std::move(settings)),
      my_id_(lower(my_id)),
      clock_(clock),
      log_(log),
      memory_(memory),
      random_(std::move(random)),
      limits_(limits) {}

bool Matchmaker::ready(const MatchmakingInputs& inputs) {
  if (!settings_.enabled) return false;
  const base::Clock::SteadyTime now = clock_.now();
  if (in_flight_ && now - in_flight_->issued >= limits_.lost_request_timeout) {
    log_.warning("matchmaking: no outcome reported for the challenge to ",
                 in_flight_->plan.opponent_id, "; forgetting it");
    in_flight_.reset();
  }
  if (!idle_long_enough(inputs, now)) return false;
  if (auto why = limit_reached(inputs, now)) {
    held_back_by_ = *why;
    block(*why);
    return false;
  }
  held_back_by_.clear();
  return !retry_at_ || now >= *retry_at_;
}

void Matchmaker::on_lookup_failed(std::string_view why) {
  retry_at_ = clock_.now() + limits_.no_opponent_retry;
  log_.warning("matchmaking: cannot look for opponents: ", why, "; trying again in ",
               limits_.no_opponent_retry.count(), " s");
}

std::optional<ChallengePlan> Matchmaker::next_challenge(const MatchmakingInputs& inputs) {
  if (!ready(inputs)) return std::nullopt;
  const base::Clock::SteadyTime now = clock_.now();
  std::optional<ChallengePlan> plan = choose(inputs);
  if (!plan) {
    retry_at_ = now + limits_.no_opponent_retry;
    return std::nullopt;
  }
  retry_at_.reset();
  last_block_.clear();
  credits_.push_back(now);
  in_flight_ = InFlight{*plan, now};
  idle_since_.reset();
  log_.info("matchmaking: challenging ", plan->request.username, " (", plan->perf, " ",
            plan->opponent_rating, ", ours ", plan->our_rating, ") to ", plan->request.variant, " ",
            *plan->request.clock_limit_s, "+", *plan->request.clock_increment_s, " ",
            plan->request.rated ? "rated" : "casual");
  return plan;
}

bool Matchmaker::idle_long_enough(const MatchmakingInputs& inputs, base::Clock::SteadyTime now) {
  const bool busy = in_flight_ || !pending_.empty() || inputs.incoming_waiting > 0 ||
                    inputs.slots_used >= inputs.concurrency ||
                    (!settings_.allow_during_games && inputs.games_in_progress > 0);
  if (busy) {
    idle_since_.reset();
    return false;
  }
  if (!idle_since_) idle_since_ = now;
  return now - *idle_since_ >= seconds(settings_.idle_s);
}

std::optional<std::string> Matchmaker::limit_reached(const MatchmakingInputs& inputs,
                                                     base::Clock::SteadyTime now) {
  if (paused_until_ && now < *paused_until_)
    return "the server rate-limited our challenges; resuming in " +
           std::to_string(whole_seconds(*paused_until_ - now)) + " s";
  paused_until_.reset();
  if (inputs.bot_games_last_24h >= limits_.bot_games_per_day)
    return "daily limit reached: " + std::to_string(inputs.bot_games_last_24h) +
           " bot games in the last 24 hours (limit " + std::to_string(limits_.bot_games_per_day) +
           " a day); no challenges until older games leave the 24-hour window";
  forget_old_credits(now);
  if (credits_last_minute() >= limits_.credits_per_minute)
    return "challenge credits used: " + std::to_string(credits_last_minute()) +
           " in the last minute (limit " + std::to_string(limits_.credits_per_minute) +
           " a minute)";
  if (credits_last_day() >= limits_.credits_per_day)
    return "challenge credits used: " + std::to_string(credits_last_day()) +
           " in the last 24 hours (limit " + std::to_string(limits_.credits_per_day) + " a day)";
  return std::nullopt;
}

void Matchmaker::block(const std::string& why) {
  // One line per blocking episode; a countdown in the text would repeat it every tick.
  const std::string key = why.substr(0, why.find(';'));
  if (key == last_block_) return;
  last_block_ = key;
  log_.warning("matchmaking paused: ", why);
}

std::optional<ChallengePlan> Matchmaker::choose(const MatchmakingInputs& inputs) {
  std::vector<const config::VariantEntry*> variants;
  std::vector<double> variant_weights;
  for (const config::VariantEntry& v : settings_.variants) {
    if (v.weight <= 0 || v.name == config::Variant::kFromPosition) continue;
    variants.push_back(&v);
    variant_weights.push_back(v.weight);
  }
  std::vector<double> tc_weights;
  for (const config::TimeControlEntry& tc : settings_.time_controls)
    tc_weights.push_back(tc.weight > 0 ? tc.weight : 0.0);
  const bool any_tc =
      std::any_of(tc_weights.begin(), tc_weights.end(), [](double w) { return w > 0; });
  if (variants.empty() || !any_tc) {
    log_.warning(
        "matchmaking: no variant or time control to offer (check matchmaking.variants "
        "and matchmaking.time_controls)");
    return std::nullopt;
  }
  const config::Variant variant = variants[pick_weighted(variant_weights, random_())]->name;
  const config::TimeControlEntry& tc =
      settings_.time_controls[pick_weighted(tc_weights, random_())];
  const lichess::Speed speed_class = lichess::classify_speed(tc.base_s, tc.increment_s);
  const std::string speed(lichess::to_string(speed_class));
  const std::string perf(lichess::perf_key(variant, speed_class));
  const std::string vkey(lichess::to_string(variant));
  auto ours = inputs.our_ratings.find(perf);
  const int our_rating = ours == inputs.our_ratings.end() ? kDefaultRating : ours->second;

  std::map<std::string, const UserStatus*> status_of;
  for (const UserStatus& s : inputs.statuses) status_of[lower(s.id)] = &s;
  const base::Clock::SteadyTime now = clock_.now();
  const auto wall_now = clock_.system_now();

  std::vector<Candidate> candidates;
  for (const User& user : inputs.online_bots) {
    const std::string id = lower(user.id);
    if (id == my_id_ || !user.is_bot() || user.disabled || user.tos_violation) continue;
    if (inputs.blocked && inputs.blocked(id)) continue;
    if (auto s = status_of.find(id);
        s != status_of.end() && (!s->second->online || s->second->playing))
      continue;
    if (auto skip = skipped_until_.find(id); skip != skipped_until_.end() && now < skip->second)
      continue;
    if (memory_.in_cooldown(id, vkey, speed, wall_now)) continue;
    auto perf_rating = user.perfs.find(perf);
    const int rating =
        perf_rating == user.perfs.end() ? kDefaultRating : perf_rating->second.rating;
    const int diff = rating - our_rating;
    if (diff < settings_.min_rating_diff || diff > settings_.max_rating_diff) continue;
    candidates.push_back({&user, rating});
  }
  if (candidates.empty()) {
    log_.info("matchmaking: no eligible opponent for ", vkey, " ", tc.base_s, "+", tc.increment_s,
              " among ", inputs.online_bots.size(), " online bots (our ", perf, " rating ",
              our_rating, ", range ", settings_.min_rating_diff, "..", settings_.max_rating_diff,
              "); looking again in ", limits_.no_opponent_retry.count(), " s");
    return std::nullopt;
  }

  // Preference: the strongest or weakest eligible bot (ties at random), or anyone.
  if (settings_.rating_preference != config::RatingPreference::kNone) {
    const bool high = settings_.rating_preference == config::RatingPreference::kHigh;
    int best = candidates.front().rating;
    for (const Candidate& c : candidates)
      best = high ? std::max(best, c.rating) : std::min(best, c.rating);
    std::erase_if(candidates, [best](const Candidate& c) { return c.rating != best; });
  }
  const Candidate& chosen = candidates[pick_uniform(candidates.size(), random_())];

  ChallengePlan plan;
  plan.opponent_id = lower(chosen.user->id);
  plan.opponent_rating = chosen.rating;
  plan.our_rating = our_rating;
  plan.perf = perf;
  plan.speed = speed;
  ChallengeRequest& r = plan.request;
  r.username = chosen.user->username.empty() ? chosen.user->id : chosen.user->username;
  r.clock_limit_s = tc.base_s;
  r.clock_increment_s = tc.increment_s;
  r.variant = vkey;
  r.color = ChallengeColor::kRandom;
  switch (settings_.challenge_mode) {
    case config::ChallengeMode::kCasual:
      r.rated = false;
      break;
    case config::ChallengeMode::kRated:
      r.rated = true;
      break;
    case config::ChallengeMode::kRandom:
      r.rated = random_() < 0.5;
      break;
  }
  return plan;
}

void Matchmaker::on_challenge_created(const std::string& id) {
  if (!in_flight_) {
    log_.warning("matchmaking: challenge ", id, " created without a plan; ignoring it");
    return;
  }
  pending_[id] = Pending{in_flight_->plan, clock_.now()};
  log_.info("matchmaking: challenge ", id, " sent to ", in_flight_->plan.request.username);
  in_flight_.reset();
}

void Matchmaker::on_challenge_failed(const LichessError& error) {
  if (!in_flight_) return;
  const ChallengePlan plan = in_flight_->plan;
  in_flight_.reset();
  if (error.rate_limited()) {
    seconds pause = limits_.default_rate_limit_pause;
    if (error.ratelimit && error.ratelimit->seconds.count() > 0)
      pause = error.ratelimit->seconds;
    else if (error.cooldown.count() > 0)
      pause = std::chrono::ceil<seconds>(error.cooldown);
    paused_until_ = clock_.now() + pause;
    const std::string key = error.ratelimit ? " (" + error.ratelimit->key + ")" : "";
    log_.warning("matchmaking: the server rate-limited our challenge to ", plan.request.username,
                 key, "; pausing matchmaking for ", pause.count(), " s");
    return;
  }
  if (error.kind == LichessErrorKind::kHttp && error.status == 400 && error.ratelimit) {
    skip_opponent(plan.opponent_id, std::max(error.ratelimit->seconds, seconds(60)),
                  "its own daily bot-game quota is used up");
    return;
  }
  if (error.kind == LichessErrorKind::kHttp && error.status >= 400 && error.status < 500) {
    skip_opponent(
        plan.opponent_id,
        std::max<seconds>(std::chrono::hours(settings_.decline_cooldown_h), seconds(3600)),
        "the server refused the challenge: " + error.server_message);
    return;
  }
  log_.warning("matchmaking: could not challenge ", plan.request.username, ": ", error.describe(),
               "; trying again after the idle time");
}

void Matchmaker::skip_opponent(const std::string& id, seconds how_long, const std::string& why) {
  skipped_until_[id] = clock_.now() + how_long;
  log_.info("matchmaking: leaving ", id, " alone for ", how_long.count(), " s: ", why);
}

void Matchmaker::on_declined(const std::string& id, std::string_view reason_key) {
  auto it = pending_.find(id);
  if (it == pending_.end()) return;
  const ChallengePlan& plan = it->second.plan;
  const std::string reason = reason_key.empty() ? "generic" : lower(reason_key);
  memory_.record_decline(plan.opponent_id, plan.request.variant, plan.speed, reason,
                         clock_.system_now());
  log_.info("matchmaking: ", plan.request.username, " declined challenge ", id, " (", reason,
            "); not challenging it again (", plan.request.variant, " ", plan.speed, ") for ",
            settings_.decline_cooldown_h, " h");
  pending_.erase(it);
}

bool Matchmaker::on_accepted(const std::string& id) {
  auto it = pending_.find(id);
  if (it == pending_.end()) return false;
  const ChallengePlan& plan = it->second.plan;
  memory_.record_accept(plan.opponent_id, plan.request.variant, plan.speed);
  log_.info("matchmaking: ", plan.request.username, " accepted challenge ", id);
  pending_.erase(it);
  return true;
}

void Matchmaker::on_canceled(const std::string& id) {
  auto it = pending_.find(id);
  if (it == pending_.end()) return;
  if (it->second.cancel_sent)
    skip_opponent(it->second.plan.opponent_id, limits_.unanswered_skip,
                  "it did not answer our challenge");
  pending_.erase(it);
}

std::vector<std::string> Matchmaker::should_cancel(base::Clock::SteadyTime now) {
  std::vector<std::string> ids;
  const seconds timeout(settings_.challenge_timeout_s);
  for (auto it = pending_.begin(); it != pending_.end();) {
    Pending& p = it->second;
    if (p.cancel_sent && now - p.created >= timeout + limits_.lost_request_timeout) {
      log_.warning("matchmaking: challenge ", it->first,
                   " was never reported canceled; "
                   "forgetting it");
      it = pending_.erase(it);
      continue;
    }
    if (!p.cancel_sent && now - p.created >= timeout) {
      p.cancel_sent = true;
      ids.push_back(it->first);
      log_.info("matchmaking: challenge ", it->first, " to ", p.plan.request.username,
                " unanswered after ", timeout.count(), " s; canceling it");
    }
    ++it;
  }
  return ids;
}

void Matchmaker::forget_old_credits(base::Clock::SteadyTime now) {
  while (!credits_.empty() && now - credits_.front() >= std::chrono::hours(24))
    credits_.pop_front();
}

int Matchmaker::credits_last_minute() const {
  const base::Clock::SteadyTime now = clock_.now();
  return int(std::count_if(credits_.begin(), credits_.end(), [&](base::Clock::SteadyTime t) {
    return now - t < std::chrono::minutes(1);
  }));
}

std::vector<std::string> Matchmaker::pending_ids() const {
  std::vector<std::string> ids;
  for (const auto& [id, pending] : pending_) ids.push_back(id);
  return ids;
}

int Matchmaker::credits_last_day() const {
  const base::Clock::SteadyTime now = clock_.now();
  return int(std::count_if(credits_.begin(), credits_.end(), [&](base::Clock::SteadyTime t) {
    return now - t < std::chrono::hours(24);
  }));
}

}  // namespace bot
