// SPDX-License-Identifier: GPL-3.0-or-later
// Static evaluation entry point: dispatches on the rule set. Scores are
// centipawns from the side to move, clamped below every mate score.
// A function of the Position alone; thread-safe, given a pawn cache per thread.
#pragma once

#include "engine/eval/eval_trace.h"
#include "engine/eval/pawn_cache.h"
#include "engine/position.h"

namespace engine::eval {

// cache (chess only, may be null) speeds up the pawn terms and changes no value.
int evaluate(const Position& pos, PawnCache* cache = nullptr);
// The same value, recording every weight's coefficient in trace (see eval_trace.h); the
// weights are those of the position's rule set (weight_fields(pos.pacifist())).
int evaluate(const Position& pos, EvalTrace& trace);

}  // namespace engine::eval
