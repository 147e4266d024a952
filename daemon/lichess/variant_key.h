// Lichess variant keys and speed classes, and how they map onto the engine.
// Pure functions; safe to use from any thread.
#pragma once

#include <expected>
#include <optional>
#include <string>
#include <string_view>

#include "engine/types.h"

namespace bot {

// Lichess variant key -> engine rules:
//   standard     -> Standard
//   chess960     -> Chess960
//   fromPosition -> Chess960: standard rules, but the position is parsed and
//                   castled Chess960-style so X-FEN castling with rooks off the
//                   a/h-files works (Lichess plays fromPosition as 960 inside)
//   pacifist     -> Pacifist
// Any other key (crazyhouse, atomic, ...) is unsupported: the error names it.
std::expected<engine::Variant, std::string> engine_variant_for(std::string_view lichess_key);

// Whether engine_variant_for() accepts the key.
bool is_supported_variant_key(std::string_view lichess_key);

// engine rules -> the Lichess key a challenge for them uses:
// Standard -> "standard", Chess960 -> "chess960", Pacifist -> "pacifist".
std::string_view lichess_variant_key(engine::Variant variant);

// Lichess speed classes, slowest last.
enum class Speed { kUltraBullet, kBullet, kBlitz, kRapid, kClassical, kCorrespondence };

// "ultraBullet", "bullet", "blitz", "rapid", "classical", "correspondence".
std::string_view to_string(Speed speed);
std::optional<Speed> parse_speed(std::string_view key);

// Realtime class by estimated game time limit + 40 * increment (seconds):
// < 30 ultraBullet, < 180 bullet, < 480 blitz, < 1500 rapid, else classical.
Speed classify_speed(int limit_s, int increment_s);

// Any time control: correspondence when days per turn are given or when
// there is no clock (unlimited), otherwise classify_speed(limit, increment).
Speed classify_speed(std::optional<int> limit_s, std::optional<int> increment_s,
                     std::optional<int> days_per_turn);

}  // namespace bot
