// SPDX-License-Identifier: GPL-3.0-or-later
#include "match/game_runner.h"

#include "engine/fen.h"
#include "engine/movegen.h"
#include "engine/notation.h"
#include "engine/san.h"

namespace match {

using engine::Black;
using engine::Color;
using engine::White;

std::string go_command(Color side, const Limits& white, const Limits& black,
                       const int remaining_ms[2], bool ponder) {
  const Limits& own = side == White ? white : black;
  std::string go = ponder ? "go ponder" : "go";
  if (own.tc) {
    // An opponent without a clock is shown with the mover's own time.
    const Limits& other = side == White ? black : white;
    const int own_ms = remaining_ms[side];
    const int other_ms = other.tc ? remaining_ms[~side] : own_ms;
    const int own_inc = own.tc->increment_ms;
    const int other_inc = other.tc ? other.tc->increment_ms : own_inc;
    go += " wtime " + std::to_string(side == White ? own_ms : other_ms) + " btime " +
          std::to_string(side == White ? other_ms : own_ms) + " winc " +
          std::to_string(side == White ? own_inc : other_inc) + " binc " +
          std::to_string(side == White ? other_inc : own_inc);
  } else if (own.movetime_ms) {
    go += " movetime " + std::to_string(*own.movetime_ms);
  }
  if (own.nodes) go += " nodes " + std::to_string(*own.nodes);
  if (own.depth) go += " depth " + std::to_string(*own.depth);
  return go;
}

GameRecord play_game(EnginePlayer& white, EnginePlayer& black, const GameSetup& setup) {
  GameRecord game;
  game.start_fen = setup.start_fen;
  game.variant = setup.variant;
  auto pos = engine::parse_fen(setup.start_fen, setup.variant);
  EnginePlayer* players[2] = {&white, &black};
  const Limits* limits[2] = {&setup.white_limits, &setup.black_limits};

  auto lose = [&](Color side, Fault fault, std::string why) {
    game.ending = Ending::Fault;
    game.fault = fault;
    game.fault_side = side;
    game.outcome = side == White ? engine::Outcome::BlackWins : engine::Outcome::WhiteWins;
    game.reason = std::move(why);
    players[side]->restart();
    return game;
  };
  if (!pos) {  // the match checks its openings, so this is a defect of the caller
    game.reason = "bad start position: " + pos.error();
    return game;
  }
  for (Color side : {White, Black})
    if (auto ready = players[side]->new_game(); !ready)
      return lose(side, ready.error().fault, ready.error().detail);

  const auto notation = setup.variant == engine::Variant::Standard
                            ? engine::CastlingNotation::KingDestination
                            : engine::CastlingNotation::KingTakesRook;
  const std::string start = setup.start_fen == engine::kStartFen
                                ? std::string("position startpos")
                                : "position fen " + setup.start_fen;
  // The position command after `moves` (" m1 m2 ..."): one spelling for searches and ponders,
  // so that a ponder's position is recognised when it comes up.
  auto position_after = [&](const std::string& moves) {
    return start + (moves.empty() ? "" : " moves" + moves);
  };
  std::string moves_text;
  int remaining[2] = {0, 0};
  for (Color side : {White, Black})
    if (limits[side]->tc) remaining[side] = limits[side]->tc->base_ms;
  Adjudicator adjudicator(setup.adjudication);

  for (;;) {
    const engine::GameStatus status = engine::game_status(*pos);
    if (status.over()) {
      game.outcome = status.outcome;
      game.termination = status.termination;
      game.reason = std::string(engine::termination_text(status.termination));
      return game;
    }
    const Color side = pos->side_to_move();
    const Limits& own = *limits[side];
    const auto now = Clock::now();
    const int allowed_ms = own.tc            ? remaining[side] + setup.time_margin_ms
                           : own.movetime_ms ? *own.movetime_ms + setup.time_margin_ms
                                             : setup.hang_timeout_ms;
    const Fault timeout_fault = own.tc || own.movetime_ms ? Fault::Time : Fault::Hang;
    auto answer =
        players[side]->think(position_after(moves_text),
                             go_command(side, setup.white_limits, setup.black_limits, remaining),
                             now + std::chrono::milliseconds(allowed_ms), timeout_fault);
    const std::string& name = players[side]->spec().name;
    if (!answer) return lose(side, answer.error().fault, answer.error().detail);
    if (answer->elapsed_ms > allowed_ms && timeout_fault == Fault::Time)
      return lose(side, Fault::Time,
                  name + " used " + std::to_string(answer->elapsed_ms) + " ms of " +
                      std::to_string(allowed_ms - setup.time_margin_ms) + " ms");
    auto move = engine::parse_uci_move(*pos, answer->move);
    if (!move)
      return lose(side, Fault::Illegal, name + " played '" + answer->move + "': " + move.error());
    if (own.tc)
      remaining[side] = std::max(0, remaining[side] - answer->elapsed_ms) + own.tc->increment_ms;

    PlayedMove played;
    played.fen_before = engine::to_fen(*pos);
    played.mover = side;
    played.uci = engine::move_to_uci(*pos, *move);
    played.san = engine::move_to_san(*pos, *move);
    played.score = answer->score;
    played.depth = answer->depth;
    played.time_ms = answer->elapsed_ms;
    played.ponder = answer->ponder_outcome;
    moves_text += " " + engine::move_to_uci(*pos, *move, notation);
    const int fullmove = pos->fullmove_number();
    engine::UndoRecord undo;
    pos->make_move(*move, undo);
    game.moves.push_back(std::move(played));

    if (engine::game_status(*pos).over()) continue;  // the rules decide first
    if (auto verdict =
            adjudicator.after_move(side, fullmove, int(game.moves.size()), answer->score)) {
      game.ending = Ending::Adjudication;
      game.outcome = verdict->outcome;
      game.reason = verdict->reason;
      return game;
    }
    if (players[side]->spec().ponder && !answer->ponder.empty())
      if (auto reply = engine::parse_uci_move(*pos, answer->ponder)) {
        players[side]->ponder(
            position_after(moves_text + " " + engine::move_to_uci(*pos, *reply, notation)),
            go_command(side, setup.white_limits, setup.black_limits, remaining, true));
      }
  }
}

}  // namespace match
