// SPDX-License-Identifier: GPL-3.0-or-later
#include "match/schedule.h"

#include <utility>

#include "match/openings.h"

namespace match {

namespace {

// SplitMix64 finaliser: a well-spread seed per slot from the match seed.
std::uint64_t mix(std::uint64_t seed, std::uint64_t slot) {
  std::uint64_t z = seed + 0x9e3779b97f4a7c15ULL * (slot + 1);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

}  // namespace

std::expected<std::vector<GameTask>, std::string> schedule_games(
    const std::vector<std::string>& openings, const ScheduleOptions& options) {
  if (openings.empty()) return std::unexpected("no start positions");
  if (options.engines < 2) return std::unexpected("a match needs at least two engines");
  if (options.games % 2 != 0)
    return std::unexpected("--games " + std::to_string(options.games) +
                           " is odd; every start is played twice, colours swapped");
  std::vector<std::pair<int, int>> pairings;
  for (int a = 0; a < options.engines; ++a)
    for (int b = a + 1; b < options.engines; ++b) pairings.emplace_back(a, b);
  const long long total =
      options.games > 0 ? options.games
                        : 2LL * options.rounds * long(openings.size()) * long(pairings.size());
  if (total > 10'000'000) return std::unexpected("more than 10000000 games");

  std::vector<GameTask> tasks;
  int pair = 0;
  for (std::uint64_t slot = 0; (long long)tasks.size() < total; ++slot) {
    std::string start = openings[slot % openings.size()];
    if (options.random_plies > 0) {
      auto moved =
          play_random_plies(start, options.variant, options.random_plies, mix(options.seed, slot));
      if (!moved) return std::unexpected("start " + start + ": " + moved.error());
      start = *moved;
    }
    for (auto [a, b] : pairings) {
      for (int game = 0; game < 2 && (long long)tasks.size() < total; ++game) {
        GameTask task;
        task.number = int(tasks.size());
        task.pair = pair;
        task.start_fen = start;
        task.white = game == 0 ? a : b;
        task.black = game == 0 ? b : a;
        tasks.push_back(std::move(task));
      }
      ++pair;
      if ((long long)tasks.size() >= total) break;
    }
  }
  return tasks;
}

}  // namespace match
