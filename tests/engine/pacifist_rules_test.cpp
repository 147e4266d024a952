// SPDX-License-Identifier: GPL-3.0-or-later
// Pacifist legality, two-step restriction, castling and converted pawns (spec sections
// "Legality", "Castling", "Board, pieces, moves", "End of the game").
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "engine/fen.h"
#include "engine/movegen.h"
#include "engine/notation.h"
#include "engine/rules/pacifist.h"
#include "engine/status.h"
#include "tests/support/perft_data.h"

namespace engine {
namespace {

Position pacifist(std::string_view fen) {
  auto pos = parse_fen(fen, Variant::Pacifist);
  EXPECT_TRUE(pos) << pos.error();
  return *pos;
}

std::vector<std::string> legal_texts(const Position& pos) {
  std::vector<std::string> out;
  for (Move m : legal_moves(pos)) out.push_back(move_to_uci(pos, m));
  std::sort(out.begin(), out.end());
  return out;
}

bool has_move(const Position& pos, std::string_view text) {
  auto texts = legal_texts(pos);
  return std::find(texts.begin(), texts.end(), text) != texts.end();
}

TEST(PacifistLegality, OneKingMayEnterAPersuadedSquareOnlyWithEnoughSupport) {
  // Black rook a2 sweeps rank 2; the white knight g1 supports e2 only.
  Position pos = pacifist("7k/8/8/8/8/8/r7/4K1N1 w - - 0 1");
  EXPECT_TRUE(has_move(pos, "e1e2"));   // persuasion 1, support 1
  EXPECT_FALSE(has_move(pos, "e1d2"));  // persuasion 1, support 0
  EXPECT_FALSE(has_move(pos, "e1f2"));
  EXPECT_TRUE(has_move(pos, "e1d1"));
  EXPECT_TRUE(has_move(pos, "e1f1"));
}

TEST(PacifistLegality, WithTwoKingsOnlyOneNeedsToBeSafe) {
  Position pos = pacifist("8/8/8/8/8/8/r7/4K2K w - - 0 1");
  EXPECT_TRUE(has_move(pos, "e1e2"));  // e2 is over-persuaded, but the h1 king is safe
  Position one_king = pacifist("7k/8/8/8/8/8/r7/4K3 w - - 0 1");
  EXPECT_FALSE(has_move(one_king, "e1e2"));
}

TEST(PacifistLegality, WithoutAKingOnlyMovesThatWinOneBackAreLegal) {
  Position pos = pacifist("nbr1b1qr/ppppKppp/7n/4pN2/K3P3/P7/QPPP1PPP/B1R1RBN1 b - - 0 1");
  MoveList pseudo_count_check = legal_moves(pos);
  EXPECT_EQ(pseudo_count_check.size(), 4u);
  for (Move m : pseudo_count_check) {
    UndoRecord undo;
    pos.make_move(m, undo);
    EXPECT_TRUE(pos.pieces(Black, King));
    pos.undo_move(m, undo);
  }
}

TEST(PacifistLegality, NoCapturesAndStraightPawns) {
  Position pos = pacifist("7k/8/8/8/3p4/4P3/8/K7 w - - 0 1");
  EXPECT_TRUE(has_move(pos, "e3e4"));
  EXPECT_FALSE(has_move(pos, "e3d4"));  // no pawn captures
  Position blocked = pacifist("7k/8/8/8/8/8/1n6/KN6 w - - 0 1");
  EXPECT_FALSE(has_move(blocked, "a1b2"));  // never onto an occupied square
}

TEST(PacifistLegality, TwoStepIsBarredAcrossAnOverPersuadedSquare) {
  Position pos = pacifist("7k/8/8/8/8/r7/4P3/7K w - - 0 1");
  EXPECT_TRUE(has_move(pos, "e2e3"));
  EXPECT_FALSE(has_move(pos, "e2e4"));
  // A knight on g2 supports e3: 1 against 1 is not over-persuaded.
  Position supported = pacifist("7k/8/8/8/8/r7/4P1N1/7K w - - 0 1");
  EXPECT_TRUE(has_move(supported, "e2e4"));
}

TEST(PacifistLegality, ConvertedPawnsPlayForTheirNewColour) {
  // A white pawn on d7 (once black) promotes on d8; a black pawn on e2 promotes on e1.
  Position white = pacifist("k7/3P4/8/8/8/8/8/7K w - - 0 1");
  EXPECT_TRUE(has_move(white, "d7d8q"));
  EXPECT_TRUE(has_move(white, "d7d8n"));
  Position black = pacifist("k7/8/8/8/8/8/4p3/7K b - - 0 1");
  EXPECT_TRUE(has_move(black, "e2e1q"));
  EXPECT_FALSE(has_move(black, "e2e3"));
}

TEST(PacifistCastling, BothNotationsNameTheSameMove) {
  Position pos = pacifist("r3k2r/p6p/8/8/8/8/P6P/R3K2R w KQkq - 0 1");
  auto destination = parse_uci_move(pos, "e1g1");
  auto takes_rook = parse_uci_move(pos, "e1h1");
  ASSERT_TRUE(destination) << destination.error();
  ASSERT_TRUE(takes_rook) << takes_rook.error();
  EXPECT_EQ(*destination, *takes_rook);
  EXPECT_EQ(move_to_uci(pos, *destination), "e1h1");
  EXPECT_EQ(move_to_uci(pos, *destination, CastlingNotation::KingDestination), "e1g1");
  UndoRecord undo;
  pos.make_move(*destination, undo);
  EXPECT_EQ(to_fen(pos), "r3k2r/p6p/8/8/8/8/P6P/R4RK1 b kq - 1 1");
}

TEST(PacifistCastling, CrossedSquareUnderPlainAttackForbidsIt) {
  // The black knight on g3 attacks f1, which the king crosses.
  Position pos = pacifist("r3k2r/p6p/8/8/8/6n1/P6P/R3K2R w KQkq - 0 1");
  EXPECT_FALSE(has_move(pos, "e1h1"));
  EXPECT_TRUE(has_move(pos, "e1a1"));
}

TEST(PacifistCastling, DestinationIsLeftToTheLegalityRule) {
  // The knight on h3 attacks g1 only; after castling the rook on f1 supports g1 (1 = 1).
  Position pos = pacifist("r3k2r/p6p/8/8/8/7n/P6P/R3K2R w KQkq - 0 1");
  EXPECT_TRUE(has_move(pos, "e1h1"));
}

TEST(PacifistCastling, AttackedStartSquareForbidsIt) {
  Position pos = pacifist("r3k2r/p6p/8/4q3/8/8/P6P/R3K2R w KQkq - 0 1");
  EXPECT_FALSE(has_move(pos, "e1h1"));
  EXPECT_FALSE(has_move(pos, "e1a1"));
}

TEST(PacifistCastling, RightIsLostWhenTheRookIsConverted) {
  // Black's rook h8 is persuaded by the white rook h1 once the h-pawns are gone and
  // White plays any move; the cascade flips it and Black loses the king-side right.
  Position pos = pacifist("r3k2r/p7/8/8/8/8/P7/R3K2R w KQkq - 0 1");
  UndoRecord undo;
  auto m = parse_uci_move(pos, "a2a3");
  ASSERT_TRUE(m);
  pos.make_move(*m, undo);
  EXPECT_EQ(pos.piece_on(make_square(7, 7)), make_piece(White, Rook));
  EXPECT_FALSE(pos.can_castle(Black, KingSide));
  EXPECT_TRUE(pos.can_castle(Black, QueenSide));
}

TEST(PacifistEnd, RepetitionAndFiftyMovesDrawAndConversionsResetTheCount) {
  Position pos = pacifist("7k/8/8/8/8/8/8/K5N1 w - - 99 80");
  UndoRecord undo;
  auto quiet = parse_uci_move(pos, "g1f3");
  ASSERT_TRUE(quiet);
  Position drawn = pos;
  drawn.make_move(*quiet, undo);
  EXPECT_EQ(game_status(drawn).termination, Termination::FiftyMoves);

  // A converting move resets the counter: Kb1 persuades the lone black knight on a2.
  Position converts = pacifist("7k/8/8/8/8/8/n7/2K5 w - - 99 80");
  auto kb1 = parse_uci_move(converts, "c1b1");
  ASSERT_TRUE(kb1) << kb1.error();
  converts.make_move(*kb1, undo);
  EXPECT_NE(converts.last_converted(), 0u);
  EXPECT_EQ(converts.rule50(), 0);
  EXPECT_FALSE(game_status(converts).over());
}

}  // namespace
}  // namespace engine

namespace engine {
namespace {

// The single-square fast check in pacifist_move_is_legal must agree with running the
// whole cascade, for every pseudo-legal move in the Pacifist perft trees.
void compare_legality(Position& pos, int depth, int& compared) {
  MoveList pseudo;
  generate_pacifist_pseudo_legal(pos, pseudo);
  for (Move m : pseudo) {
    ASSERT_EQ(pacifist_move_is_legal(pos, m), pacifist_move_is_legal_by_cascade(pos, m))
        << to_fen(pos) << " " << move_to_uci(pos, m);
    ++compared;
  }
  if (depth == 0) return;
  UndoRecord undo;
  for (Move m : legal_moves(pos)) {
    pos.make_move(m, undo);
    UndoRecord saved = undo;
    compare_legality(pos, depth - 1, compared);
    pos.undo_move(m, saved);
  }
}

TEST(PacifistLegality, FastCheckAgreesWithTheFullCascade) {
  int compared = 0;
  std::set<std::string> seen;
  for (const auto& row : paxbot_test::read_perft_rows("perft-pacifist.tsv", "pacifist")) {
    if (!seen.insert(row.fen).second) continue;
    Position pos = pacifist(row.fen);
    compare_legality(pos, 2, compared);
  }
  EXPECT_GT(compared, 10000);
}

}  // namespace
}  // namespace engine
