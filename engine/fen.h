// SPDX-License-Identifier: GPL-3.0-or-later
// FEN parsing and printing. Errors are values: a message naming what is wrong and where.
#pragma once

#include <expected>
#include <string>
#include <string_view>

#include "engine/position.h"

namespace engine {

inline constexpr std::string_view kStartFen =
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

// Parses a FEN for the variant. The castling field may be KQkq, X-FEN or Shredder-FEN.
// The halfmove and fullmove fields may be omitted (they default to 0 and 1).
// "startpos" is accepted as the standard start position.
std::expected<Position, std::string> parse_fen(std::string_view fen, Variant variant);

// Prints X-FEN: KQkq when castling rooks stand on the outermost squares, file letters otherwise.
std::string to_fen(const Position& pos);

// The Chess960 start position with the given Scharnagl number (0..959; 518 is the standard
// array), with full castling rights.
std::string chess960_start_fen(int index);

}  // namespace engine
