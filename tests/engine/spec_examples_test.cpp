// SPDX-License-Identifier: GPL-3.0-or-later
// The worked examples of the Pacifist rules (spec/pacifist-rules.md, docs/pacifist.md), move by
// move.
#include <gtest/gtest.h>

#include "engine/fen.h"
#include "engine/movegen.h"
#include "engine/notation.h"
#include "engine/rules/cascade.h"
#include "engine/status.h"

namespace engine {
namespace {

Position pacifist(std::string_view fen) {
  auto pos = parse_fen(fen, Variant::Pacifist);
  EXPECT_TRUE(pos) << pos.error();
  return *pos;
}

Move move(const Position& pos, std::string_view text) {
  auto m = parse_uci_move(pos, text);
  EXPECT_TRUE(m) << m.error();
  return *m;
}

Bitboard squares(std::initializer_list<std::string_view> names) {
  Bitboard b = 0;
  for (auto n : names) b |= square_bb(make_square(n[0] - 'a', n[1] - '1'));
  return b;
}

// First diagram: Nf5 sets off a four-round cascade.
TEST(SpecExamples, FirstDiagramCascadeRoundByRound) {
  Position pos = pacifist("rkqn1rb1/ppppppbp/P7/1n4p1/8/4N3/1PPPPPPP/RNK1BBQR w - - 0 1");
  Move nf5 = move(pos, "e3f5");

  PieceSets sets{pos.by_type(), pos.by_color()};
  sets.by_type[Knight] ^= squares({"e3", "f5"});
  sets.by_color[White] ^= squares({"e3", "f5"});
  std::vector<Bitboard> rounds;
  resolve_cascade(sets, White, &rounds);
  ASSERT_EQ(rounds.size(), 4u);
  EXPECT_EQ(rounds[0], squares({"g7", "e7"}));
  EXPECT_EQ(rounds[1], squares({"f8"}));
  EXPECT_EQ(rounds[2], squares({"d8", "g8"}));
  EXPECT_EQ(rounds[3], squares({"f7", "h7"}));

  UndoRecord undo;
  pos.make_move(nf5, undo);
  EXPECT_EQ(to_fen(pos), "rkqN1RB1/ppppPPBP/P7/1n3Np1/8/8/1PPPPPPP/RNK1BBQR b - - 0 1");
  EXPECT_EQ(pos.last_converted(), squares({"g7", "e7", "f8", "d8", "g8", "f7", "h7"}));
}

// Second diagram: Black owns no king; every legal move converts a king back or swaps kings.
TEST(SpecExamples, SecondDiagramEveryMoveConvertsAKing) {
  Position pos = pacifist("nbr1b1qr/ppppKppp/7n/4pN2/K3P3/P7/QPPP1PPP/B1R1RBN1 b - - 0 1");
  EXPECT_EQ(pos.pieces(Black, King), 0u);
  MoveList moves = legal_moves(pos);
  ASSERT_EQ(moves.size(), 4u);
  for (Move m : moves) {
    UndoRecord undo;
    pos.make_move(m, undo);
    EXPECT_NE(pos.last_converted() & pos.pieces(King), 0u) << move_to_uci(pos, m);
    EXPECT_NE(pos.pieces(Black, King), 0u);
    pos.undo_move(m, undo);
  }
  Position after = pos;
  UndoRecord undo;
  after.make_move(move(pos, "a8b6"), undo);
  EXPECT_EQ(to_fen(after), "1br1b1qr/ppppKppp/1n5n/4pN2/k3P3/P7/QPPP1PPP/B1R1RBN1 w - - 0 2");
  EXPECT_TRUE(legal_moves(pos).contains(move(pos, "g7g6")));
}

// Third diagram: Qb6 leaves Black kingless with no reconversion: 1-0.
TEST(SpecExamples, ThirdDiagramQb6Wins) {
  Position pos = pacifist("1rknn1br/p1pp1p1p/3bp1p1/1p1q2n1/5p2/2P4B/pP1PP1PP/B1RKR1QN w - - 0 1");
  UndoRecord undo;
  pos.make_move(move(pos, "g1b6"), undo);
  EXPECT_EQ(to_fen(pos), "1RKNN1br/P1PP1p1p/1Q1Bp1p1/1P1q2n1/5P2/2P4B/pP1PP1PP/B1RKR2N b - - 0 1");
  GameStatus status = game_status(pos);
  EXPECT_EQ(status.outcome, Outcome::WhiteWins);
  EXPECT_EQ(status.termination, Termination::KingLost);
}

}  // namespace
}  // namespace engine
