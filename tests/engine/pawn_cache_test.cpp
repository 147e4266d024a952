// SPDX-License-Identifier: GPL-3.0-or-later
// The pawn cache changes no evaluation: along played-out games (standard and Chess960
// starts), the evaluation with a cache equals the one without, also when a tiny cache
// makes different pawn placements share entries.
#include "engine/eval/pawn_cache.h"

#include <gtest/gtest.h>

#include <vector>

#include "engine/eval/evaluate.h"
#include "engine/fen.h"
#include "engine/movegen.h"

namespace engine {
namespace {

// Every position of a few deterministic games from the given start: each move is picked by
// a fixed stride through the legal moves, a different stride in each game.
std::vector<Position> positions_from(const std::string& fen, Variant variant) {
  std::vector<Position> out;
  for (int game = 0; game < 6; ++game) {
    auto start = parse_fen(fen, variant);
    EXPECT_TRUE(start) << fen;
    if (!start) return out;
    Position pos = *start;
    for (int ply = 0; ply < 160; ++ply) {
      const MoveList moves = legal_moves(pos);
      if (moves.empty()) break;
      out.push_back(pos);
      UndoRecord undo;
      pos.make_move(moves[(ply * (2 * game + 3) + game) % moves.size()], undo);
    }
  }
  return out;
}

std::vector<Position> sample_positions() {
  std::vector<Position> all =
      positions_from("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", Variant::Standard);
  for (int array : {0, 518, 959}) {
    const std::vector<Position> more = positions_from(chess960_start_fen(array), Variant::Chess960);
    all.insert(all.end(), more.begin(), more.end());
  }
  return all;
}

TEST(PawnCache, EvaluationIsTheSameWithTheCache) {
  const std::vector<Position> positions = sample_positions();
  ASSERT_GT(positions.size(), 1000u);
  eval::PawnCache cache;
  // Twice over: the first pass fills entries, the second reads them back.
  for (int pass = 0; pass < 2; ++pass)
    for (const Position& pos : positions)
      ASSERT_EQ(eval::evaluate(pos, &cache), eval::evaluate(pos)) << to_fen(pos);
}

TEST(PawnCache, SharedEntriesAreRecomputedNotMisread) {
  const std::vector<Position> positions = sample_positions();
  eval::PawnCache cache(2);
  int differing_neighbours = 0;
  for (std::size_t i = 0; i < positions.size(); ++i) {
    const Position& pos = positions[i];
    ASSERT_EQ(eval::evaluate(pos, &cache), eval::evaluate(pos)) << to_fen(pos);
    if (i > 0 && pos.pieces(Pawn) != positions[i - 1].pieces(Pawn)) ++differing_neighbours;
  }
  // The test means something only if the two entries really were overwritten often.
  EXPECT_GT(differing_neighbours, 100);
}

TEST(PawnCache, SlotHoldsOnlyTheFilledPlacement) {
  eval::PawnCache cache(1);
  const Bitboard white = 0xFF00, black = 0x00FF000000000000ULL;
  eval::PawnEntry& entry = cache.slot(white, black);
  EXPECT_FALSE(eval::PawnCache::holds(entry, white, black));
  EXPECT_FALSE(eval::PawnCache::holds(entry, 0, 0));  // an empty entry is not "no pawns"
  entry.white = white;
  entry.black = black;
  EXPECT_TRUE(eval::PawnCache::holds(cache.slot(white, black), white, black));
  EXPECT_FALSE(eval::PawnCache::holds(cache.slot(white, black), white, black << 8));
}

}  // namespace
}  // namespace engine
