// SPDX-License-Identifier: GPL-3.0-or-later
#include "tune/quiet.h"

#include "engine/rules/pacifist.h"
#include "engine/rules/standard.h"
#include "engine/search/conversion_scout.h"
#include "engine/search/see.h"

namespace tune {

using namespace engine;

bool is_quiet(const Position& pos) {
  if (pos.pacifist()) {
    if (!pos.pieces(pos.side_to_move(), King)) return false;
    if (pos.over_persuaded(White) || pos.over_persuaded(Black)) return false;
    const search::ConversionScout scout(pos);
    if (!scout.any_ripe()) return true;
    // Nothing is pending, so a move converts something exactly when quiescence would search
    // it: the scout's guesses are confirmed by playing them, as quiescence does.
    MoveList moves;
    generate_pacifist_pseudo_legal(pos, moves);
    Position copy = pos;
    for (Move m : moves) {
      if (!scout.may_convert(m)) continue;
      UndoRecord undo;
      copy.make_move(m, undo);
      const bool converts = copy.last_move_was_legal() && copy.last_converted() != 0;
      copy.undo_move(m, undo);
      if (converts) return false;
    }
    return true;
  }
  if (pos.in_check()) return false;
  MoveList moves;
  generate_chess_legal(pos, moves, MoveSet::Noisy);
  for (Move m : moves) {
    if (m.kind() == MoveKind::Promotion && m.promotion() == Queen) return false;
    if (pos.is_capture(m) && search::see_at_least(pos, m, 0)) return false;
  }
  return true;
}

}  // namespace tune
