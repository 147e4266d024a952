// SPDX-License-Identifier: GPL-3.0-or-later
// Polyglot keys against the values the format's documentation publishes, and the format's
// move encoding (castling king-takes-rook, promotions, en passant) in both directions.
#include "engine/book/polyglot_key.h"

#include <gtest/gtest.h>

#include "engine/fen.h"
#include "engine/game.h"
#include "engine/notation.h"

namespace engine::book {
namespace {

std::uint64_t key_after(std::string_view moves) {
  auto pos = replay_game(Variant::Standard, "startpos", moves);
  EXPECT_TRUE(pos.has_value()) << moves;
  return pos ? polyglot_key(*pos) : 0;
}

std::uint64_t key_of_fen(std::string_view fen) {
  auto pos = parse_fen(fen, Variant::Standard);
  EXPECT_TRUE(pos.has_value()) << fen;
  return pos ? polyglot_key(*pos) : 0;
}

// The published examples of the format: start position and lines after 1. e4.
TEST(PolyglotKey, MatchesThePublishedKeys) {
  EXPECT_EQ(key_after(""), 0x463b96181691fc9cULL);
  EXPECT_EQ(key_after("e2e4"), 0x823c9b50fd114196ULL);
  EXPECT_EQ(key_after("e2e4 d7d5"), 0x0756b94461c50fb0ULL);
  EXPECT_EQ(key_after("e2e4 d7d5 e4e5"), 0x662fafb965db29d4ULL);
  EXPECT_EQ(key_after("e2e4 d7d5 e4e5 f7f5"), 0x22a48b5a8e47ff78ULL);  // en passant counts
  EXPECT_EQ(key_after("e2e4 d7d5 e4e5 f7f5 e1e2"), 0x652a607ca3f242c1ULL);
  EXPECT_EQ(key_after("e2e4 d7d5 e4e5 f7f5 e1e2 e8f7"), 0x00fdd303c946bdd9ULL);
  EXPECT_EQ(key_after("a2a4 b7b5 h2h4 b5b4 c2c4"), 0x3c8123ea7b067637ULL);
  EXPECT_EQ(key_after("a2a4 b7b5 h2h4 b5b4 c2c4 b4c3 a1a3"), 0x5c3f9b829b279560ULL);
}

TEST(PolyglotKey, FenPositionsGiveTheSameKeysAsMoves) {
  EXPECT_EQ(key_of_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"),
            0x823c9b50fd114196ULL);
  EXPECT_EQ(key_of_fen("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"),
            0x22a48b5a8e47ff78ULL);
  EXPECT_EQ(key_of_fen("rnbqkbnr/p1pppppp/8/8/P6P/R1p5/1P1PPPP1/1NBQKBNR b Kkq - 0 4"),
            0x5c3f9b829b279560ULL);
}

TEST(PolyglotKey, EnPassantFileCountsOnlyWithACapturingPawnBeside) {
  // After 1. e4 no black pawn stands beside e4: the same key with or without "e3".
  EXPECT_EQ(key_of_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"),
            key_of_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"));
  // With a black pawn on d4 the file counts.
  EXPECT_NE(key_of_fen("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"),
            key_of_fen("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"));
  // A white pawn beside the pushed white pawn does not make it count: it cannot capture.
  EXPECT_EQ(key_of_fen("rnbqkbnr/pppppppp/8/8/3PP3/8/PPP2PPP/RNBQKBNR b KQkq d3 0 1"),
            key_of_fen("rnbqkbnr/pppppppp/8/8/3PP3/8/PPP2PPP/RNBQKBNR b KQkq - 0 1"));
}

std::string decoded(std::string_view fen, Variant variant, std::uint16_t raw) {
  auto pos = parse_fen(fen, variant);
  EXPECT_TRUE(pos.has_value()) << fen;
  if (!pos) return "";
  auto move = decode_polyglot_move(*pos, raw);
  return move ? move_to_uci(*pos, *move) : "none";
}

// from and to squares (a1 = 0) and promotion code as the format packs them.
constexpr std::uint16_t raw(int from, int to, int promotion = 0) {
  return std::uint16_t(to | (from << 6) | (promotion << 12));
}

TEST(PolyglotMove, CastlingIsKingTakesRookInStandardChess) {
  const std::string fen = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";
  EXPECT_EQ(decoded(fen, Variant::Standard, raw(4, 7)), "e1h1");  // e1h1: O-O
  EXPECT_EQ(decoded(fen, Variant::Standard, raw(4, 0)), "e1a1");  // e1a1: O-O-O
  // e1g1 is not the format's spelling of castling and no king move: no move.
  EXPECT_EQ(decoded(fen, Variant::Standard, raw(4, 6)), "none");
  auto pos = parse_fen(fen, Variant::Standard);
  ASSERT_TRUE(pos);
  auto castle = parse_uci_move(*pos, "e1g1");
  ASSERT_TRUE(castle);
  EXPECT_EQ(encode_polyglot_move(*castle), raw(4, 7));
}

TEST(PolyglotMove, Chess960CastlingNamesTheRooksSquare) {
  // King b1, rooks a1 and h1: O-O-O is b1a1, O-O is b1h1.
  const std::string fen = "rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w KQkq - 0 1";
  EXPECT_EQ(decoded(fen, Variant::Chess960, raw(1, 0)), "b1a1");
  EXPECT_EQ(decoded(fen, Variant::Chess960, raw(1, 7)), "b1h1");
}

TEST(PolyglotMove, PromotionsAndEnPassant) {
  const std::string fen = "8/1P4k1/8/3pP3/8/8/6K1/8 w - d6 0 1";
  EXPECT_EQ(decoded(fen, Variant::Standard, raw(49, 57, 4)), "b7b8q");
  EXPECT_EQ(decoded(fen, Variant::Standard, raw(49, 57, 1)), "b7b8n");
  EXPECT_EQ(decoded(fen, Variant::Standard, raw(49, 57)), "none");  // a promotion needs a piece
  EXPECT_EQ(decoded(fen, Variant::Standard, raw(36, 43)), "e5d6");  // en passant
  EXPECT_EQ(decoded(fen, Variant::Standard, raw(36, 44)), "e5e6");
  EXPECT_EQ(decoded(fen, Variant::Standard, raw(36, 45)), "none");
}

}  // namespace
}  // namespace engine::book
