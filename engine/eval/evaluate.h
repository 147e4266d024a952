// Static evaluation entry point: dispatches on the rule set. Scores are
// centipawns from the side to move, clamped below every mate score.
// Pure function of a Position; thread-safe.
#pragma once

#include "engine/position.h"

namespace engine::eval {

int evaluate(const Position& pos);

}  // namespace engine::eval
