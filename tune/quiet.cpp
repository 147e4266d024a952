#include "tune/quiet.h"

#include <algorithm>

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
    MoveList moves;
    generate_pacifist_pseudo_legal(pos, moves);
    return std::none_of(moves.begin(), moves.end(),
                        [&scout](Move m) { return scout.may_convert(m); });
  }
  if (pos.in_check()) return false;
  MoveList moves;
  generate_chess_legal(pos, moves);
  for (Move m : moves) {
    if (m.kind() == MoveKind::Promotion && m.promotion() == Queen) return false;
    if (pos.is_capture(m) && search::see_at_least(pos, m, 0)) return false;
  }
  return true;
}

}  // namespace tune
