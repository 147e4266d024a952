// SPDX-License-Identifier: GPL-3.0-or-later
// Move-ordering memory of one search thread: killer moves per ply, butterfly
// history (colour, from, to), counter moves, capture history and continuation
// history (this move's score given the move one or two plies earlier).
//
// Owned by a search Worker; only that worker's thread touches it while a search
// runs. It survives between searches of one game and is cleared by new_game.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>

#include "engine/move.h"
#include "engine/score.h"
#include "engine/search/params.h"

namespace engine::search {

// Continuation history indexed by the (piece, to) of this move: one table per earlier move.
using PieceToHistory = std::array<std::array<std::int16_t, 64>, 16>;

struct HistoryTables {
  std::array<std::array<std::array<std::int16_t, 64>, 64>, 2> butterfly{};
  std::array<std::array<Move, 2>, kMaxPly + 2> killers{};
  std::array<std::array<Move, 64>, 16> counter{};
  // [moving piece][to][captured piece type] for chess captures.
  std::array<std::array<std::array<std::int16_t, 8>, 64>, 16> capture{};
  // [earlier piece][earlier to] -> table over this move's (piece, to).
  std::array<std::array<PieceToHistory, 64>, 16> continuation{};

  // Resets every table in place (the object is too large for a temporary on the stack).
  void clear() {
    for (auto& by_from : butterfly)
      for (auto& row : by_from) row.fill(0);
    for (auto& pair : killers) pair.fill(Move::none());
    for (auto& row : counter) row.fill(Move::none());
    for (auto& by_to : capture)
      for (auto& row : by_to) row.fill(0);
    for (auto& by_to : continuation)
      for (auto& table : by_to)
        for (auto& row : table) row.fill(0);
  }

  // Moves an entry toward +-kHistoryMax by bonus, slowing down as it saturates.
  static void update(std::int16_t& entry, int bonus) {
    bonus = std::clamp(bonus, -params::kHistoryMax, params::kHistoryMax);
    entry = std::int16_t(entry + bonus - entry * std::abs(bonus) / params::kHistoryMax);
  }

  static int bonus(int depth) {
    return std::min(params::kHistoryBonusMax, params::kHistoryBonusPerDepthSq * depth * depth +
                                                  params::kHistoryBonusPerDepth * depth);
  }

  void add_killer(int ply, Move m) {
    if (killers[ply][0] != m) {
      killers[ply][1] = killers[ply][0];
      killers[ply][0] = m;
    }
  }
};

}  // namespace engine::search
