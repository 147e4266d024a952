// A game record as servers send it: a start position plus a list of UCI moves,
// replayed into a Position. Errors are values naming the offending move.
#pragma once

#include <expected>
#include <string>
#include <string_view>
#include <vector>

#include "engine/position.h"

namespace engine {

// Replays moves (space-separated UCI, either castling notation) from the start
// position: "startpos" (or empty) or a FEN. On failure: which move, and why.
std::expected<Position, std::string> replay_game(Variant variant, std::string_view start,
                                                 std::string_view moves);

// Splits a space-separated move list into words.
std::vector<std::string_view> split_moves(std::string_view moves);

}  // namespace engine
