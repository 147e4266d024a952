// SPDX-License-Identifier: GPL-3.0-or-later
// Choosing book moves: the book made from one known game returns that game's moves for both
// colours; selection modes, min_weight, max_depth, several files, illegal entries.
#include "engine/book/opening_book.h"

#include <gtest/gtest.h>

#include <map>

#include "engine/book/polyglot_key.h"
#include "engine/fen.h"
#include "engine/game.h"
#include "engine/notation.h"

namespace engine::book {
namespace {

const std::string kOneGameBook = std::string(PAXBOT_TEST_DATA_DIR) + "/books/one-game.bin";
// tests/data/books/one-game.pgn in UCI notation (castling king-takes-rook).
const std::vector<std::string> kOneGame = {"e2e4", "d7d5", "e4e5", "f7f5", "e5f6", "g8f6", "g1f3",
                                           "c8g4", "f1e2", "b8c6", "e1h1", "d8d7", "d2d4", "e8a8",
                                           "c2c4", "e7e6", "b1c3", "f8d6", "h2h3", "g4h5"};

TEST(OpeningBook, OneGameBookReplaysTheGameForBothColours) {
  auto book = OpeningBook::open({kOneGameBook}, {.selection = Selection::best, .max_depth = 0});
  ASSERT_TRUE(book) << book.error();
  BookRandom random(1);
  Position pos = *parse_fen(kStartFen, Variant::Standard);
  for (const std::string& expected : kOneGame) {
    BookProbe probe = book->probe(pos, random);
    ASSERT_TRUE(probe.move) << "out of book before " << expected;
    EXPECT_TRUE(probe.ignored.empty());
    EXPECT_EQ(probe.file, kOneGameBook);
    EXPECT_EQ(move_to_uci(pos, *probe.move), expected);
    ASSERT_TRUE(play_uci_moves(pos, std::vector<std::string_view>{expected}));
  }
  EXPECT_FALSE(book->probe(pos, random).move) << "the game ends here; so does the book";
}

TEST(OpeningBook, MaxDepthCountsPliesFromTheGameStart) {
  auto book = OpeningBook::open({kOneGameBook}, {.max_depth = 2});
  ASSERT_TRUE(book);
  BookRandom random(1);
  auto after_one = replay_game(Variant::Standard, "startpos", "e2e4");
  auto after_two = replay_game(Variant::Standard, "startpos", "e2e4 d7d5");
  EXPECT_TRUE(book->probe(*after_one, random).move);
  EXPECT_FALSE(book->probe(*after_two, random).move);
}

TEST(OpeningBook, MinWeightDropsLightMoves) {
  auto heavy = OpeningBook::open({kOneGameBook}, {.min_weight = 1000});
  ASSERT_TRUE(heavy);
  BookRandom random(1);
  EXPECT_FALSE(heavy->probe(*parse_fen(kStartFen, Variant::Standard), random).move);
}

// A synthetic book for the start position: e2e4 weight 3, d2d4 weight 1, g1f3 weight 0.
PolyglotBook start_book() {
  const std::uint64_t key = 0x463b96181691fc9cULL;
  std::vector<unsigned char> bytes;
  auto add = [&](std::uint16_t move, std::uint16_t weight) {
    for (int i = 7; i >= 0; --i) bytes.push_back(static_cast<unsigned char>(key >> (8 * i)));
    bytes.push_back(move >> 8), bytes.push_back(move & 0xff);
    bytes.push_back(weight >> 8), bytes.push_back(weight & 0xff);
    for (int i = 0; i < 4; ++i) bytes.push_back(0);
  };
  auto raw = [](int from, int to) { return std::uint16_t(to | (from << 6)); };
  add(raw(12, 28), 3);  // e2e4
  add(raw(11, 27), 1);  // d2d4
  add(raw(6, 21), 0);   // g1f3
  add(raw(12, 36), 9);  // e2e5: illegal
  return *PolyglotBook::parse(bytes, "synthetic");
}

std::map<std::string, int> counts(Selection selection, int min_weight, int probes) {
  OpeningBook book({start_book()}, {.selection = selection, .min_weight = min_weight});
  BookRandom random(42);
  const Position start = *parse_fen(kStartFen, Variant::Standard);
  std::map<std::string, int> seen;
  for (int i = 0; i < probes; ++i) {
    BookProbe probe = book.probe(start, random);
    EXPECT_TRUE(probe.move);
    if (probe.move) ++seen[move_to_uci(start, *probe.move)];
  }
  return seen;
}

TEST(OpeningBook, SelectionModes) {
  EXPECT_EQ(counts(Selection::best, 0, 20), (std::map<std::string, int>{{"e2e4", 20}}));
  // Weighted: e2e4 about three times as often as d2d4, g1f3 (weight 0) never.
  auto weighted = counts(Selection::weighted_random, 0, 4000);
  EXPECT_EQ(weighted.count("g1f3"), 0u);
  EXPECT_GT(weighted["e2e4"], 2 * weighted["d2d4"]);
  EXPECT_GT(weighted["d2d4"], 0);
  // Uniform with min_weight 0: all three legal moves, each often.
  auto uniform = counts(Selection::uniform_random, 0, 3000);
  ASSERT_EQ(uniform.size(), 3u);
  for (const auto& [move, n] : uniform) EXPECT_GT(n, 700) << move;
  // min_weight 1 leaves g1f3 out of the uniform choice.
  EXPECT_EQ(counts(Selection::uniform_random, 1, 500).count("g1f3"), 0u);
}

TEST(OpeningBook, TheSameSeedChoosesTheSameMoves) {
  EXPECT_EQ(counts(Selection::weighted_random, 0, 50), counts(Selection::weighted_random, 0, 50));
}

TEST(OpeningBook, IllegalBookMovesAreIgnoredAndReported) {
  OpeningBook book({start_book()}, {.selection = Selection::best});
  BookRandom random(1);
  BookProbe probe = book.probe(*parse_fen(kStartFen, Variant::Standard), random);
  ASSERT_TRUE(probe.move);
  ASSERT_EQ(probe.ignored.size(), 1u);
  EXPECT_NE(probe.ignored[0].find("synthetic"), std::string::npos) << probe.ignored[0];
  EXPECT_NE(probe.ignored[0].find("e2e5"), std::string::npos) << probe.ignored[0];
}

TEST(OpeningBook, FilesAreTriedInOrder) {
  auto one_game = PolyglotBook::open(kOneGameBook);
  ASSERT_TRUE(one_game);
  BookRandom random(1);
  const Position start = *parse_fen(kStartFen, Variant::Standard);
  OpeningBook synthetic_first({start_book(), *one_game}, {.selection = Selection::uniform_random});
  EXPECT_EQ(synthetic_first.probe(start, random).file, "synthetic");
  // After 1. e4 d5 only the one-game book knows the position.
  auto later = replay_game(Variant::Standard, "startpos", "e2e4 d7d5");
  BookProbe probe = synthetic_first.probe(*later, random);
  ASSERT_TRUE(probe.move);
  EXPECT_EQ(probe.file, kOneGameBook);
  EXPECT_EQ(move_to_uci(*later, *probe.move), "e4e5");
}

TEST(OpeningBook, OpenNamesTheFirstBadFile) {
  auto book = OpeningBook::open({kOneGameBook, "/nonexistent/book.bin"}, {});
  ASSERT_FALSE(book);
  EXPECT_NE(book.error().find("/nonexistent/book.bin"), std::string::npos) << book.error();
}

}  // namespace
}  // namespace engine::book
