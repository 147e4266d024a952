// SPDX-License-Identifier: GPL-3.0-or-later
// Standard Algebraic Notation: round trips over every legal move of the perft suites'
// positions, disambiguation, castling, promotion, en passant, check and mate marks
// (chess and Pacifist), and error messages for bad SAN.
#include <gtest/gtest.h>

#include <random>
#include <set>

#include "engine/fen.h"
#include "engine/movegen.h"
#include "engine/notation.h"
#include "engine/san.h"
#include "engine/variant.h"
#include "tests/support/perft_data.h"

namespace engine {
namespace {

Position position(std::string_view fen, Variant variant = Variant::Standard) {
  auto pos = parse_fen(fen, variant);
  EXPECT_TRUE(pos) << fen << ": " << (pos ? "" : pos.error());
  return pos ? *pos : Position();
}

std::string san_of(const Position& pos, std::string_view uci) {
  auto m = parse_uci_move(pos, uci);
  EXPECT_TRUE(m) << uci;
  return m ? move_to_san(pos, *m) : "";
}

// Every legal move of pos has a distinct SAN that parses back to the move.
void expect_round_trip(const Position& pos, const std::string& where) {
  std::set<std::string> seen;
  for (Move m : legal_moves(pos)) {
    const std::string san = move_to_san(pos, m);
    EXPECT_TRUE(seen.insert(san).second) << where << ": duplicate SAN " << san;
    if (pos.pacifist()) {
      EXPECT_EQ(san.find('x'), std::string::npos) << where << ": " << san;
    }
    auto back = parse_san(pos, san);
    ASSERT_TRUE(back) << where << ": " << san << ": " << back.error();
    EXPECT_EQ(*back, m) << where << ": " << san << " parsed as " << move_to_uci(pos, *back);
  }
}

std::vector<paxbot_test::PerftRow> perft_rows() {
  auto rows = paxbot_test::read_perft_rows("perft-standard.tsv", "standard");
  auto pacifist = paxbot_test::read_perft_rows("perft-pacifist.tsv", "pacifist");
  rows.insert(rows.end(), pacifist.begin(), pacifist.end());
  return rows;
}

TEST(San, RoundTripsEveryLegalMoveOfThePerftPositionsAndTheirChildren) {
  const auto rows = perft_rows();
  ASSERT_GT(rows.size(), 20u) << "perft data not found under " << PAXBOT_TEST_DATA_DIR;
  std::set<std::string> variants;
  for (const auto& row : rows) {
    auto variant = parse_variant(row.variant);
    ASSERT_TRUE(variant) << variant.error();
    variants.insert(row.variant);
    const Position pos = position(row.fen, *variant);
    const std::string where = row.variant + " line " + std::to_string(row.line);
    expect_round_trip(pos, where);
    // One ply deeper on a few children: positions with checks, promotions, conversions.
    int children = 0;
    for (Move m : legal_moves(pos)) {
      if (children++ % 7 != 0) continue;
      Position child = pos;
      UndoRecord undo;
      child.make_move(m, undo);
      expect_round_trip(child, where + " after " + move_to_uci(pos, m));
    }
  }
  EXPECT_EQ(variants, (std::set<std::string>{"standard", "chess960", "pacifist"}));
}

TEST(San, RoundTripsAlongRandomGamesInEveryVariant) {
  std::mt19937 random(20250101);
  const std::vector<std::pair<Variant, std::string>> starts = {
      {Variant::Standard, std::string(kStartFen)},  {Variant::Chess960, chess960_start_fen(0)},
      {Variant::Chess960, chess960_start_fen(731)}, {Variant::Pacifist, std::string(kStartFen)},
      {Variant::Pacifist, chess960_start_fen(212)},
  };
  for (const auto& [variant, fen] : starts) {
    for (int game = 0; game < 3; ++game) {
      Position pos = position(fen, variant);
      for (int ply = 0; ply < 120; ++ply) {
        const MoveList moves = legal_moves(pos);
        if (moves.empty()) break;
        expect_round_trip(pos, fen + " ply " + std::to_string(ply));
        UndoRecord undo;
        pos.make_move(moves[random() % moves.size()], undo);
      }
    }
  }
}

TEST(San, WritesPieceMovesCapturesPawnsAndPromotions) {
  const Position start = position(kStartFen);
  EXPECT_EQ(san_of(start, "e2e4"), "e4");
  EXPECT_EQ(san_of(start, "g1f3"), "Nf3");
  const Position open = position("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2");
  EXPECT_EQ(san_of(open, "e4d5"), "exd5");
  EXPECT_EQ(san_of(open, "f1b5"), "Bb5+");
  const Position promo = position("3rk3/2P5/8/8/8/8/8/4K3 w - - 0 1");
  EXPECT_EQ(san_of(promo, "c7c8q"), "c8=Q");
  EXPECT_EQ(san_of(promo, "c7d8q"), "cxd8=Q+");
  EXPECT_EQ(san_of(promo, "c7d8n"), "cxd8=N");
  const Position ep = position("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
  EXPECT_EQ(san_of(ep, "e5d6"), "exd6");
}

TEST(San, DisambiguatesByFileThenRankThenSquare) {
  // Knights b1 and f3 both reach d2; rooks a1 and a5 both reach a3.
  const Position p = position("4k3/8/8/R7/8/8/8/RN2KB2 w - - 0 1");
  EXPECT_EQ(san_of(p, "a1a3"), "R1a3");
  EXPECT_EQ(san_of(p, "a5a3"), "R5a3");
  EXPECT_EQ(san_of(p, "b1d2"), "Nd2");  // Ke1 does not make a knight move ambiguous
  const Position knights = position("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1");
  EXPECT_EQ(san_of(knights, "b1d2"), "Nbd2");
  EXPECT_EQ(san_of(knights, "f3d2"), "Nfd2");
  // Queens a1, a3 and c1 all reach b2: the a1 queen needs its whole square.
  const Position queens = position("4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1");
  EXPECT_EQ(san_of(queens, "a1b2"), "Qa1b2");
  EXPECT_EQ(san_of(queens, "a3b2"), "Q3b2");
  EXPECT_EQ(san_of(queens, "c1b2"), "Qcb2");
  for (const char* text : {"Qa1b2", "Q3b2", "Qcb2", "Qa3b2", "Qc1b2"}) {
    auto m = parse_san(queens, text);
    ASSERT_TRUE(m) << text << ": " << m.error();
  }
  auto ambiguous = parse_san(queens, "Qab2");
  ASSERT_FALSE(ambiguous);
  EXPECT_NE(ambiguous.error().find("ambiguous move 'Qab2'"), std::string::npos)
      << ambiguous.error();
}

TEST(San, WritesCastlingAsOOInStandardAndChess960) {
  const Position p = position("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  EXPECT_EQ(san_of(p, "e1h1"), "O-O");
  EXPECT_EQ(san_of(p, "e1a1"), "O-O-O");
  EXPECT_EQ(*parse_san(p, "0-0"), *parse_uci_move(p, "e1h1"));
  EXPECT_EQ(*parse_san(p, "O-O-O+"), *parse_uci_move(p, "e1a1"));
  // Chess960: king b1, rooks a1 and h1; the king is already next to its queen-side rook.
  const Position c = position("rk5r/8/8/8/8/8/8/RK5R w KQkq - 0 1", Variant::Chess960);
  EXPECT_EQ(san_of(c, "b1h1"), "O-O");
  EXPECT_EQ(san_of(c, "b1a1"), "O-O-O");
  EXPECT_EQ(*parse_san(c, "O-O"), *parse_uci_move(c, "b1h1"));
  EXPECT_EQ(san_of(c, "b1c1"), "Kc1");  // a plain king step to the castling square
}

TEST(San, MarksCheckAndMate) {
  const Position scholar =
      position("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4");
  EXPECT_EQ(san_of(scholar, "h5f7"), "Qxf7#");
  EXPECT_EQ(san_of(scholar, "c4f7"), "Bxf7+");
  auto m = parse_san(scholar, "Qxf7#");
  ASSERT_TRUE(m);
  EXPECT_EQ(move_to_uci(scholar, *m), "h5f7");
  EXPECT_TRUE(parse_san(scholar, "Qxf7"));  // suffixes are optional on input
  EXPECT_TRUE(parse_san(scholar, "Qxf7!!"));
}

TEST(San, PacifistHasNoCapturesAndMarksAWonGameWithHash) {
  // Spec "End of the game": Qb6 converts Black's king and Black cannot get one back.
  const Position p = position(
      "1rknn1br/p1pp1p1p/3bp1p1/1p1q2n1/5p2/2P4B/pP1PP1PP/B1RKR1QN w - - 0 1", Variant::Pacifist);
  EXPECT_EQ(san_of(p, "g1b6"), "Qb6#");
  const Position start = position(kStartFen, Variant::Pacifist);
  EXPECT_EQ(san_of(start, "b1c3"), "Nc3");
  expect_round_trip(p, "pacifist spec diagram");
}

std::vector<Move> moves_of(Position pos, std::initializer_list<std::string_view> ucis) {
  std::vector<Move> out;
  for (std::string_view uci : ucis) {
    auto m = parse_uci_move(pos, uci);
    EXPECT_TRUE(m) << uci;
    if (!m) break;
    out.push_back(*m);
    UndoRecord undo;
    pos.make_move(*m, undo);
  }
  return out;
}

TEST(San, WritesALineWithMoveNumbers) {
  const Position start = position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  EXPECT_EQ(line_to_san(start, moves_of(start, {"e2e4", "e7e5", "g1f3", "b8c6", "f1b5"})),
            "1. e4 e5 2. Nf3 Nc6 3. Bb5");
  EXPECT_EQ(line_to_san(start, {}), "");
  const Position black = position("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 7");
  EXPECT_EQ(line_to_san(black, moves_of(black, {"d7d5", "e4d5", "d8d5"})), "7... d5 8. exd5 Qxd5");
}

TEST(San, ALineStopsBeforeAMoveThatIsNotLegalWhereItStands) {
  const Position start = position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  std::vector<Move> line = moves_of(start, {"e2e4", "e7e5"});
  line.push_back(line.front());  // e2-e4 again: no pawn on e2 any more
  line.push_back(Move::none());
  EXPECT_EQ(line_to_san(start, line), "1. e4 e5");
}

TEST(San, AcceptsLenientSpellings) {
  const Position ep = position("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
  for (const char* text : {"exd6", "exd6 e.p.", "exd6e.p.", "ed6", "exd6+"}) {
    auto m = parse_san(ep, text);
    ASSERT_TRUE(m) << text << ": " << m.error();
    EXPECT_EQ(move_to_uci(ep, *m), "e5d6") << text;
  }
  const Position promo = position("3rk3/2P5/8/8/8/8/8/4K3 w - - 0 1");
  for (const char* text : {"c8=Q", "c8Q", "c8=q"}) {
    auto m = parse_san(promo, text);
    ASSERT_TRUE(m) << text << ": " << m.error();
    EXPECT_EQ(move_to_uci(promo, *m), "c7c8q") << text;
  }
  const Position start = position(kStartFen);
  EXPECT_EQ(move_to_uci(start, *parse_san(start, "Ngf3")), "g1f3");  // needless disambiguation
  EXPECT_EQ(move_to_uci(start, *parse_san(start, "Ng1f3")), "g1f3");
}

TEST(San, RejectsBadSanWithAClearMessage) {
  const Position start = position(kStartFen);
  for (const char* text : {"", "e9", "Zf3", "Nf", "O-O-O-O", "e4x", "Nf3 extra", "i4", "e8=K"}) {
    auto m = parse_san(start, text);
    ASSERT_FALSE(m) << text;
    EXPECT_NE(m.error().find("malformed SAN"), std::string::npos) << text << ": " << m.error();
  }
  for (const char* text : {"e5", "Ke2", "Nxf3", "O-O", "exd5", "Nc4", "Bb5"}) {
    auto m = parse_san(start, text);
    ASSERT_FALSE(m) << text;
    EXPECT_NE(m.error().find("illegal move"), std::string::npos) << text << ": " << m.error();
  }
  const Position promo = position("3rk3/2P5/8/8/8/8/8/4K3 w - - 0 1");
  EXPECT_FALSE(parse_san(promo, "c8"));  // the promotion piece is required
  const Position pacifist = position(kStartFen, Variant::Pacifist);
  EXPECT_FALSE(parse_san(pacifist, "Nxc3"));  // nothing is ever captured in Pacifist
}

}  // namespace
}  // namespace engine
