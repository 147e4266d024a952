// SPDX-License-Identifier: GPL-3.0-or-later
// Standard Algebraic Notation (SAN), as PGN files write moves: Nf3, exd5, e8=Q,
// O-O, Raxd1+, Qh7#. One writer and one reader for every rule set.
//
// Pacifist has no captures, so its moves never carry an "x". Check marks follow
// the Pacifist idea of check: "#" when the move leaves the opponent without a king
// and without a move that converts one back (the game is won), "+" when the
// opponent owns no king but can still convert one back.
//
// Pure functions of a Position; thread-safe for distinct positions.
#pragma once

#include <expected>
#include <span>
#include <string>
#include <string_view>

#include "engine/position.h"

namespace engine {

// Writes m, a legal move of pos, in SAN with its check or mate suffix.
std::string move_to_san(const Position& pos, Move m);

// A line of moves played from pos, in SAN with move numbers: "12. Nf3 Nc6 13. e4", or
// "12... Nc6 13. e4" when Black moves first. Stops before the first move that is not
// legal where it stands (a line from elsewhere cannot produce nonsense). "" for no moves.
std::string line_to_san(const Position& pos, std::span<const Move> moves);

// Reads a SAN move and returns the legal move of pos it names. Accepts "+", "#",
// "!" and "?" suffixes (not checked against the position), an optional "e.p.",
// "0-0"/"0-0-0" for castling, a promotion with or without "=", a missing "x",
// and more disambiguation than needed. On failure the message says whether the
// text is malformed, names no legal move, or is ambiguous.
std::expected<Move, std::string> parse_san(const Position& pos, std::string_view text);

}  // namespace engine
