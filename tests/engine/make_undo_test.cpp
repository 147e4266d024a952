// SPDX-License-Identifier: GPL-3.0-or-later
// make_move/undo_move restore everything (placement, key, counts, rights, clocks) across
// whole perft trees, and incremental state always equals a fresh computation.
#include <gtest/gtest.h>

#include "engine/fen.h"
#include "engine/movegen.h"
#include "engine/variant.h"
#include "tests/support/perft_data.h"

namespace engine {
namespace {

void walk(Position& pos, int depth, std::uint64_t& nodes) {
  std::string why;
  ASSERT_TRUE(pos.is_consistent(&why)) << to_fen(pos) << ": " << why;
  if (depth == 0) return;
  const std::string fen_before = to_fen(pos);
  const Key key_before = pos.key();
  UndoRecord undo;
  for (Move m : legal_moves(pos)) {
    pos.make_move(m, undo);
    ++nodes;
    ASSERT_TRUE(pos.last_move_was_legal()) << fen_before;
    UndoRecord saved = undo;
    walk(pos, depth - 1, nodes);
    pos.undo_move(m, saved);
    ASSERT_EQ(pos.key(), key_before) << fen_before;
    ASSERT_EQ(to_fen(pos), fen_before);
  }
}

TEST(MakeUndo, RestoresPositionAndKeyAcrossPerftTrees) {
  std::set<std::string> seen;
  for (const char* file : {"perft-standard.tsv", "perft-pacifist.tsv"}) {
    for (const auto& row : paxbot_test::read_perft_rows(file, "pacifist")) {
      if (!seen.insert(row.variant + row.fen).second) continue;
      auto pos = parse_fen(row.fen, *parse_variant(row.variant));
      ASSERT_TRUE(pos);
      std::uint64_t nodes = 0;
      walk(*pos, row.variant == "pacifist" ? 3 : 2, nodes);
      EXPECT_GT(nodes, 0u) << row.fen;
    }
  }
}

TEST(MakeUndo, NullMoveRestoresKeyAndSide) {
  auto pos = parse_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                       Variant::Standard);
  ASSERT_TRUE(pos);
  const std::string fen = to_fen(*pos);
  UndoRecord undo;
  pos->make_null_move(undo);
  EXPECT_EQ(pos->side_to_move(), Black);
  std::string why;
  EXPECT_TRUE(pos->is_consistent(&why)) << why;
  pos->undo_null_move(undo);
  EXPECT_EQ(to_fen(*pos), fen);
}

}  // namespace
}  // namespace engine
