// SPDX-License-Identifier: GPL-3.0-or-later
// Rules for the matchmaking section: what Lichess lets a bot challenge with, and a sane
// pace against the daily bot-game quota.
#include <algorithm>
#include <cmath>
#include <sstream>
#include <string>

#include "config/rules.h"
#include "lichess/time_control.h"

namespace config {
namespace {

constexpr int kSecondsPerDay = 86'400;

void check_weight(const std::string& key, double weight, Rules& r) {
  if (std::isfinite(weight) && weight > 0) return;
  std::ostringstream text;
  text << weight;
  r.error(key, "must be > 0 (got " + text.str() + ")",
          "give every entry a positive weight; remove an entry to never pick it");
}

void check_time_control(const std::string& key, const TimeControlEntry& tc, Rules& r) {
  if (!lichess::is_challenge_clock_limit(tc.base_s)) {
    r.error(key + ".base_s",
            "Lichess cannot create a challenge with a " + std::to_string(tc.base_s) + " s clock",
            "use 0, 15, 30, 45, 60 or 90 seconds, or a whole number of minutes up to 10800 s");
  }
  r.range(key + ".increment_s", tc.increment_s, 0, lichess::kMaxIncrementS);
  if (!lichess::bots_may_play(lichess::classify_speed(tc.base_s, tc.increment_s))) {
    r.error(key,
            "is ultraBullet (" + std::to_string(tc.base_s) + "+" + std::to_string(tc.increment_s) +
                "), which Lichess refuses to bots",
            "make base_s + 40 * increment_s at least 30, e.g. 60+0 or 0+1");
  }
  check_weight(key + ".weight", tc.weight, r);
}

}  // namespace

void check_matchmaking(const Config& config, Rules& r) {
  const Matchmaking& m = config.matchmaking;
  r.range("matchmaking.idle_s", m.idle_s, 30, kSecondsPerDay);
  r.range("matchmaking.challenge_timeout_s", m.challenge_timeout_s, 5, 300);
  r.ordered("matchmaking.min_rating_diff", m.min_rating_diff, "matchmaking.max_rating_diff",
            m.max_rating_diff, std::nullopt);
  r.range("matchmaking.decline_cooldown_h", m.decline_cooldown_h, 0, 8'760);

  for (std::size_t i = 0; i < m.time_controls.size(); ++i) {
    check_time_control("matchmaking.time_controls[" + std::to_string(i) + "]", m.time_controls[i],
                       r);
  }
  for (std::size_t i = 0; i < m.variants.size(); ++i) {
    const std::string key = "matchmaking.variants[" + std::to_string(i) + "]";
    if (m.variants[i].name == Variant::kFromPosition) {
      r.error(key + ".name", "matchmaking cannot offer fromPosition games (they need a FEN)",
              "use standard, chess960 or pacifist");
    }
    for (std::size_t j = 0; j < i; ++j) {
      if (m.variants[j].name != m.variants[i].name) continue;
      r.warning(key + ".name",
                "'" + std::string(to_string(m.variants[i].name)) + "' is listed twice",
                "merge the entries and add up their weights");
      break;
    }
    check_weight(key + ".weight", m.variants[i].weight, r);
  }

  if (!m.enabled) return;
  if (m.time_controls.empty()) {
    r.error("matchmaking.time_controls", "is empty while matchmaking is enabled",
            "add an entry such as {base_s: 180, increment_s: 2, weight: 1}");
  }
  if (m.variants.empty()) {
    r.error("matchmaking.variants", "is empty while matchmaking is enabled",
            "add an entry such as {name: standard, weight: 1}");
  }
  // Only with sane values: out-of-range ones are reported as errors already.
  const int quota = config.challenge.bot_games_per_day;
  const int games_per_day = kSecondsPerDay / std::max(m.idle_s, 1);
  if (quota >= 1 && quota <= 100 && games_per_day > quota) {
    r.warning("matchmaking.idle_s",
              "lets matchmaking start up to " + std::to_string(games_per_day) +
                  " games a day, more than challenge.bot_games_per_day (" +
                  std::to_string(config.challenge.bot_games_per_day) +
                  "); matchmaking pauses once the quota is used",
              "raise idle_s to " + std::to_string((kSecondsPerDay + quota - 1) / quota) +
                  " or more to spread games over the day");
  }
  if (m.allow_during_games && config.challenge.concurrency == 1) {
    r.warning("matchmaking.allow_during_games",
              "has no effect with challenge.concurrency 1 (no second game can start)",
              "raise challenge.concurrency, or set allow_during_games: false");
  }
}

}  // namespace config
