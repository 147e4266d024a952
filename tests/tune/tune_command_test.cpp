// SPDX-License-Identifier: GPL-3.0-or-later
// `paxbot tune` end to end, in-process: reads data files, reports, writes a weights
// header the engine can compile (the same text as the committed header when nothing
// is tuned), and names bad input.
#include "tune/tune_command.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "engine/eval/evaluate.h"
#include "engine/fen.h"
#include "tests/support/sample_positions.h"
#include "tests/tune/support/command_run.h"

namespace tune {
namespace {

namespace fs = std::filesystem;

using paxbot_test::CommandRun;

CommandRun run(const std::vector<std::string>& args) {
  return paxbot_test::run_subcommand(tune_command, args);
}

// From "#pragma once" on: the header without its provenance comment.
std::string body(const std::string& header) {
  const auto at = header.find("#pragma once");
  return at == std::string::npos ? header : header.substr(at);
}

class TuneCommand : public testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("paxbot_tune_test_" +
            std::string(testing::UnitTest::GetInstance()->current_test_info()->name()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  // Positions with results that favour the side with more knights than today's weights say.
  std::string write_data(bool pacifist) {
    const fs::path path = dir_ / (pacifist ? "pacifist.tsv" : "standard.tsv");
    std::ofstream out(path);
    out << "# FEN\tRESULT\tSCORE\n";
    for (const engine::Position& pos : paxbot_test::sample_positions(pacifist, 1, 30, 3)) {
      const int stm = engine::eval::evaluate(pos);
      const int white = pos.side_to_move() == engine::White ? stm : -stm;
      const int knights = engine::popcount(pos.pieces(engine::White, engine::Knight)) -
                          engine::popcount(pos.pieces(engine::Black, engine::Knight));
      const int truth = white + 150 * knights;
      const char* result = truth > 100 ? "1" : truth < -100 ? "0" : "0.5";
      out << engine::to_fen(pos) << "\t" << result << "\t" << white << "\n";
    }
    return path.string();
  }

  fs::path dir_;
};

TEST_F(TuneCommand, WithoutEpochsWritesTheCommittedWeights) {
  for (bool pacifist : {false, true}) {
    const std::string data = write_data(pacifist);
    const CommandRun r = run({data, "--variant", pacifist ? "pacifist" : "standard", "--epochs",
                              "0", "--out", dir_.string()});
    ASSERT_EQ(r.code, 0) << r.err;
    const std::string name = pacifist ? "weights_pacifist.h" : "weights_standard.h";
    EXPECT_EQ(body(paxbot_test::read_file(dir_ / name)),
              body(paxbot_test::read_file(fs::path(PAXBOT_SOURCE_DIR) / "engine/eval" / name)));
    EXPECT_NE(r.out.find("0 weights changed"), std::string::npos) << r.out;
  }
}

TEST_F(TuneCommand, TuningLowersTheLossAndIsDeterministic) {
  const std::string data = write_data(false);
  const std::vector<std::string> args = {data,           "--epochs", "30",        "--seed", "5",
                                         "--batch-size", "512",      "--threads", "2"};
  auto with_out = [&](const std::string& file) {
    std::vector<std::string> a = args;
    a.insert(a.end(), {"--out", (dir_ / file).string()});
    return a;
  };
  const CommandRun first = run(with_out("a.h"));
  ASSERT_EQ(first.code, 0) << first.err;
  const CommandRun second = run(with_out("b.h"));
  ASSERT_EQ(second.code, 0) << second.err;
  EXPECT_EQ(paxbot_test::read_file(dir_ / "a.h"), paxbot_test::read_file(dir_ / "b.h"));
  auto number_after = [&](const std::string& label) {
    const auto at = first.out.find(label);
    EXPECT_NE(at, std::string::npos) << first.out;
    return std::stod(first.out.substr(at + label.size()));
  };
  EXPECT_LT(number_after("loss after "), number_after("loss before "));
  EXPECT_NE(first.out.find("the largest changes:\n  "), std::string::npos) << first.out;
  EXPECT_NE(paxbot_test::read_file(dir_ / "a.h")
                .find("inline constexpr StandardWeights kStandardWeights"),
            std::string::npos);
}

TEST_F(TuneCommand, BadLineNamesFileAndLine) {
  const fs::path data = dir_ / "bad.tsv";
  std::ofstream(data) << "startpos\t1\t-\nstartpos\t0.5\t-\nstartpos\twin\t-\n";
  const CommandRun r = run({data.string(), "--out", dir_.string()});
  EXPECT_EQ(r.code, 1);
  EXPECT_EQ(r.err, "paxbot tune: " + data.string() +
                       ":3: RESULT 'win' is not White's score 1, 0.5 or 0\n");
  EXPECT_FALSE(fs::exists(dir_ / "weights_standard.h"));
}

TEST_F(TuneCommand, IllegalFenNamesTheLine) {
  const fs::path data = dir_ / "fen.tsv";
  std::ofstream(data) << "startpos\t1\t-\n8/8/8/8/8/8/8/8 w - - 0 1\t1\t-\n";
  const CommandRun r = run({data.string(), "--out", dir_.string()});
  EXPECT_EQ(r.code, 1);
  EXPECT_EQ(r.err.rfind("paxbot tune: " + data.string() + ":2: FEN: ", 0), 0u) << r.err;
}

TEST_F(TuneCommand, SkipBadLinesCountsThem) {
  const std::string good = write_data(false);
  std::ofstream(good, std::ios::app) << "startpos\t2\t-\n";
  const CommandRun r = run({good, "--skip-bad-lines", "--epochs", "1", "--out", dir_.string()});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.err.find("skipped 1 bad lines"), std::string::npos) << r.err;
  EXPECT_NE(r.out.find("(bad lines skipped: 1)"), std::string::npos) << r.out;
}

TEST_F(TuneCommand, OptionErrors) {
  const std::string data = write_data(false);
  EXPECT_NE(run({data}).err.find("--out is required"), std::string::npos);
  EXPECT_NE(run({"--out", dir_.string()}).err.find("no data file given"), std::string::npos);
  EXPECT_NE(run({data, "--out", dir_.string(), "--variant", "crazyhouse"})
                .err.find("--variant 'crazyhouse' is neither standard nor pacifist"),
            std::string::npos);
  EXPECT_NE(
      run({data, "--out", dir_.string(), "--lambda", "2"}).err.find("--lambda 2 is out of range"),
      std::string::npos);
  EXPECT_NE(run({data, "--out", (dir_ / "missing" / "w.h").string()}).err.find("does not exist"),
            std::string::npos);
  EXPECT_EQ(run({data, "--out", dir_.string(), "--lambda", "x"}).code, 2);
  EXPECT_EQ(run({"/nonexistent.tsv", "--out", dir_.string()}).err,
            "paxbot tune: /nonexistent.tsv: cannot open the file\n");
}

}  // namespace
}  // namespace tune
