// SPDX-License-Identifier: GPL-3.0-or-later
// Static evaluation for Pacifist chess. Pure function of a Position; thread-safe.
//
// Pieces the opponent left over-persuaded flip during our next move whatever we
// play, so they are settled first (with the cascade they start) and counted as
// ours. Then, per side: material by current colour and kings owned; our own
// pieces left over-persuaded by the settling; "ripe" pieces (persuasion equals
// support) the enemy can add an attacker to in one move; the persuasion margin
// of each king; mobility (empty squares reachable); control of empty squares;
// pawn advancement. See docs/engine.md, "Pacifist".
#pragma once

#include "engine/eval/eval_trace.h"
#include "engine/position.h"

namespace engine::eval {

// Centipawns from the side to move's point of view (unclamped).
int evaluate_pacifist(const Position& pos);
// The same, recording every weight's coefficient in trace (see eval_trace.h).
int evaluate_pacifist(const Position& pos, EvalTrace& trace);

}  // namespace engine::eval
