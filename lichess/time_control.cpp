// SPDX-License-Identifier: GPL-3.0-or-later
#include "lichess/time_control.h"

#include <algorithm>

namespace lichess {

std::string_view to_string(Speed speed) {
  return kSpeedKeys[static_cast<std::size_t>(speed)];
}

std::optional<Speed> parse_speed(std::string_view key) {
  for (std::size_t i = 0; i < kSpeedKeys.size(); ++i) {
    if (kSpeedKeys[i] == key) return static_cast<Speed>(i);
  }
  return std::nullopt;
}

Speed classify_speed(int limit_s, int increment_s) {
  const long long estimate = static_cast<long long>(limit_s) + 40LL * increment_s;
  if (estimate < 30) return Speed::kUltraBullet;
  if (estimate < 180) return Speed::kBullet;
  if (estimate < 480) return Speed::kBlitz;
  if (estimate < 1500) return Speed::kRapid;
  if (estimate < 21'600) return Speed::kClassical;
  return Speed::kCorrespondence;
}

Speed classify_speed(std::optional<int> limit_s, std::optional<int> increment_s,
                     std::optional<int> days_per_turn) {
  if (days_per_turn || !limit_s) return Speed::kCorrespondence;
  return classify_speed(*limit_s, increment_s.value_or(0));
}

bool is_challenge_clock_limit(int limit_s) {
  if (limit_s == 0 || limit_s == 15 || limit_s == 30 || limit_s == 45 || limit_s == 90) {
    return true;
  }
  return limit_s > 0 && limit_s <= kMaxClockLimitS && limit_s % 60 == 0;
}

bool is_correspondence_days(int days) {
  return std::find(kCorrespondenceDays.begin(), kCorrespondenceDays.end(), days) !=
         kCorrespondenceDays.end();
}

}  // namespace lichess
