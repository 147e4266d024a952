// SPDX-License-Identifier: GPL-3.0-or-later
// Many real positions for evaluation and tuner tests: every start position of the
// perft suites in tests/data, and the positions along seeded random playouts
// from them (legal moves only). Deterministic for a given seed.
#pragma once

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "engine/fen.h"
#include "engine/position.h"
#include "engine/rules/pacifist.h"
#include "engine/rules/standard.h"
#include "engine/variant.h"
#include "tests/support/perft_data.h"

namespace paxbot_test {

// Positions of the rule set (pacifist or not): each suite position, then `plies` random
// moves from it, every position on the way included; `rounds` playouts per suite position.
inline std::vector<engine::Position> sample_positions(bool pacifist, int rounds, int plies,
                                                      unsigned seed) {
  std::vector<PerftRow> rows = pacifist ? read_perft_rows("perft-pacifist.tsv", "pacifist")
                                        : read_perft_rows("perft-standard.tsv", "standard");
  std::vector<engine::Position> out;
  std::mt19937 rng(seed);
  std::vector<std::string> seen;
  for (const PerftRow& row : rows) {
    if (std::find(seen.begin(), seen.end(), row.fen) != seen.end()) continue;
    seen.push_back(row.fen);
    auto variant = engine::parse_variant(row.variant);
    if (!variant) continue;
    auto start = engine::parse_fen(row.fen, *variant);
    if (!start) continue;
    out.push_back(*start);
    for (int r = 0; r < rounds; ++r) {
      engine::Position pos = *start;
      for (int ply = 0; ply < plies; ++ply) {
        engine::MoveList moves;
        if (pacifist)
          engine::generate_pacifist_legal(pos, moves);
        else
          engine::generate_chess_legal(pos, moves);
        if (moves.size() == 0) break;
        engine::UndoRecord undo;
        pos.make_move(moves[std::uniform_int_distribution<int>(0, int(moves.size()) - 1)(rng)],
                      undo);
        out.push_back(pos);
      }
    }
  }
  return out;
}

}  // namespace paxbot_test
