// SPDX-License-Identifier: GPL-3.0-or-later
// Pacifist conversion cascade (spec section "Conversion cascade") on bare
// piece sets, so legality can be decided without touching a Position.
// Pure functions; thread-safe.
#pragma once

#include <vector>

#include "engine/rules/persuasion.h"

namespace engine {

// The piece sets a cascade works on: piece types by square and colours by square.
struct PieceSets {
  std::array<Bitboard, 6> by_type;
  std::array<Bitboard, 2> by_color;
};

struct CascadeResult {
  Bitboard converted = 0;  // squares whose pieces changed colour, over all rounds
  AttackCounts counts;     // persuasion counts of the final position
};

// Runs the cascade after a move by `mover`: while any of the non-mover's pieces is
// over-persuaded, flip all of them at once to the mover. Updates sets in place.
// When `rounds` is given, it receives the squares flipped in each round, in order.
CascadeResult resolve_cascade(PieceSets& sets, Color mover,
                              std::vector<Bitboard>* rounds = nullptr);

}  // namespace engine
