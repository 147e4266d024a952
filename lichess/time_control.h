// SPDX-License-Identifier: GPL-3.0-or-later
// Lichess speed classes and the clocks a challenge may ask for. Owns the speed vocabulary
// for config, daemon and server. Constants and pure functions; safe to use from any thread.
#pragma once

#include <array>
#include <optional>
#include <string_view>

namespace lichess {

// Speed classes, fastest first (the enumerators compare in that order).
enum class Speed { kUltraBullet, kBullet, kBlitz, kRapid, kClassical, kCorrespondence };

// The keys in enumerator order: "ultraBullet", "bullet", "blitz", "rapid", "classical",
// "correspondence".
inline constexpr std::array<std::string_view, 6> kSpeedKeys = {
    "ultraBullet", "bullet", "blitz", "rapid", "classical", "correspondence"};

std::string_view to_string(Speed speed);
// Exact, case-sensitive key match.
std::optional<Speed> parse_speed(std::string_view key);

// A realtime clock classified as Lichess does, by the estimated duration
// limit + 40 * increment (seconds): < 30 ultraBullet, < 180 bullet, < 480 blitz,
// < 1500 rapid, < 21600 classical, else correspondence.
Speed classify_speed(int limit_s, int increment_s);

// Any time control: correspondence when days per turn are given or when there is no clock
// (unlimited), otherwise classify_speed(limit, increment).
Speed classify_speed(std::optional<int> limit_s, std::optional<int> increment_s,
                     std::optional<int> days_per_turn);

// Lichess refuses ultraBullet games to bots.
constexpr bool bots_may_play(Speed speed) {
  return speed != Speed::kUltraBullet;
}

// Clocks the challenge endpoint accepts: a limit of 0, 15, 30, 45, 60 or 90 s or whole
// minutes up to 180; an increment of 0-60 s; correspondence days 1, 2, 3, 5, 7, 10 or 14.
inline constexpr int kMaxClockLimitS = 10'800;
inline constexpr int kMaxIncrementS = 60;
inline constexpr std::array<int, 7> kCorrespondenceDays = {1, 2, 3, 5, 7, 10, 14};
bool is_challenge_clock_limit(int limit_s);
bool is_correspondence_days(int days);

}  // namespace lichess
