// SPDX-License-Identifier: GPL-3.0-or-later
// engine.book: the keys load and validate, relative files are read from the config's
// directory, the files open as engine books, and check-config reports a bad file by key and
// name.
#include "config/book_files.h"

#include <gtest/gtest.h>

#include <sstream>

#include "config/check_config_command.h"
#include "config/validate.h"
#include "tests/config/test_support.h"

namespace config {
namespace {

using testing::fake_env;
using testing::lines_of;
using testing::TempDir;

const std::string kBook = std::string(PAXBOT_TEST_DATA_DIR) + "/books/one-game.bin";

TEST(BookFiles, KeysLoadAndRelativeFilesAreReadFromTheConfigsDirectory) {
  TempDir dir;
  std::ifstream in(kBook, std::ios::binary);
  dir.write("books/mine.bin", std::string(std::istreambuf_iterator<char>(in), {}));
  const auto file = dir.write("bot.yml",
                              "engine:\n  book:\n    standard: [books/mine.bin]\n"
                              "    selection: best\n    min_weight: 0\n    max_depth: 8\n"
                              "    against_bots: false\n");
  LoadResult r = load_and_validate(file);
  ASSERT_TRUE(r.ok()) << ::testing::PrintToString(lines_of(r.diagnostics));
  const Book& b = r.config.engine.book;
  ASSERT_EQ(b.standard.size(), 1u);
  EXPECT_EQ(b.standard[0], (dir.path() / "books/mine.bin").string());
  EXPECT_EQ(b.selection, BookSelection::best);
  EXPECT_FALSE(b.against_bots);
  EXPECT_TRUE(b.against_humans);

  auto books = open_books(b);
  ASSERT_TRUE(books) << ::testing::PrintToString(lines_of(books.error()));
  ASSERT_EQ(books->size(), 1u);
  const auto& standard = books->at(Variant::kStandard);
  EXPECT_EQ(standard->files().front().size(), 20u);
  EXPECT_EQ(standard->options().selection, engine::book::Selection::best);
  EXPECT_EQ(standard->options().min_weight, 0);
  EXPECT_EQ(standard->options().max_depth, 8);
}

TEST(BookFiles, ValuesAreValidated) {
  LoadResult r = load_string(
      "engine:\n  book:\n    chess960: ['', a.bin, a.bin]\n    selection: sometimes\n"
      "    min_weight: -1\n    max_depth: 5000\n");
  std::vector<Diagnostic> findings = r.diagnostics;  // the unknown selection
  for (Diagnostic& d : validate(r.config)) findings.push_back(std::move(d));
  const std::string all = ::testing::PrintToString(lines_of(findings));
  for (const char* expected :
       {"error engine.book.selection: unknown value 'sometimes'",
        "error engine.book.min_weight: must be between 0 and 65535",
        "error engine.book.max_depth: must be between 0 and 1000",
        "error engine.book.chess960: lists an empty file name",
        "warning engine.book.chess960: lists 'a.bin' twice"})
    EXPECT_NE(all.find(expected), std::string::npos) << expected << " in " << all;
}

TEST(BookFiles, BooksNeverUsedIsAWarning) {
  Config c = load_string("").config;
  c.engine.book.standard = {kBook};
  c.engine.book.against_bots = false;
  c.engine.book.against_humans = false;
  const std::string all = ::testing::PrintToString(lines_of(validate(c)));
  EXPECT_NE(all.find("warning engine.book: has files but"), std::string::npos) << all;
}

TEST(BookFiles, EveryBadFileIsAnErrorNamingTheKeyAndTheFile) {
  TempDir dir;
  const auto truncated = dir.write("truncated.bin", "0123456789");
  Book b = load_string("").config.engine.book;
  b.standard = {kBook, truncated.string()};
  b.from_position = {"/nonexistent/book.bin"};
  auto books = open_books(b);
  ASSERT_FALSE(books);
  const auto lines = lines_of(books.error());
  ASSERT_EQ(lines.size(), 2u) << ::testing::PrintToString(lines);
  EXPECT_NE(lines[0].find("error engine.book.standard: book " + truncated.string() + ": 10 bytes"),
            std::string::npos)
      << lines[0];
  EXPECT_NE(lines[1].find("error engine.book.fromPosition: book /nonexistent/book.bin"),
            std::string::npos)
      << lines[1];
}

TEST(BookFiles, CheckConfigReadsTheBooks) {
  TempDir dir;
  dir.write("bad.bin", "0123456789abcdef0");
  const auto file = dir.write("bot.yml", "engine:\n  book:\n    standard: [bad.bin]\n");
  std::ostringstream out, err;
  const int status =
      check_config_command({file.string()}, out, err, fake_env({{"LICHESS_BOT_TOKEN", "x"}}));
  EXPECT_EQ(status, 1);
  EXPECT_NE(err.str().find(":3:5: error: engine.book.standard: book " +
                           (dir.path() / "bad.bin").string() + ": 17 bytes"),
            std::string::npos)
      << err.str();
}

}  // namespace
}  // namespace config
