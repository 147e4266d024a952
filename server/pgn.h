// Game export (GET /game/export/{id}): PGN with SAN moves, or Lichess's game JSON.
// Pure functions; the caller holds the server state's lock.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/position.h"
#include "server/games.h"

namespace server {

struct PgnPlayers {
  std::string white;
  std::string black;
  bool white_bot = false;
  bool black_bot = false;
};

// Standard algebraic notation of m, a legal move of pos: Nbd7, exd5, e8=Q, O-O, Qh7#.
// Pacifist moves never capture; '#' marks a move that leaves the opponent kingless for good.
std::string move_to_san(const engine::Position& pos, engine::Move m);
// The game's moves in SAN.
std::vector<std::string> san_moves(const Game& game);
// The PGN: tag pairs, then the movetext on one line (with [%clk] comments when clocks).
std::string game_pgn(const Game& game, const PgnPlayers& players, const std::string& base_url,
                     bool clocks);
nlohmann::json game_export_json(const Game& game, const PgnPlayers& players);

}  // namespace server
