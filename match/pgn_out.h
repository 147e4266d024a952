// SPDX-License-Identifier: GPL-3.0-or-later
// The match's game records as PGN and as tuner data lines.
//
// PGN moves are written with the engine's SAN writer (engine/san.h). The project has two more
// PGN writers (daemon/pgn_record.cpp, server/pgn.cpp) for server games; they are being unified
// into the engine, and this one should then use that writer for its movetext.
//
// Data lines (--data): one per position an engine moved from, "FEN<TAB>RESULT<TAB>SCORE", where
// RESULT is White's result (1, 0.5 or 0) and SCORE the mover's last reported score in
// centipawns from White's point of view, or "-" when unknown or a mate score. Games lost by a
// fault give no lines. Pure functions; thread-safe.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "match/game_runner.h"

namespace match {

struct PgnHeader {
  std::string event = "paxbot match";
  std::string site = "?";
  std::string date = "????.??.??";
  std::string round = "?";
  std::string white, black;
  std::string time_control = "-";
  std::vector<std::pair<std::string, std::string>> extra;  // more tags, after TimeControl
};

// "1-0", "0-1" or "1/2-1/2".
std::string result_tag(const GameRecord& game);
// PGN Termination: "normal", "adjudication", "time forfeit", "rules infraction" (an illegal
// move) or "abandoned" (a crash or a hang).
std::string termination_tag(const GameRecord& game);
// "Chess960", "Pacifist" or "Standard".
std::string variant_tag(engine::Variant variant);

// The whole game: tags, movetext with {score/depth time} comments, the reason and the result.
std::string format_pgn(const GameRecord& game, const PgnHeader& header);

// The game's data lines (see above), each ending in '\n'; empty for a game lost by a fault.
std::string format_data_lines(const GameRecord& game);

// Today's UTC date as PGN writes it: "2026.12.01".
std::string pgn_date_today();

}  // namespace match
