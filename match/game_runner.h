// SPDX-License-Identifier: GPL-3.0-or-later
// One refereed game between two engine players. Our rules engine is the referee: every move
// an engine names is checked with parse_uci_move against the position, the game ends when
// game_status says so (mate, stalemate, Pacifist king loss, repetition, fifty moves,
// insufficient material), and a crash, a hang, an illegal move or a time loss loses the game
// for the engine at fault. The runner keeps the clocks. For an engine with ponder=on the
// runner ponders as a GUI does: after the engine's move, when it names a legal ponder move,
// "go ponder" on the position after that reply; the engine's next think() turns it into a
// ponderhit or stops it, and the time from the opponent's move on is on the engine's clock.
//
// Thread contract: play_game runs on the calling (worker) thread and uses only its arguments.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "engine/status.h"
#include "engine/types.h"
#include "match/adjudication.h"
#include "match/engine_player.h"
#include "match/engine_spec.h"

namespace match {

struct PlayedMove {
  std::string fen_before;  // the position the move was played from
  engine::Color mover = engine::White;
  std::string uci;  // king-takes-rook castling
  std::string san;
  std::optional<ReportedScore> score;  // the mover's last reported score, its point of view
  int depth = 0;
  int time_ms = 0;
  PonderOutcome ponder = PonderOutcome::None;  // whether the mover had pondered this position
};

enum class Ending { Rules, Adjudication, Fault };

struct GameRecord {
  std::string start_fen;
  engine::Variant variant = engine::Variant::Standard;
  std::vector<PlayedMove> moves;
  engine::Outcome outcome = engine::Outcome::Draw;
  Ending ending = Ending::Rules;
  engine::Termination termination = engine::Termination::None;  // for Ending::Rules
  Fault fault = Fault::None;                                    // for Ending::Fault
  engine::Color fault_side = engine::White;                     // who was at fault
  std::string reason;                                           // what ended the game, for people
};

struct GameSetup {
  engine::Variant variant = engine::Variant::Standard;
  std::string start_fen;
  Limits white_limits, black_limits;
  AdjudicationRules adjudication;
  int time_margin_ms = 100;     // overrun of a clock or movetime tolerated before a time loss
  int hang_timeout_ms = 10000;  // the wait for a bestmove without a clock or movetime
};

// The "go" command for the side to move, given both sides' limits and remaining clocks;
// "go ponder ..." with `ponder`.
std::string go_command(engine::Color side, const Limits& white, const Limits& black,
                       const int remaining_ms[2], bool ponder = false);

GameRecord play_game(EnginePlayer& white, EnginePlayer& black, const GameSetup& setup);

}  // namespace match
