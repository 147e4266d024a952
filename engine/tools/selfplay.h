// In-process matches between two configurations of our own engine, refereed by our
// rules engine: the only way to measure Pacifist strength, since no other engine plays
// it. Each start position is played twice with colours swapped.
//
// Thread contract: play_match runs on the caller's thread; each game owns two Engine
// instances (one search thread each) that live only for that game.
#pragma once

#include <cstdint>
#include <expected>
#include <functional>
#include <string>
#include <vector>

#include "engine/engine.h"
#include "engine/search/limits.h"
#include "engine/status.h"

namespace engine::tools {

struct SelfplayPlayer {
  std::string name;
  SearchLimits limits;
  EngineOptions options;
};

// Parses "name=N depth=D nodes=N movetime=MS hash=MB threads=T" (space-separated,
// any subset, at least one limit). Errors name the bad word.
std::expected<SelfplayPlayer, std::string> parse_player(const std::string& spec);

struct SelfplayOptions {
  Variant variant = Variant::Pacifist;
  int games = 2;
  std::uint64_t seed = 1;
  // Start from random Chess960 positions (drawn from seed); otherwise the standard start.
  bool chess960_starts = true;
  // Adjudicated a draw after this many plies (the fifty-move rule usually ends it first).
  int max_plies = 600;
};

struct SelfplayGame {
  std::string start_fen;
  std::vector<std::string> moves;  // UCI, king-takes-rook castling
  bool a_is_white = true;
  // Never Ongoing. Termination::None: adjudicated at the ply limit (a draw) or decided by
  // `error` (the failing player loses; a bad start is a draw with nothing played).
  GameStatus status;
  std::string error;  // non-empty when a player failed (no move or an illegal move)
};

struct SelfplayScore {
  int wins = 0, draws = 0, losses = 0;  // from player A's point of view
  int games() const { return wins + draws + losses; }
  double percent() const { return games() ? 100.0 * (wins + 0.5 * draws) / games() : 0.0; }
};

// Plays one game; a player that returns no move or an illegal move loses it.
SelfplayGame play_game(const SelfplayPlayer& a, const SelfplayPlayer& b, bool a_is_white,
                       Variant variant, const std::string& start_fen, int max_plies);

// Plays options.games games, calling on_game after each one.
SelfplayScore play_match(
    const SelfplayPlayer& a, const SelfplayPlayer& b, const SelfplayOptions& options,
    const std::function<void(int index, const SelfplayGame&, const SelfplayScore&)>& on_game);

// 1 for a win of A, 0.5 for a draw, 0 for a loss.
double score_for_a(const SelfplayGame& game);

}  // namespace engine::tools
