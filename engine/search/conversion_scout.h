// SPDX-License-Identifier: GPL-3.0-or-later
// Pacifist: a cheap guess, per move, of whether it converts an enemy piece
// beyond the pieces that flip whatever the mover plays, so quiescence search and
// move ordering need not play every move to find out.
//
// The scout looks at the board as any move leaves it: pieces the opponent left
// over-persuaded (and the cascade they start) are settled first. On that board a
// "ripe" enemy piece has persuasion == support: one more attacker converts it. A move may convert
// when the moved piece newly attacks a ripe piece, or when it leaves or enters a square on a queen
// line from a ripe piece (uncovering one of our sliders or blocking one of its supporters). Guesses
// are confirmed by playing the move; a guess misses only conversions that need
// two extra attackers at once. Built per node; a plain value; thread-safe.
#pragma once

#include "engine/position.h"
#include "engine/rules/cascade.h"

namespace engine::search {

class ConversionScout {
 public:
  explicit ConversionScout(const Position& pos);

  // The ripe enemy pieces the moved piece newly attacks from its destination (its
  // persuasion attacks, engine/rules/persuasion.h, before and after the move).
  Bitboard direct_targets(Move m) const;
  bool may_convert(Move m) const;
  bool any_ripe() const { return ripe_ != 0; }

 private:
  const Position& pos_;
  Color us_;
  PieceSets sets_;  // the settled board
  Bitboard ripe_ = 0;
  Bitboard lines_ = 0;
};

}  // namespace engine::search
