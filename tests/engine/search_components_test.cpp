// SPDX-License-Identifier: GPL-3.0-or-later
// Building blocks of the search: static exchange evaluation, the transposition
// table, mate-score conventions, the Pacifist conversion scout, move ordering, UCI parsing.
#include <gtest/gtest.h>

#include <algorithm>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "engine/fen.h"
#include "engine/movegen.h"
#include "engine/notation.h"
#include "engine/rules/cascade.h"
#include "engine/score.h"
#include "engine/search/conversion_scout.h"
#include "engine/search/move_picker.h"
#include "engine/search/see.h"
#include "engine/search/tt.h"
#include "engine/uci/uci_parse.h"

namespace engine {
namespace {

Move move_of(const Position& pos, std::string_view text) {
  auto m = parse_uci_move(pos, text);
  EXPECT_TRUE(m) << text;
  return m ? *m : Move::none();
}

TEST(SearchSee, ExchangesOnOneSquare) {
  auto pos = parse_fen("4k3/8/3p4/4p3/3P4/8/8/4K3 w - - 0 1", Variant::Standard);
  ASSERT_TRUE(pos);
  // dxe5 dxe5: pawn for pawn.
  EXPECT_EQ(search::static_exchange(*pos, move_of(*pos, "d4e5")), 0);
  auto queen = parse_fen("4k3/8/3p4/4p3/8/8/4Q3/4K3 w - - 0 1", Variant::Standard);
  ASSERT_TRUE(queen);
  // Qxe5 dxe5 loses the queen for a pawn.
  EXPECT_EQ(search::static_exchange(*queen, move_of(*queen, "e2e5")), 100 - 950);
  EXPECT_FALSE(search::see_at_least(*queen, move_of(*queen, "e2e5"), 0));
  auto free_piece = parse_fen("4k3/8/8/4n3/8/8/4R3/4K3 w - - 0 1", Variant::Standard);
  ASSERT_TRUE(free_piece);
  EXPECT_EQ(search::static_exchange(*free_piece, move_of(*free_piece, "e2e5")), 320);
}

TEST(SearchTranspositionTable, StoresAndProbes) {
  search::TranspositionTable tt(1);
  const Move m(12, 28);
  tt.store(0x1234'5678'9abc'def0ULL, m, 42, -7, 9, search::Bound::Lower);
  search::TTData data;
  ASSERT_TRUE(tt.probe(0x1234'5678'9abc'def0ULL, data));
  EXPECT_EQ(data.move, m);
  EXPECT_EQ(data.score, 42);
  EXPECT_EQ(data.eval, -7);
  EXPECT_EQ(data.depth, 9);
  EXPECT_EQ(data.bound, search::Bound::Lower);
  EXPECT_FALSE(tt.probe(0x1234'5678'9abc'def1ULL, data));
  EXPECT_GT(tt.hashfull(), -1);
  tt.clear();
  EXPECT_FALSE(tt.probe(0x1234'5678'9abc'def0ULL, data));
}

TEST(SearchTranspositionTable, CutoffNeedsABoundOnTheRightSide) {
  search::TTData tt;
  tt.bound = search::Bound::Exact;
  EXPECT_TRUE(search::tt_cutoff_allowed(tt, 0, -50, 50));  // exact: any window
  tt.bound = search::Bound::Lower;                         // the true score is >= 60
  EXPECT_TRUE(search::tt_cutoff_allowed(tt, 60, -50, 50));
  EXPECT_TRUE(search::tt_cutoff_allowed(tt, 50, -50, 50));
  EXPECT_FALSE(search::tt_cutoff_allowed(tt, 49, -50, 50));
  EXPECT_FALSE(search::tt_cutoff_allowed(tt, -60, -50, 50));
  tt.bound = search::Bound::Upper;  // the true score is <= -60
  EXPECT_TRUE(search::tt_cutoff_allowed(tt, -60, -50, 50));
  EXPECT_TRUE(search::tt_cutoff_allowed(tt, -50, -50, 50));
  EXPECT_FALSE(search::tt_cutoff_allowed(tt, -49, -50, 50));
  EXPECT_FALSE(search::tt_cutoff_allowed(tt, 60, -50, 50));
  tt.bound = search::Bound::None;
  EXPECT_FALSE(search::tt_cutoff_allowed(tt, 0, -50, 50));
}

TEST(SearchScore, MateScoresKeepTheirDistance) {
  using namespace search;
  EXPECT_EQ(mate_distance_moves(mate_in(1)), 1);
  EXPECT_EQ(mate_distance_moves(mate_in(3)), 2);
  EXPECT_EQ(mate_distance_moves(mated_in(2)), -1);
  EXPECT_EQ(mate_distance_moves(mated_in(0)), 0);
  EXPECT_EQ(score_from_tt(score_to_tt(mate_in(7), 4), 4), mate_in(7));
  EXPECT_EQ(score_from_tt(score_to_tt(mated_in(9), 2), 5), mated_in(12));
  EXPECT_TRUE(is_decisive(mated_in(50)));
  EXPECT_FALSE(is_decisive(kMaxEval));
}

TEST(SearchScore, TablebaseBandSitsBetweenEvaluationsAndMates) {
  using namespace search;
  // A table win beats every evaluation and loses to every mate score; nearer wins score higher.
  EXPECT_GT(tb_win_in(kTbBandWidth), kMaxEval);
  EXPECT_LT(tb_win_in(0), mate_in(kMaxPly));
  EXPECT_GT(tb_win_in(3), tb_win_in(4));
  EXPECT_TRUE(is_tb_result(tb_win_in(20)) && is_tb_result(tb_loss_in(20)));
  EXPECT_FALSE(is_tb_result(kMaxEval) || is_tb_result(mate_in(5)));
  EXPECT_FALSE(is_decisive(tb_win_in(0)));
  // Stored relative to the node like mate scores: a win 30 plies from a node at ply 4 is a win
  // 30 plies from the same node reached at ply 9.
  EXPECT_EQ(score_from_tt(score_to_tt(tb_win_in(4 + 30), 4), 9), tb_win_in(9 + 30));
  EXPECT_EQ(score_from_tt(score_to_tt(tb_loss_in(6), 6), 2), tb_loss_in(2));
  // Cursed wins and blessed losses are draws by the fifty-move rule: near zero.
  EXPECT_FALSE(is_tb_result(kTbCursedWinScore));
}

TEST(SearchConversionScout, FlagsMovesThatMayConvert) {
  auto pos = parse_fen("1rknn1br/p1pp1p1p/3bp1p1/1p1q2n1/5p2/2P4B/pP1PP1PP/B1RKR1QN w - - 0 1",
                       Variant::Pacifist);
  ASSERT_TRUE(pos);
  const search::ConversionScout scout(*pos);
  EXPECT_TRUE(scout.may_convert(move_of(*pos, "g1b6")));
  // Black's a7 pawn flips whatever White plays (the queen on g1 persuades it); every move
  // that converts more than that, with its cascade, is flagged.
  PieceSets sets{pos->by_type(), pos->by_color()};
  const Bitboard pending = resolve_cascade(sets, White).converted;
  EXPECT_EQ(pending & square_bb(make_square(0, 6)), square_bb(make_square(0, 6)));
  for (Move m : legal_moves(*pos)) {
    Position after = *pos;
    UndoRecord undo;
    after.make_move(m, undo);
    if ((after.last_converted() & ~pending) && !scout.may_convert(m))
      ADD_FAILURE() << "missed conversion " << move_to_uci(*pos, m);
  }
}

TEST(SearchMovePicker, QuietMovesLeaveAndAvoidSquaresCheaperPiecesAttack) {
  // The e5 knight stands where the d6 pawn takes it; the e4 pawn covers d3 and f3.
  auto pos = parse_fen("4k3/8/3p4/4N3/4p3/8/8/4K1N1 w - - 0 1", Variant::Standard);
  ASSERT_TRUE(pos);
  const auto history = std::make_unique<search::HistoryTables>();
  const search::OrderingContext context{*history, 0, Move::none(), Move::none()};
  search::MovePicker picker(*pos, legal_moves(*pos), context);
  std::vector<std::string> order;
  for (Move m = picker.next(); m != Move::none(); m = picker.next())
    order.push_back(move_to_uci(*pos, m));
  ASSERT_FALSE(order.empty());
  const auto rank = [&](std::string_view uci) {
    return std::find(order.begin(), order.end(), uci) - order.begin();
  };
  // With no history, saving the attacked knight comes first and walking into a pawn comes
  // after every quiet move that does not.
  EXPECT_EQ(order.front().substr(0, 2), "e5");
  EXPECT_LT(rank("e5c6"), rank("e1d2"));
  EXPECT_LT(rank("e1d2"), rank("g1f3"));
  EXPECT_LT(rank("g1h3"), rank("g1f3"));
  EXPECT_LT(rank("g1e2"), rank("g1f3"));
  EXPECT_LT(rank("g1f3"), std::ssize(order));
}

// In chess every move comes out once, scores never rise, and exactly the noisy moves that
// lose no material by static exchange (queen promotions or none) come out as good noisy, which
// the search trusts instead of asking again: along deterministic games from the standard
// start and two Chess960 arrays, with and without a table move.
TEST(SearchMovePicker, GoodNoisyMovesLoseNoMaterial) {
  const auto history = std::make_unique<search::HistoryTables>();
  int good = 0, losing = 0;
  for (const std::string& fen :
       {std::string("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
        chess960_start_fen(0), chess960_start_fen(959)}) {
    for (int game = 0; game < 4; ++game) {
      auto start = parse_fen(fen, Variant::Chess960);
      ASSERT_TRUE(start) << fen;
      Position pos = *start;
      for (int ply = 0; ply < 120; ++ply) {
        const MoveList moves = legal_moves(pos);
        if (moves.empty()) break;
        const Move tt_move = ply % 3 == 0 ? moves[ply % moves.size()] : Move::none();
        const search::OrderingContext context{*history, 0, tt_move, Move::none()};
        search::MovePicker picker(pos, moves, context);
        std::vector<Move> handed;
        int previous = std::numeric_limits<int>::max();
        for (Move m = picker.next(); m != Move::none(); m = picker.next()) {
          handed.push_back(m);
          EXPECT_LE(picker.last_score(), previous) << to_fen(pos);
          previous = picker.last_score();
          if (m == tt_move) continue;
          const bool exchange_ok = search::is_chess_noisy(pos, m) &&
                                   (m.kind() != MoveKind::Promotion || m.promotion() == Queen) &&
                                   search::see_at_least(pos, m, 0);
          EXPECT_EQ(picker.last_good_noisy(), exchange_ok)
              << to_fen(pos) << " " << move_to_uci(pos, m);
          good += exchange_ok;
          losing += search::is_chess_noisy(pos, m) && !exchange_ok;
        }
        EXPECT_EQ(handed.size(), moves.size()) << to_fen(pos);
        for (Move m : moves) EXPECT_NE(std::find(handed.begin(), handed.end(), m), handed.end());
        UndoRecord undo;
        pos.make_move(moves[(ply * (2 * game + 3) + game) % moves.size()], undo);
      }
    }
  }
  // Both kinds came up, so both branches were checked.
  EXPECT_GT(good, 100);
  EXPECT_GT(losing, 100);
}

TEST(UciParse, GoLimits) {
  auto go = uci::parse_go(uci::tokenize(
      "go wtime 1000 btime 2000 winc 10 binc 20 movestogo 5 depth 7 nodes 900 movetime 50"));
  EXPECT_TRUE(go.problems.empty());
  EXPECT_EQ(go.limits.wtime_ms, 1000);
  EXPECT_EQ(go.limits.btime_ms, 2000);
  EXPECT_EQ(go.limits.winc_ms, 10);
  EXPECT_EQ(go.limits.binc_ms, 20);
  EXPECT_EQ(go.limits.movestogo, 5);
  EXPECT_EQ(go.limits.depth, 7);
  EXPECT_EQ(go.limits.nodes, 900u);
  EXPECT_EQ(go.limits.movetime_ms, 50);
  EXPECT_TRUE(uci::parse_go(uci::tokenize("go infinite")).limits.infinite);
  EXPECT_TRUE(uci::parse_go(uci::tokenize("go ponder")).limits.ponder);
  EXPECT_EQ(uci::parse_go(uci::tokenize("go perft 3")).perft_depth, 3);
  EXPECT_EQ(uci::parse_go(uci::tokenize("go depth x")).problems.size(), 1u);
  EXPECT_EQ(uci::parse_go(uci::tokenize("go wtime -50")).limits.wtime_ms, 0);
}

TEST(UciParse, OptionsAndPositions) {
  auto option = uci::parse_setoption(uci::tokenize("setoption name Move Overhead value 50"));
  ASSERT_TRUE(option);
  EXPECT_EQ(option->name, "Move Overhead");
  EXPECT_EQ(option->value, "50");
  EXPECT_TRUE(uci::same_name("move overhead", "Move Overhead"));
  auto position = uci::parse_position(
      uci::tokenize("position fen 8/8/8/8/8/8/8/K6k w - - 0 1 moves a1a2 h1h2\r"));
  ASSERT_TRUE(position);
  EXPECT_EQ(position->start, "8/8/8/8/8/8/8/K6k w - - 0 1");
  EXPECT_EQ(position->moves, (std::vector<std::string>{"a1a2", "h1h2"}));
  EXPECT_FALSE(uci::parse_position(uci::tokenize("position fen")));
  EXPECT_FALSE(uci::parse_position(uci::tokenize("position startpos e2e4")));
}

}  // namespace
}  // namespace engine
