// SPDX-License-Identifier: GPL-3.0-or-later
// Start positions (match/openings.h): EPD/FEN files, random Chess960 arrays, random plies.
#include "match/openings.h"

#include <gtest/gtest.h>

#include "engine/fen.h"
#include "engine/status.h"

namespace match {
namespace {

TEST(Openings, EpdAndFenLinesWithCommentsAndOpcodes) {
  const std::string text =
      "# a comment\n"
      "\n"
      "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - id \"e4\"; c0 \"1. e4\";\n"
      "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1 ; after Nf3\n"
      "  r1bqkbnr/pppppppp/2n5/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 2 2\r\n";
  auto fens = parse_openings(text, engine::Variant::Standard, "book.epd");
  ASSERT_TRUE(fens) << fens.error();
  ASSERT_EQ(fens->size(), 3u);
  EXPECT_EQ((*fens)[0], "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
  EXPECT_EQ((*fens)[1], "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1");
  EXPECT_EQ((*fens)[2], "r1bqkbnr/pppppppp/2n5/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 2 2");
}

TEST(Openings, BadLinesAreNamedByFileAndLine) {
  auto short_line =
      parse_openings("# x\nrnbqkbnr/pppppppp w\n", engine::Variant::Standard, "o.epd");
  ASSERT_FALSE(short_line);
  EXPECT_NE(short_line.error().find("o.epd:2"), std::string::npos) << short_line.error();
  auto bad_fen = parse_openings("rnbqkbnr/ppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\n",
                                engine::Variant::Standard, "o.epd");
  ASSERT_FALSE(bad_fen);
  EXPECT_NE(bad_fen.error().find("o.epd:1"), std::string::npos);
  auto over = parse_openings("7k/5Q2/6K1/8/8/8/8/8 b - -\n", engine::Variant::Standard, "o.epd");
  ASSERT_FALSE(over);  // stalemate: nothing to play
  EXPECT_NE(over.error().find("already over"), std::string::npos) << over.error();
  EXPECT_FALSE(parse_openings("# only comments\n", engine::Variant::Standard, "o.epd"));
  EXPECT_FALSE(load_openings("/nonexistent/openings.epd", engine::Variant::Standard));
}

TEST(Openings, RandomChess960StartsFollowTheSeed) {
  const auto a = random_chess960_starts(20, 7), b = random_chess960_starts(20, 7);
  EXPECT_EQ(a, b);
  EXPECT_NE(a, random_chess960_starts(20, 8));
  for (const std::string& fen : a) EXPECT_TRUE(engine::parse_fen(fen, engine::Variant::Chess960));
}

TEST(Openings, RandomPliesAreLegalSeededAndNeverEndTheGame) {
  const std::string start(engine::kStartFen);
  auto a = play_random_plies(start, engine::Variant::Pacifist, 6, 42);
  auto b = play_random_plies(start, engine::Variant::Pacifist, 6, 42);
  ASSERT_TRUE(a) << a.error();
  EXPECT_EQ(*a, *b);
  auto pos = engine::parse_fen(*a, engine::Variant::Pacifist);
  ASSERT_TRUE(pos);
  EXPECT_EQ(pos->game_ply(), 6);
  EXPECT_FALSE(engine::game_status(*pos).over());
  EXPECT_NE(*a, *play_random_plies(start, engine::Variant::Pacifist, 6, 43));
  // Mates in one for White (Qh7#, Qg7#, Qa8#) and stalemates (Qf7) are never chosen.
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    auto after =
        play_random_plies("7k/Q7/6K1/8/8/8/8/8 w - - 0 1", engine::Variant::Standard, 1, seed);
    ASSERT_TRUE(after);
    EXPECT_FALSE(engine::game_status(*engine::parse_fen(*after, engine::Variant::Standard)).over());
  }
}

}  // namespace
}  // namespace match
