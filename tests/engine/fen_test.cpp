// SPDX-License-Identifier: GPL-3.0-or-later
// FEN round trips, castling-field dialects and bad-FEN messages.
#include <gtest/gtest.h>

#include "engine/fen.h"
#include "engine/variant.h"
#include "tests/support/perft_data.h"

namespace engine {
namespace {

TEST(Fen, EveryPerftPositionRoundTrips) {
  for (const char* file : {"perft-standard.tsv", "perft-pacifist.tsv"}) {
    for (const auto& row : paxbot_test::read_perft_rows(file, "pacifist")) {
      Variant v = *parse_variant(row.variant);
      auto pos = parse_fen(row.fen, v);
      ASSERT_TRUE(pos) << row.fen << ": " << pos.error();
      std::string printed = to_fen(*pos);
      auto again = parse_fen(printed, v);
      ASSERT_TRUE(again) << printed << ": " << again.error();
      EXPECT_EQ(to_fen(*again), printed);
      EXPECT_EQ(again->key(), pos->key()) << row.fen;
    }
  }
}

TEST(Fen, CastlingDialectsReadTheSameAndPrintAsXFen) {
  const char* kShredder = "bbrknrqn/pppppppp/8/8/8/8/PPPPPPPP/BBRKNRQN w FCfc - 0 1";
  const char* kXFen = "bbrknrqn/pppppppp/8/8/8/8/PPPPPPPP/BBRKNRQN w KQkq - 0 1";
  auto a = parse_fen(kShredder, Variant::Chess960);
  auto b = parse_fen(kXFen, Variant::Chess960);
  ASSERT_TRUE(a && b);
  EXPECT_EQ(a->key(), b->key());
  EXPECT_EQ(to_fen(*a), kXFen);
  // An inner rook keeps its file letter: rooks on a1, c1 and h1 with the king on d1.
  auto inner = parse_fen("rk5r/8/8/8/8/8/8/R1RK3R w Cha - 0 1", Variant::Chess960);
  ASSERT_TRUE(inner) << inner.error();
  EXPECT_EQ(to_fen(*inner), "rk5r/8/8/8/8/8/8/R1RK3R w Ckq - 0 1");
}

TEST(Fen, StartposAndOptionalClocks) {
  auto start = parse_fen("startpos", Variant::Standard);
  ASSERT_TRUE(start);
  EXPECT_EQ(to_fen(*start), kStartFen);
  auto short_fen =
      parse_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -", Variant::Standard);
  ASSERT_TRUE(short_fen);
  EXPECT_EQ(short_fen->key(), start->key());
}

TEST(Fen, EnPassantKeptOnlyWhenACaptureIsPossible) {
  auto possible = parse_fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", Variant::Standard);
  ASSERT_TRUE(possible) << possible.error();
  EXPECT_EQ(to_fen(*possible), "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
  auto idle = parse_fen("4k3/8/8/3p4/8/8/8/4K3 w - d6 0 2", Variant::Standard);
  ASSERT_TRUE(idle);
  EXPECT_EQ(to_fen(*idle), "4k3/8/8/3p4/8/8/8/4K3 w - - 0 2");
}

TEST(Fen, Chess960StartNumbering) {
  EXPECT_EQ(chess960_start_fen(518), std::string(kStartFen));
  EXPECT_EQ(chess960_start_fen(0).substr(0, 8), "bbqnnrkr");
  for (int i = 0; i < 960; ++i) {
    auto pos = parse_fen(chess960_start_fen(i), Variant::Chess960);
    ASSERT_TRUE(pos) << i << ": " << pos.error();
    EXPECT_EQ(pos->castling_rights(), kAllCastling);
  }
}

struct BadFen {
  const char* fen;
  Variant variant;
  const char* message_part;
};

class FenErrors : public testing::TestWithParam<BadFen> {};

TEST_P(FenErrors, SayWhatIsWrongAndWhere) {
  auto pos = parse_fen(GetParam().fen, GetParam().variant);
  ASSERT_FALSE(pos) << GetParam().fen;
  EXPECT_NE(pos.error().find(GetParam().message_part), std::string::npos)
      << "message: " << pos.error();
}

INSTANTIATE_TEST_SUITE_P(
    Messages, FenErrors,
    testing::Values(
        BadFen{"rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", Variant::Standard,
               "has 7 ranks"},
        BadFen{"rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", Variant::Standard,
               "rank 7 ('ppppppp') describes 7 files"},
        BadFen{"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", Variant::Standard,
               "unknown piece letter '9' on rank 6"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", Variant::Standard,
               "unknown piece letter 'X' on rank 1"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", Variant::Standard,
               "side to move 'x'"},
        BadFen{"rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", Variant::Standard,
               "castling right 'k' has no black rook"},
        BadFen{"rnbq1bnr/ppppkppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", Variant::Standard,
               "castling right 'k' needs exactly one black king on rank 8"},
        BadFen{"Pnbqkbnr/pppppppp/8/8/8/8/1PPPPPPP/RNBQKBNR w KQkq - 0 1", Variant::Standard,
               "pawn on a8"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQQBNR w kq - 0 1", Variant::Standard,
               "white has 0 kings"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w kq - 0 1", Variant::Standard,
               "white has 2 kings"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w - - 0 1", Variant::Pacifist,
               "the board has 3 kings"},
        BadFen{"rnbqqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", Variant::Pacifist,
               "the board has 1 kings"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", Variant::Standard,
               "halfmove clock 'x' is not a number"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0", Variant::Standard,
               "fullmove number 0 is out of range"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 junk", Variant::Standard,
               "trailing text after the fullmove number: 'junk'"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1", Variant::Standard,
               "en passant field 'e9'"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1", Variant::Standard,
               "en passant square e6 is impossible"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w", Variant::Standard, "has 2 fields"},
        BadFen{"", Variant::Standard, "has 0 fields"},
        BadFen{"4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", Variant::Standard,
               "black is in check but it is white's turn"}));

}  // namespace
}  // namespace engine
