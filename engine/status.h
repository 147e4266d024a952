// SPDX-License-Identifier: GPL-3.0-or-later
// Game status: whether the game is over, who won, and why.
#pragma once

#include <string_view>

#include "engine/position.h"

namespace engine {

enum class Outcome : std::uint8_t { Ongoing, WhiteWins, BlackWins, Draw };

enum class Termination : std::uint8_t {
  None,
  Checkmate,
  Stalemate,
  KingLost,  // Pacifist: the side to move owns no king and cannot convert one back
  ThreefoldRepetition,
  FiftyMoves,
  InsufficientMaterial,
};

struct GameStatus {
  Outcome outcome = Outcome::Ongoing;
  Termination termination = Termination::None;
  bool over() const { return outcome != Outcome::Ongoing; }
};

// The status of pos for its side to move (repetitions count the positions the
// Position has seen since it was set up).
GameStatus game_status(const Position& pos);

// "1-0", "0-1", "1/2-1/2" or "*".
std::string_view result_text(Outcome outcome);
// "checkmate", "stalemate", "king lost", "threefold repetition", "fifty-move rule",
// "insufficient material" or "" for an ongoing game.
std::string_view termination_text(Termination termination);

}  // namespace engine
