// SPDX-License-Identifier: GPL-3.0-or-later
// Lichess perf keys (the rating pool of a game) and their display names. Pure functions;
// safe to use from any thread.
#pragma once

#include <string>
#include <string_view>

#include "lichess/time_control.h"
#include "lichess/variant.h"

namespace lichess {

// The speed key for standard and fromPosition games, else the variant key
// ("chess960", "pacifist").
std::string_view perf_key(Variant variant, Speed speed);

// The display name of a perf key: "blitz" -> "Blitz", "ultraBullet" -> "UltraBullet",
// "chess960" -> "Chess960".
std::string perf_name(std::string_view perf);

}  // namespace lichess
