// SPDX-License-Identifier: GPL-3.0-or-later
// Static evaluation entry point: dispatches on the rule set. Scores are
// centipawns from the side to move, clamped below every mate score.
// Pure function of a Position; thread-safe.
#pragma once

#include "engine/eval/eval_trace.h"
#include "engine/position.h"

namespace engine::eval {

int evaluate(const Position& pos);
// The same value, recording every weight's coefficient in trace (see eval_trace.h); the
// weights are those of the position's rule set (weight_fields(pos.pacifist())).
int evaluate(const Position& pos, EvalTrace& trace);

}  // namespace engine::eval
