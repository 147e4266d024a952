// SPDX-License-Identifier: GPL-3.0-or-later
// Chess rules beyond perft: game status, castling notation in Chess960, and the noisy
// move set quiescence searches.
#include <gtest/gtest.h>

#include "engine/fen.h"
#include "engine/game.h"
#include "engine/movegen.h"
#include "engine/notation.h"
#include "engine/rules/standard.h"
#include "engine/status.h"
#include "tests/support/sample_positions.h"

namespace engine {
namespace {

GameStatus status_of(std::string_view fen, Variant v = Variant::Standard) {
  auto pos = parse_fen(fen, v);
  EXPECT_TRUE(pos) << pos.error();
  return game_status(*pos);
}

TEST(ChessStatus, CheckmateStalemateAndOngoing) {
  auto fools = replay_game(Variant::Standard, "startpos", "f2f3 e7e5 g2g4 d8h4");
  ASSERT_TRUE(fools) << fools.error();
  EXPECT_EQ(game_status(*fools).outcome, Outcome::BlackWins);
  EXPECT_EQ(game_status(*fools).termination, Termination::Checkmate);
  EXPECT_EQ(status_of("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").termination, Termination::Stalemate);
  EXPECT_FALSE(status_of(std::string(kStartFen)).over());
}

TEST(ChessStatus, InsufficientMaterial) {
  EXPECT_EQ(status_of("8/8/4k3/8/8/3K4/8/8 w - - 0 1").termination,
            Termination::InsufficientMaterial);
  EXPECT_EQ(status_of("8/8/4k3/8/8/3KB3/8/8 w - - 0 1").termination,
            Termination::InsufficientMaterial);
  EXPECT_EQ(status_of("8/8/4k3/8/8/3KN3/8/8 w - - 0 1").termination,
            Termination::InsufficientMaterial);
  // Bishops on squares of one colour cannot mate; on both colours they can.
  EXPECT_EQ(status_of("8/8/4kb2/8/8/3KB3/8/8 w - - 0 1").termination,
            Termination::InsufficientMaterial);
  EXPECT_FALSE(status_of("8/8/4k1b1/8/8/3KB3/8/8 w - - 0 1").over());
  EXPECT_FALSE(status_of("8/8/4k3/8/8/R2K4/8/8 w - - 0 1").over());
}

TEST(ChessStatus, ThreefoldRepetitionAndFiftyMoves) {
  auto pos = replay_game(Variant::Standard, "startpos", "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1");
  ASSERT_TRUE(pos);
  EXPECT_FALSE(game_status(*pos).over());
  auto third =
      replay_game(Variant::Standard, "startpos", "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8");
  ASSERT_TRUE(third);
  EXPECT_EQ(game_status(*third).termination, Termination::ThreefoldRepetition);
  auto fifty = replay_game(Variant::Standard, "8/8/4k3/8/8/R2K4/8/8 w - - 99 70", "a3a1");
  ASSERT_TRUE(fifty);
  EXPECT_EQ(game_status(*fifty).termination, Termination::FiftyMoves);
  // Mate on the hundredth ply is still mate.
  auto mate = replay_game(Variant::Standard, "7k/8/6K1/8/8/8/8/R7 w - - 99 70", "a1a8");
  ASSERT_TRUE(mate);
  EXPECT_EQ(game_status(*mate).termination, Termination::Checkmate);
}

TEST(ChessCastling, StandardAcceptsBothNotationsAndPrintsKingTakesRook) {
  auto pos = parse_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", Variant::Standard);
  ASSERT_TRUE(pos);
  auto a = parse_uci_move(*pos, "e1c1");
  auto b = parse_uci_move(*pos, "e1a1");
  ASSERT_TRUE(a && b);
  EXPECT_EQ(*a, *b);
  EXPECT_EQ(move_to_uci(*pos, *a), "e1a1");
  EXPECT_EQ(move_to_uci(*pos, *a, CastlingNotation::KingDestination), "e1c1");
}

TEST(ChessCastling, Chess960KingStepWinsOverDestinationSpelling) {
  // King f1, rook h1: "f1g1" is a plain king step; castling is "f1h1" (king ends on g1).
  auto pos = parse_fen("5k2/8/8/8/8/8/8/5K1R w H - 0 1", Variant::Chess960);
  ASSERT_TRUE(pos) << pos.error();
  auto step = parse_uci_move(*pos, "f1g1");
  ASSERT_TRUE(step);
  EXPECT_EQ(step->kind(), MoveKind::Normal);
  auto castle = parse_uci_move(*pos, "f1h1");
  ASSERT_TRUE(castle);
  EXPECT_EQ(castle->kind(), MoveKind::Castling);
  UndoRecord undo;
  pos->make_move(*castle, undo);
  EXPECT_EQ(to_fen(*pos), "5k2/8/8/8/8/8/8/5RK1 b - - 1 1");
}

TEST(ChessCastling, KingAlreadyOnItsDestination) {
  // King g1 and rook h1: castling moves only the rook, written g1h1.
  auto pos = parse_fen("6k1/8/8/8/8/8/8/6KR w H - 0 1", Variant::Chess960);
  ASSERT_TRUE(pos) << pos.error();
  auto castle = parse_uci_move(*pos, "g1h1");
  ASSERT_TRUE(castle) << castle.error();
  UndoRecord undo;
  pos->make_move(*castle, undo);
  EXPECT_EQ(to_fen(*pos), "6k1/8/8/8/8/8/8/5RK1 b - - 1 1");
}

TEST(ChessCastling, CastlingRookNoLongerShieldsTheKingDestination) {
  // Chess960: king f1 castles with the rook on g1; the black rook on h1 would then attack
  // the king on g1, so castling (written f1g1 in both notations) is illegal.
  auto pos = parse_fen("1k6/8/8/8/8/8/8/5KRr w G - 0 1", Variant::Chess960);
  ASSERT_TRUE(pos) << pos.error();
  auto castle = parse_uci_move(*pos, "f1g1");
  ASSERT_FALSE(castle);
  EXPECT_NE(castle.error().find("illegal move 'f1g1'"), std::string::npos) << castle.error();
}

// The noisy set is exactly the captures and queen promotions among all legal moves, in
// the same order (quiescence's node counts, and so the bench signature, depend on it).
TEST(ChessNoisyMoves, AreTheCapturesAndQueenPromotionsOfAllLegalMovesInOrder) {
  const std::vector<Position> positions = paxbot_test::sample_positions(false, 4, 60, 7);
  ASSERT_GT(positions.size(), 1000u);
  int with_noisy = 0, with_promotion = 0, with_en_passant = 0;
  for (const Position& pos : positions) {
    MoveList all, noisy;
    generate_chess_legal(pos, all);
    generate_chess_legal(pos, noisy, MoveSet::Noisy);
    std::vector<Move> expected;
    for (Move m : all)
      if (pos.is_capture(m) || (m.kind() == MoveKind::Promotion && m.promotion() == Queen))
        expected.push_back(m);
    ASSERT_EQ(std::vector<Move>(noisy.begin(), noisy.end()), expected) << to_fen(pos);
    with_noisy += !expected.empty();
    for (Move m : expected) {
      with_promotion += m.kind() == MoveKind::Promotion;
      with_en_passant += m.kind() == MoveKind::EnPassant;
    }
  }
  // The sample reaches every kind of noisy move.
  EXPECT_GT(with_noisy, 500);
  EXPECT_GT(with_promotion, 0);
  EXPECT_GT(with_en_passant, 0);
}

}  // namespace
}  // namespace engine
