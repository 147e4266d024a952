// SPDX-License-Identifier: GPL-3.0-or-later
// Perft: counts the leaf nodes of the legal move tree, for testing move generation.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "engine/position.h"

namespace engine {

// Leaf nodes at exactly depth plies below pos (pos is restored on return).
std::uint64_t perft(Position& pos, int depth);

// Per root move: the move and its subtree's leaf count at depth - 1 below it.
std::vector<std::pair<Move, std::uint64_t>> perft_divide(Position& pos, int depth);

}  // namespace engine
