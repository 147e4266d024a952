// SPDX-License-Identifier: GPL-3.0-or-later
// The search finds forced wins: mates in 1-3 in standard chess, the rules'
// third Pacifist diagram, and Pacifist king conversions that cannot be reverted
// (the opponent is left without a king and without a move that wins one back)
// within three plies. A brute-force solver confirms each answer.
#include <gtest/gtest.h>

#include "engine/engine.h"
#include "engine/movegen.h"
#include "engine/notation.h"

namespace engine {
namespace {

// The side to move has lost: no legal move, and in check (chess) or kingless (Pacifist).
bool lost(const Position& pos) {
  if (!legal_moves(pos).empty()) return false;
  return pos.pacifist() ? !pos.pieces(pos.side_to_move(), King) : pos.in_check();
}

// Whether playing m wins by force within n moves of the mover (n = 1: m itself wins).
bool forces_win(Position& pos, Move m, int n) {
  UndoRecord undo;
  pos.make_move(m, undo);
  bool win = lost(pos);
  if (!win && n > 1) {
    const MoveList replies = legal_moves(pos);
    win = !replies.empty();
    for (Move reply : replies) {
      UndoRecord reply_undo;
      pos.make_move(reply, reply_undo);
      bool answered = false;
      for (Move next : legal_moves(pos)) {
        // In chess only a check can mate on the last move; skip the rest quickly.
        if (n == 2 && !pos.pacifist()) {
          UndoRecord u;
          pos.make_move(next, u);
          const bool check = pos.in_check();
          pos.undo_move(next, u);
          if (!check) continue;
        }
        if (forces_win(pos, next, n - 1)) {
          answered = true;
          break;
        }
      }
      pos.undo_move(reply, reply_undo);
      if (!answered) {
        win = false;
        break;
      }
    }
  }
  pos.undo_move(m, undo);
  return win;
}

struct WinCase {
  Variant variant;
  const char* fen;
  int moves;  // mate (or irreversible king conversion) in this many moves
};

void expect_forced_win(const WinCase& c, int depth) {
  Engine engine;
  ASSERT_TRUE(engine.set_position(c.variant, c.fen, {})) << c.fen;
  SearchLimits limits;
  limits.depth = depth;
  const SearchResult result = engine.search(limits);
  Position pos = engine.position();
  ASSERT_TRUE(result.info.mate_in.has_value()) << c.fen << " score " << result.info.score_cp;
  EXPECT_EQ(*result.info.mate_in, c.moves) << c.fen;
  EXPECT_TRUE(forces_win(pos, result.best, c.moves))
      << c.fen << ": " << move_to_uci(pos, result.best) << " does not win in " << c.moves;
}

TEST(SearchTactics, FindsTheWinInThePacifistRulesThirdDiagram) {
  Engine engine;
  ASSERT_TRUE(engine.set_position(
      Variant::Pacifist, "1rknn1br/p1pp1p1p/3bp1p1/1p1q2n1/5p2/2P4B/pP1PP1PP/B1RKR1QN w - - 0 1",
      {}));
  SearchLimits limits;
  limits.depth = 4;
  const SearchResult result = engine.search(limits);
  EXPECT_EQ(move_to_uci(engine.position(), result.best), "g1b6");
  ASSERT_TRUE(result.info.mate_in.has_value());
  EXPECT_EQ(*result.info.mate_in, 1);
}

TEST(SearchTactics, FindsStandardMatesInOneToThree) {
  const WinCase cases[] = {
      {Variant::Standard, "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", 1},
      {Variant::Standard, "r5k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1", 1},
      {Variant::Standard, "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 2 3", 1},
      {Variant::Standard, "6rk/6pp/8/6N1/8/8/1Q4PP/6K1 w - - 0 1", 1},
      {Variant::Standard, "7k/8/8/8/8/8/R7/1R4K1 w - - 0 1", 2},
      {Variant::Standard, "2k5/8/8/8/8/8/8/RR4K1 w - - 0 1", 2},
      {Variant::Standard, "1k6/8/2K5/8/8/8/8/7Q w - - 0 1", 2},
      {Variant::Standard, "1k6/8/8/2K5/8/8/8/7R w - - 0 1", 3},
      {Variant::Standard, "2k5/8/8/3K4/8/8/8/7R w - - 0 1", 3},
      {Variant::Standard, "r1k4r/ppp1Qppp/8/8/8/8/PPP2PPP/2KR4 w - - 0 1", 3},
  };
  for (const WinCase& c : cases) expect_forced_win(c, 12);
}

TEST(SearchTactics, FindsIrreversiblePacifistKingConversionsWithinThreePlies) {
  const WinCase cases[] = {
      {Variant::Pacifist, "rnbqkbNr/1p1ppP1p/6p1/p1P5/3P1Q2/5N2/PPP1PPPP/RNB1KB1R w KQkq - 0 6", 1},
      {Variant::Pacifist, "rnb1kbnr/pppp1ppp/4p3/8/1qn1P3/3P1NP1/p1P2P1P/rqbQKB1R b Kkq - 1 7", 1},
      {Variant::Pacifist, "r2qkb1r/ppp1pppp/3pb3/7n/P2n1pp1/1p2Pn2/2pP3p/RNBQKBr1 b Qkq - 0 7", 2},
      {Variant::Pacifist, "R1BqkbN1/1Pp1p1PR/P6P/N2p1P2/3P2P1/1Q3N2/PPPKPP1P/RNB2B1R w - - 0 9", 2},
      {Variant::Pacifist, "1Nb1qbR1/RPPpk2P/4p1P1/P3Qp2/7N/4PN2/PPPP1PPP/RNB1KBR1 w Q - 0 10", 2},
      {Variant::Pacifist, "r1b1kb1r/1pp2ppp/p3pn2/p2p4/3np3/q1N2nP1/1PPPKP1P/r1B1QB1R b kq - 1 10",
       2},
      {Variant::Pacifist, "rnbqk1NR/p2p2PP/1ppb1P2/4P3/3P4/2NQ1N2/PPP1PPPP/R1B1KB1R w KQq - 0 6",
       2},
  };
  for (const WinCase& c : cases) expect_forced_win(c, 5);
}

TEST(SearchTactics, AKinglessSideThatCanWinAKingBackIsNotLost) {
  // Spec "End of the game": Black owns no king but g6 or Nb6 converts one back.
  Engine engine;
  ASSERT_TRUE(engine.set_position(
      Variant::Pacifist, "nbr1b1qr/ppppKppp/7n/4pN2/K3P3/P7/QPPP1PPP/B1R1RBN1 b - - 0 1", {}));
  SearchLimits limits;
  limits.depth = 4;
  const SearchResult result = engine.search(limits);
  const MoveList legal = legal_moves(engine.position());
  ASSERT_TRUE(legal.contains(result.best));
  EXPECT_FALSE(result.info.mate_in.has_value() && *result.info.mate_in <= 0);
  Position after = engine.position();
  UndoRecord undo;
  after.make_move(result.best, undo);
  EXPECT_TRUE(after.pieces(Black, King));
}

TEST(SearchTactics, ReportsNoMoveWhenTheGameIsOver) {
  Engine engine;
  SearchLimits limits;
  limits.depth = 3;
  // Checkmated (fool's mate).
  ASSERT_TRUE(engine.set_position(Variant::Standard, "startpos", {"f2f3", "e7e5", "g2g4", "d8h4"}));
  SearchResult result = engine.search(limits);
  EXPECT_EQ(result.best, Move::none());
  ASSERT_TRUE(result.info.mate_in.has_value());
  EXPECT_EQ(*result.info.mate_in, 0);
  // Pacifist: after Qb6 in the third diagram Black has no king and no move.
  ASSERT_TRUE(engine.set_position(
      Variant::Pacifist, "1rknn1br/p1pp1p1p/3bp1p1/1p1q2n1/5p2/2P4B/pP1PP1PP/B1RKR1QN w - - 0 1",
      {"g1b6"}));
  result = engine.search(limits);
  EXPECT_EQ(result.best, Move::none());
  ASSERT_TRUE(result.info.mate_in.has_value());
}

}  // namespace
}  // namespace engine
