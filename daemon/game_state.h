// SPDX-License-Identifier: GPL-3.0-or-later
// The board of one game, rebuilt from what the server sends: the initial FEN
// ("startpos" or a FEN) plus the full move list of every gameState. The side to
// move comes from the position reached, never from the parity of the move count.
//
// Thread contract: a plain value, owned by one game session thread.
#pragma once

#include <expected>
#include <string>
#include <string_view>
#include <vector>

#include "engine/position.h"

namespace bot {

class GameState {
 public:
  // Sets up the start position; the error names what is wrong with the FEN.
  static std::expected<GameState, std::string> start(engine::Variant variant,
                                                     std::string_view initial_fen);

  // Brings the board to the server's full move list. A list that extends the known one
  // is applied move by move; any other list (a takeback) is replayed from the start.
  // On error the state is unchanged and the message names the offending move.
  std::expected<void, std::string> update(std::string_view moves);

  const engine::Position& position() const { return position_; }
  engine::Variant variant() const { return variant_; }
  const std::string& initial_fen() const { return initial_fen_; }
  const std::vector<std::string>& moves() const { return moves_; }
  engine::Color side_to_move() const { return position_.side_to_move(); }

 private:
  GameState(engine::Variant variant, std::string initial_fen, engine::Position start);

  engine::Variant variant_;
  std::string initial_fen_;
  engine::Position start_;
  engine::Position position_;
  std::vector<std::string> moves_;  // as the server wrote them
};

}  // namespace bot
