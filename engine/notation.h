// SPDX-License-Identifier: GPL-3.0-or-later
// UCI move notation: e2e4, e7e8q; castling as king-takes-rook (e1h1) or
// king-to-destination (e1g1). Errors are values.
#pragma once

#include <expected>
#include <string>
#include <string_view>

#include "engine/position.h"

namespace engine {

enum class CastlingNotation : std::uint8_t {
  KingTakesRook,    // e1h1: unambiguous in every start position; what paxbot sends to servers
  KingDestination,  // e1g1: the UCI convention for standard chess
};

// "e4" for the square e4.
std::string square_name(Square s);

// Writes m (a move of pos) in UCI notation.
std::string move_to_uci(const Position& pos, Move m,
                        CastlingNotation castling = CastlingNotation::KingTakesRook);

// Reads a UCI move and checks that it is legal in pos. Castling is accepted in both
// notations. On failure the message says whether the text is malformed or the move illegal.
std::expected<Move, std::string> parse_uci_move(const Position& pos, std::string_view text);

}  // namespace engine
