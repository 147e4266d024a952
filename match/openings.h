// SPDX-License-Identifier: GPL-3.0-or-later
// Start positions of a match: read from an EPD/FEN file, drawn as seeded random Chess960
// arrays, and optionally moved on by a few seeded random legal plies so that engines at fixed
// nodes (which are deterministic) do not replay the same games. Pure functions.
#pragma once

#include <cstdint>
#include <expected>
#include <string>
#include <vector>

#include "engine/types.h"

namespace match {

// Parses the text of an openings file: one position per line, FEN or EPD. The first four
// fields are the placement, side, castling and en passant; two whole numbers after them are
// taken as the clocks, anything else (EPD opcodes, a "; comment") is ignored. Blank lines and
// lines starting with '#' are skipped. Every position must be a legal start for `variant`;
// errors name the line. `source` names the file in messages.
std::expected<std::vector<std::string>, std::string> parse_openings(const std::string& text,
                                                                    engine::Variant variant,
                                                                    const std::string& source);

std::expected<std::vector<std::string>, std::string> load_openings(const std::string& path,
                                                                   engine::Variant variant);

// `count` Chess960 start positions (X-FEN) drawn from `seed`.
std::vector<std::string> random_chess960_starts(int count, std::uint64_t seed);

// Plays `plies` random legal moves from `fen` (drawn from `seed`), never a move that ends the
// game; stops early when every move would. Returns the FEN reached.
std::expected<std::string, std::string> play_random_plies(const std::string& fen,
                                                          engine::Variant variant, int plies,
                                                          std::uint64_t seed);

}  // namespace match
