// SPDX-License-Identifier: GPL-3.0-or-later
// Reading Polyglot files: the committed one-game book, Debian's gnuchess book when installed,
// and corrupt or missing files, which are errors naming the file.
#include "engine/book/polyglot_book.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "engine/book/polyglot_key.h"
#include "engine/fen.h"
#include "engine/movegen.h"

namespace engine::book {
namespace {

const std::string kOneGameBook = std::string(PAXBOT_TEST_DATA_DIR) + "/books/one-game.bin";
const std::string kGnuchessBook = "/usr/share/games/gnuchess/book.bin";

std::vector<unsigned char> read_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// A file in a fresh temporary directory, removed at the end of the test.
class TempFile {
 public:
  explicit TempFile(const std::vector<unsigned char>& bytes) {
    path_ = std::filesystem::temp_directory_path() /
            ("paxbot-book-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) +
             "-" + ::testing::UnitTest::GetInstance()->current_test_info()->name() + ".bin");
    std::ofstream out(path_, std::ios::binary);
    out.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
  }
  ~TempFile() { std::filesystem::remove(path_); }
  std::string path() const { return path_.string(); }

 private:
  std::filesystem::path path_;
};

TEST(PolyglotBook, ReadsTheCommittedOneGameBook) {
  auto book = PolyglotBook::open(kOneGameBook);
  ASSERT_TRUE(book) << book.error();
  EXPECT_EQ(book->size(), 20u);  // every move of the 20-ply game
  const auto start = book->find(0x463b96181691fc9cULL);
  ASSERT_EQ(start.size(), 1u);
  auto pos = parse_fen(kStartFen, Variant::Standard);
  ASSERT_TRUE(pos);
  auto move = decode_polyglot_move(*pos, start[0].move);
  ASSERT_TRUE(move);
  EXPECT_EQ(move->from(), make_square(4, 1));  // e2e4
  EXPECT_EQ(move->to(), make_square(4, 3));
  EXPECT_GT(start[0].weight, 0);
  EXPECT_TRUE(book->find(0x1234).empty());
}

TEST(PolyglotBook, DebianGnuchessBookGivesLegalStartMoves) {
  if (!std::filesystem::exists(kGnuchessBook))
    GTEST_SKIP() << kGnuchessBook << " is not installed (Debian package gnuchess-book)";
  auto book = PolyglotBook::open(kGnuchessBook);
  ASSERT_TRUE(book) << book.error();
  auto pos = parse_fen(kStartFen, Variant::Standard);
  ASSERT_TRUE(pos);
  const auto entries = book->find(polyglot_key(*pos));
  ASSERT_FALSE(entries.empty());
  for (const BookEntry& e : entries) {
    auto move = decode_polyglot_move(*pos, e.move);
    ASSERT_TRUE(move) << "raw move " << e.move;
    EXPECT_TRUE(is_legal(*pos, *move));
  }
}

TEST(PolyglotBook, TruncatedFileIsAnErrorNamingIt) {
  std::vector<unsigned char> bytes = read_bytes(kOneGameBook);
  ASSERT_EQ(bytes.size(), 320u);
  bytes.resize(bytes.size() - 5);
  TempFile file(bytes);
  auto book = PolyglotBook::open(file.path());
  ASSERT_FALSE(book);
  EXPECT_NE(book.error().find(file.path()), std::string::npos) << book.error();
  EXPECT_NE(book.error().find("315 bytes"), std::string::npos) << book.error();
}

TEST(PolyglotBook, UnsortedFileIsAnErrorNamingIt) {
  std::vector<unsigned char> bytes = read_bytes(kOneGameBook);
  ASSERT_EQ(bytes.size(), 320u);
  // Swap the first and the last entry: keys out of order.
  std::swap_ranges(bytes.begin(), bytes.begin() + 16, bytes.end() - 16);
  TempFile file(bytes);
  auto book = PolyglotBook::open(file.path());
  ASSERT_FALSE(book);
  EXPECT_NE(book.error().find(file.path()), std::string::npos) << book.error();
  EXPECT_NE(book.error().find("out of key order"), std::string::npos) << book.error();
}

TEST(PolyglotBook, MissingEmptyAndDirectoryAreErrorsNamingThem) {
  const std::string missing = std::string(PAXBOT_TEST_DATA_DIR) + "/books/no-such-book.bin";
  auto book = PolyglotBook::open(missing);
  ASSERT_FALSE(book);
  EXPECT_NE(book.error().find(missing), std::string::npos) << book.error();
  EXPECT_NE(book.error().find("cannot open"), std::string::npos) << book.error();

  TempFile empty({});
  auto none = PolyglotBook::open(empty.path());
  ASSERT_FALSE(none);
  EXPECT_NE(none.error().find(empty.path()), std::string::npos) << none.error();

  const std::string directory = std::string(PAXBOT_TEST_DATA_DIR) + "/books";
  auto dir = PolyglotBook::open(directory);
  ASSERT_FALSE(dir);
  EXPECT_NE(dir.error().find("directory"), std::string::npos) << dir.error();
}

TEST(PolyglotBook, ParsesBigEndianFieldsAndIgnoresLearn) {
  const std::vector<unsigned char> bytes = {0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08,
                                            0x03, 0x1c, 0x12, 0x34, 0xde, 0xad, 0xbe, 0xef};
  auto book = PolyglotBook::parse(bytes, "inline");
  ASSERT_TRUE(book) << book.error();
  const auto found = book->find(0x0102030405060708ULL);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0], (BookEntry{0x0102030405060708ULL, 0x031c, 0x1234}));
}

}  // namespace
}  // namespace engine::book
