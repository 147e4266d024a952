// SPDX-License-Identifier: GPL-3.0-or-later
// Tuning data lines: the three fields, and errors that name the file, the line and
// the field.
#include "tune/data_file.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

namespace tune {
namespace {

std::string write_temp(const std::string& name, const std::string& text) {
  const auto path = std::filesystem::temp_directory_path() / ("paxbot_data_file_test_" + name);
  std::ofstream(path) << text;
  return path.string();
}

TEST(DataFile, ParsesTheThreeFields) {
  auto line = parse_data_line("8/8/8/8/8/8/8/K6k w - - 0 1\t0.5\t-12");
  ASSERT_TRUE(line) << line.error();
  EXPECT_EQ(line->fen, "8/8/8/8/8/8/8/K6k w - - 0 1");
  EXPECT_EQ(line->result, 0.5);
  EXPECT_EQ(line->score, -12);
  auto no_score = parse_data_line("startpos\t1\t-\r");
  ASSERT_TRUE(no_score) << no_score.error();
  EXPECT_EQ(no_score->result, 1.0);
  EXPECT_FALSE(no_score->score);
}

TEST(DataFile, BadFieldsAreNamed) {
  EXPECT_NE(parse_data_line("startpos 1 0").error().find("3 tab-separated fields"),
            std::string::npos);
  EXPECT_NE(parse_data_line("startpos\t2\t0").error().find("RESULT '2'"), std::string::npos);
  EXPECT_NE(parse_data_line("startpos\t1\t12x").error().find("SCORE '12x'"), std::string::npos);
  EXPECT_NE(parse_data_line("startpos\t1\t99999").error().find("SCORE"), std::string::npos);
  EXPECT_NE(parse_data_line("\t1\t0").error().find("FEN"), std::string::npos);
}

TEST(DataFile, ErrorNamesFileAndLine) {
  const std::string path =
      write_temp("bad.tsv", "# comment\nstartpos\t1\t-\n\nstartpos\t1\t-\nstartpos\tdraw\t-\n");
  ReadStats stats;
  int seen = 0;
  auto on_line = [&seen](const DataLine&, const std::string&) -> std::expected<void, std::string> {
    ++seen;
    return {};
  };
  auto read = read_data_file(path, false, on_line, stats);
  ASSERT_FALSE(read);
  EXPECT_EQ(read.error(), path + ":5: RESULT 'draw' is not White's score 1, 0.5 or 0");
  EXPECT_EQ(seen, 2);
}

TEST(DataFile, CallbackErrorsGetTheLineToo) {
  const std::string path = write_temp("callback.tsv", "startpos\t1\t-\nbad fen\t0\t-\n");
  ReadStats stats;
  auto on_line = [](const DataLine& line, const std::string&) -> std::expected<void, std::string> {
    if (line.fen == "bad fen") return std::unexpected("FEN: no good");
    return {};
  };
  auto read = read_data_file(path, false, on_line, stats);
  ASSERT_FALSE(read);
  EXPECT_EQ(read.error(), path + ":2: FEN: no good");
}

TEST(DataFile, SkipModeCountsBadLines) {
  const std::string path =
      write_temp("skip.tsv", "startpos\t1\t-\nstartpos\t3\t-\nstartpos\t0\t5\nx\n");
  ReadStats stats;
  int seen = 0;
  auto on_line = [&seen](const DataLine&, const std::string&) -> std::expected<void, std::string> {
    ++seen;
    return {};
  };
  ASSERT_TRUE(read_data_file(path, true, on_line, stats));
  EXPECT_EQ(seen, 2);
  EXPECT_EQ(stats.lines, 4);
  EXPECT_EQ(stats.skipped, 2);
  EXPECT_EQ(stats.first_skipped.rfind(path + ":2: RESULT '3'", 0), 0u) << stats.first_skipped;
}

TEST(DataFile, MissingFileIsAnError) {
  ReadStats stats;
  auto read = read_data_file(
      "/nonexistent/paxbot.tsv", false,
      [](const DataLine&, const std::string&) -> std::expected<void, std::string> { return {}; },
      stats);
  ASSERT_FALSE(read);
  EXPECT_EQ(read.error(), "/nonexistent/paxbot.tsv: cannot open the file");
}

}  // namespace
}  // namespace tune
