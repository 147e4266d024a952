// SPDX-License-Identifier: GPL-3.0-or-later
// Spec section "Conversion cascade".
#include "engine/rules/cascade.h"

namespace engine {

CascadeResult resolve_cascade(PieceSets& sets, Color mover, std::vector<Bitboard>* rounds) {
  const Color non_mover = ~mover;
  CascadeResult result;
  result.counts = count_attacks(sets.by_type, sets.by_color);
  for (;;) {
    Bitboard round = sets.by_color[non_mover] & result.counts.outnumbered(non_mover);
    if (!round) return result;
    result.converted |= round;
    if (rounds) rounds->push_back(round);
    sets.by_color[non_mover] ^= round;
    sets.by_color[mover] ^= round;
    result.counts = count_attacks(sets.by_type, sets.by_color);
  }
}

}  // namespace engine
