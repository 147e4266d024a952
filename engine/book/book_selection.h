// SPDX-License-Identifier: GPL-3.0-or-later
// How a move is chosen among the book moves of a position, and the spelling of each way in
// the config file and the UCI BookSelection option. Constants only; any thread.
#pragma once

#include <array>
#include <string_view>

namespace engine::book {

enum class Selection {
  best,             // the highest weight (the first of equal weights in file order)
  weighted_random,  // at random, in proportion to the weights
  uniform_random,   // at random, every eligible move alike
};

inline constexpr std::array<std::string_view, 3> kSelectionNames = {"best", "weighted_random",
                                                                    "uniform_random"};

}  // namespace engine::book
