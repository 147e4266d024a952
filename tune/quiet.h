// Whether a position is quiet enough to tune the static evaluation on: the
// quiescence search would find nothing to search, so its value is exactly the
// static evaluation. Chess: not in check, no queen promotion and no capture whose
// static exchange (engine/search/see.h) is at least 0 -- the moves quiescence
// searches. Pacifist: the side to move owns a king, nobody has pending
// (over-persuaded) pieces and no move may convert a ripe piece by the guess of
// engine/search/conversion_scout.h -- the moves quiescence searches. Both tests
// are a little stricter than quiescence (which also drops losing promotions and
// moves that turn out to convert nothing), never looser. Pure; thread-safe.
#pragma once

#include "engine/position.h"

namespace tune {

bool is_quiet(const engine::Position& pos);

}  // namespace tune
