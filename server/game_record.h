// SPDX-License-Identifier: GPL-3.0-or-later
// What a board on a web page needs from the rules engine, so the page has no chess
// logic of its own: each move of a game in UCI and SAN, the FEN after it and the
// squares a Pacifist conversion turned (with their new colour), and the legal
// destinations of the position to move. A GameRecord follows one server Game,
// extending itself by the moves played since the last sync (replaying from the start
// after a takeback). Not thread-safe: owned by the server state, used under its lock.
#pragma once

#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/position.h"
#include "server/games.h"

namespace server {

struct ConvertedSquare {
  std::string square;  // "e4"
  std::string color;   // the piece's colour after the move: "white" or "black"
};

struct MoveRecord {
  std::string uci;  // as gameState.moves spells it (castling king-takes-rook)
  std::string san;
  std::string fen;  // after the move
  std::vector<ConvertedSquare> converted;
};

// Legal moves of a position in the shape of a board component: from-square ->
// destination squares. Castling appears as king-takes-rook and, when different, as the
// king's destination. `promotions` lists the "from+to" pairs that need a promotion piece.
struct LegalDestinations {
  std::map<std::string, std::vector<std::string>> dests;
  std::vector<std::string> promotions;
};
LegalDestinations legal_destinations(const engine::Position& pos);

class GameRecord {
 public:
  // Catches up with game's moves and returns the index of the first move record that
  // changed (the old size when moves were only added). A record that cannot be replayed
  // (never expected: the server validated every move) stops at the last good move.
  std::size_t sync(const Game& game);
  const std::vector<MoveRecord>& moves() const { return moves_; }
  const std::string& start_fen() const { return start_fen_; }

 private:
  bool started_ = false;
  engine::Position pos_;  // after moves_
  std::string start_fen_;
  std::vector<MoveRecord> moves_;
};

nlohmann::json move_record_json(const MoveRecord& record);
nlohmann::json legal_destinations_json(const LegalDestinations& legal);

}  // namespace server
