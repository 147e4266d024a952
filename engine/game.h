// SPDX-License-Identifier: GPL-3.0-or-later
// A game record as servers send it: a start position plus a list of UCI moves, replayed
// into positions and moves. The one move-list replay of the project. Errors are values
// naming the offending move. Pure functions; thread-safe for distinct arguments.
#pragma once

#include <cstddef>
#include <expected>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/position.h"

namespace engine {

// A replayed game: where it started, the moves played and where it stands now. `position`
// keeps the game's history, so repetitions count.
struct ReplayedGame {
  Position start;
  std::vector<Move> moves;
  Position position;
};

// Plays UCI moves (either castling notation) on pos, appending each to *played when given.
// Move i of the list is called "move <first_number + i>" in errors; on failure pos stands
// after the last good move.
std::expected<void, std::string> play_uci_moves(Position& pos,
                                                std::span<const std::string_view> moves,
                                                std::size_t first_number = 1,
                                                std::vector<Move>* played = nullptr);

// Replays moves from the start position: "startpos" (or empty) or a FEN. On failure: the
// start position or which move, and why.
std::expected<ReplayedGame, std::string> replay(Variant variant, std::string_view start,
                                                std::span<const std::string_view> moves);
// The same for a space-separated list ("e2e4 e7e5") and for a list of words.
std::expected<ReplayedGame, std::string> replay(Variant variant, std::string_view start,
                                                std::string_view moves);
std::expected<ReplayedGame, std::string> replay(Variant variant, std::string_view start,
                                                const std::vector<std::string>& moves);

// Just the position reached (replay(...).position).
std::expected<Position, std::string> replay_game(Variant variant, std::string_view start,
                                                 std::string_view moves);

// Splits a space-separated move list into words.
std::vector<std::string_view> split_moves(std::string_view moves);

}  // namespace engine
