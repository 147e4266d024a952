// SPDX-License-Identifier: GPL-3.0-or-later
// Formatting of the UCI search output: "info ..." and "bestmove ..." lines.
// Pure functions; thread-safe.
#pragma once

#include <string>

#include "engine/notation.h"
#include "engine/search/limits.h"

namespace engine::uci {

// "info depth D seldepth S multipv 1 score cp X|mate N nodes N nps N hashfull H time T pv ...".
// The PV is written from root, stopping at the first move that is not legal there.
std::string format_info(const Position& root, const SearchInfo& info, CastlingNotation notation);

// "bestmove M [ponder P]"; "bestmove 0000" when there is no legal move.
std::string format_best_move(const Position& root, const SearchResult& result,
                             CastlingNotation notation);

}  // namespace engine::uci
