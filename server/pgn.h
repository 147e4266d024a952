// SPDX-License-Identifier: GPL-3.0-or-later
// Game export (GET /game/export/{id}): PGN with SAN moves, or Lichess's game JSON.
// Pure functions; the caller holds the server state's lock.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "server/games.h"

namespace server {

struct PgnPlayers {
  std::string white;
  std::string black;
  bool white_bot = false;
  bool black_bot = false;
};

// The game's moves in SAN (engine/san.h).
std::vector<std::string> san_moves(const Game& game);
// The PGN: tag pairs, then the movetext on one line (with [%clk] comments when clocks).
std::string game_pgn(const Game& game, const PgnPlayers& players, const std::string& base_url,
                     bool clocks);
nlohmann::json game_export_json(const Game& game, const PgnPlayers& players);

}  // namespace server
