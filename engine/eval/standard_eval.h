// SPDX-License-Identifier: GPL-3.0-or-later
// Static evaluation for standard chess and Chess960: tapered material and
// piece-square tables, mobility, pawn structure, passed pawns, threats and king
// safety. A function of the Position alone (the optional pawn cache changes no value);
// thread-safe, given a cache per thread.
#pragma once

#include "engine/eval/eval_trace.h"
#include "engine/eval/pawn_cache.h"
#include "engine/position.h"

namespace engine::eval {

// No pawn, rook or queen and at most one minor piece: neither side can mate. The classical
// evaluation scores such positions 0, and so does the search's network evaluation.
bool insufficient_material(const Position& pos);

// Centipawns from the side to move's point of view (unclamped); with a cache, the pawn
// terms come from it where it holds them.
int evaluate_standard(const Position& pos, PawnCache* cache = nullptr);
// The same, recording every weight's coefficient in trace (see eval_trace.h).
int evaluate_standard(const Position& pos, EvalTrace& trace);

}  // namespace engine::eval
