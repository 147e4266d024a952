// SPDX-License-Identifier: GPL-3.0-or-later
// The games of a match, decided before the first one starts: which start position, which
// engines, which colours. Every start is played twice with colours swapped (a pair). With more
// than two engines the match is a round robin: each start is played by every pairing of
// engines before the next start. Pure functions.
#pragma once

#include <cstdint>
#include <expected>
#include <string>
#include <vector>

#include "engine/types.h"

namespace match {

struct GameTask {
  int number = 0;  // 0-based game number
  int pair = 0;    // 0-based pair number; the two games of a pair share the start
  std::string start_fen;
  int white = 0, black = 0;  // engine indexes
};

struct ScheduleOptions {
  engine::Variant variant = engine::Variant::Standard;
  int engines = 2;
  int games = 0;         // total games (even); 0: `rounds` times through the starts
  int rounds = 1;        // used when games is 0
  int random_plies = 0;  // random legal plies played from each start before the pair
  std::uint64_t seed = 1;
};

// Cycles through `openings` (start FENs) until there are enough games; each use of an opening
// (a "slot") gets its own random plies, drawn from the seed and the slot number, so a cycled
// opening does not replay the same start.
std::expected<std::vector<GameTask>, std::string> schedule_games(
    const std::vector<std::string>& openings, const ScheduleOptions& options);

}  // namespace match
