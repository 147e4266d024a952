// SPDX-License-Identifier: GPL-3.0-or-later
// `paxbot train-net` end to end, in-process: reads data files, reports its counts and
// progress, writes a network the engine loads, the same bytes whatever the thread count,
// continues from --init, and names bad input.
#include "tune/train_command.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "engine/nnue/network.h"
#include "tests/tune/support/command_run.h"
#include "tests/tune/support/net_teacher.h"

namespace tune {
namespace {

namespace fs = std::filesystem;

using paxbot_test::CommandRun;

CommandRun run(const std::vector<std::string>& args) {
  return paxbot_test::run_subcommand(train_net_command, args);
}

class TrainCommand : public testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("paxbot_train_test_" +
            std::string(testing::UnitTest::GetInstance()->current_test_info()->name()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    data_ = (dir_ / "teacher.tsv").string();
    paxbot_test::write_teacher_file(data_, paxbot_test::teacher_net(16, 11),
                                    paxbot_test::random_game_positions(4, 30, 5));
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::string out(const std::string& name) const { return (dir_ / name).string(); }

  // A short training run's arguments, writing `name`.
  std::vector<std::string> quick(const std::string& name) const {
    return {data_,     "--out", out(name), "--hidden", "16",  "--epochs", "4",
            "--batch", "512",   "--lr",    "0.01",     "--k", "1"};
  }

  fs::path dir_;
  std::string data_;
};

TEST_F(TrainCommand, TrainsAndWritesANetworkTheEngineLoads) {
  std::vector<std::string> args = quick("a.nnue");
  args.insert(args.end(), {"--validation-percent", "20", "--scale", "300"});
  const CommandRun r = run(args);
  ASSERT_EQ(r.code, 0) << r.err;
  std::smatch m;
  const std::regex counts(
      R"(read (\d+) lines \(bad lines skipped: 0\): (\d+) positions kept, (\d+) repeats merged, (\d+) not quiet, (\d+) without a score)");
  ASSERT_TRUE(std::regex_search(r.out, m, counts)) << r.out;
  EXPECT_EQ(std::stoll(m[1]),
            std::stoll(m[2]) + std::stoll(m[3]) + std::stoll(m[4]) + std::stoll(m[5]));
  EXPECT_GT(std::stoll(m[2]), 1000);
  EXPECT_GT(std::stoll(m[4]), 0);  // random games have captures to make
  EXPECT_NE(r.out.find("K 1 (given), lambda 1, hidden 16, scale 300"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("epoch 4/4: train loss "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(", held-out loss "), std::string::npos) << r.out;
  ASSERT_TRUE(std::regex_search(r.out, m, std::regex(R"(\nloss before (\S+), after (\S+)\n)")))
      << r.out;
  EXPECT_LT(std::stod(m[2]), std::stod(m[1]) / 2);
  EXPECT_NE(r.out.find("wrote " + out("a.nnue")), std::string::npos);
  auto net = engine::nnue::load_network(out("a.nnue"));
  ASSERT_TRUE(net.has_value()) << net.error();
  EXPECT_EQ(net->hidden, 16);
  EXPECT_EQ(net->output_scale, 300);
}

TEST_F(TrainCommand, SameBytesWhateverTheThreads) {
  std::vector<std::string> one = quick("one.nnue"), two = quick("two.nnue");
  one.insert(one.end(), {"--batch", "2048", "--seed", "9"});
  two.insert(two.end(), {"--batch", "2048", "--seed", "9", "--threads", "2"});
  ASSERT_EQ(run(one).code, 0);
  ASSERT_EQ(run(two).code, 0);
  EXPECT_EQ(paxbot_test::read_file(out("one.nnue")), paxbot_test::read_file(out("two.nnue")));
}

TEST_F(TrainCommand, InitContinuesFromANetworkFile) {
  ASSERT_EQ(run(quick("a.nnue")).code, 0);
  // No epochs: the file's network is written back unchanged.
  const CommandRun same =
      run({data_, "--init", out("a.nnue"), "--epochs", "0", "--out", out("b.nnue"), "--k", "1"});
  ASSERT_EQ(same.code, 0) << same.err;
  EXPECT_NE(same.out.find("from " + out("a.nnue")), std::string::npos) << same.out;
  EXPECT_EQ(paxbot_test::read_file(out("a.nnue")), paxbot_test::read_file(out("b.nnue")));
  // Training on from it starts at its loss, not at a random network's.
  std::vector<std::string> more = quick("c.nnue");
  more.insert(more.end(), {"--init", out("a.nnue")});
  const CommandRun on = run(more);
  ASSERT_EQ(on.code, 0) << on.err;
  const CommandRun fresh = run(quick("d.nnue"));
  std::smatch m_on, m_fresh;
  const std::regex before(R"(\nloss before (\S+),)");
  ASSERT_TRUE(std::regex_search(on.out, m_on, before)) << on.out;
  ASSERT_TRUE(std::regex_search(fresh.out, m_fresh, before)) << fresh.out;
  EXPECT_LT(std::stod(m_on[1]), std::stod(m_fresh[1]) / 2);

  const CommandRun wrong =
      run({data_, "--init", out("a.nnue"), "--hidden", "32", "--out", out("e.nnue")});
  EXPECT_EQ(wrong.code, 1);
  EXPECT_NE(wrong.err.find("--hidden 32 differs from " + out("a.nnue") + "'s 16 hidden units"),
            std::string::npos)
      << wrong.err;
}

TEST_F(TrainCommand, FittedKWarnsWhenTheResultsSayNothing) {
  std::vector<std::string> args = {data_,      "--out", out("a.nnue"), "--hidden", "16",
                                   "--epochs", "1"};
  const CommandRun r = run(args);  // every result is a draw: the best K is the smallest
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("(fitted)"), std::string::npos) << r.out;
  EXPECT_NE(r.err.find("is at the edge of its search range"), std::string::npos) << r.err;
}

TEST_F(TrainCommand, BadInputIsNamed) {
  auto err_of = [](const std::vector<std::string>& args, int code) {
    const CommandRun r = run(args);
    EXPECT_EQ(r.code, code) << r.err;
    return r.err;
  };
  const std::string o = out("x.nnue");
  EXPECT_NE(err_of({data_, "--out", o, "--bogus"}, 2).find("unknown option '--bogus'"),
            std::string::npos);
  EXPECT_NE(
      err_of({data_, "--out", o, "--epochs", "x"}, 2).find("--epochs 'x' is not a whole number"),
      std::string::npos);
  EXPECT_NE(err_of({data_, "--out", o, "--lr", "fast"}, 2).find("--lr 'fast' is not a number"),
            std::string::npos);
  EXPECT_NE(
      err_of({data_, "--out", o, "--hidden", "20"}, 2).find("--hidden 20 is not a multiple of 16"),
      std::string::npos);
  EXPECT_NE(err_of({data_, "--out", o, "--lambda", "2"}, 2).find("--lambda 2 is out of range"),
            std::string::npos);
  EXPECT_NE(err_of({data_, "--out", o, "--lr-decay-at", "3,x"}, 2)
                .find("--lr-decay-at 'x' is not a whole number"),
            std::string::npos);
  EXPECT_NE(err_of({data_}, 2).find("--out is required"), std::string::npos);
  EXPECT_NE(err_of({"--out", o}, 2).find("no data file given"), std::string::npos);
  EXPECT_NE(err_of({data_, "--out", out("missing/x.nnue")}, 2).find("does not exist"),
            std::string::npos);
  EXPECT_EQ(err_of({"/nonexistent.tsv", "--out", o}, 1),
            "paxbot train-net: /nonexistent.tsv: cannot open the file\n");
  EXPECT_NE(err_of({data_, "--out", o, "--init", out("none.nnue")}, 1)
                .find("--init: " + out("none.nnue") + ": cannot open the network file"),
            std::string::npos);

  const std::string bad = out("bad.tsv");
  std::ofstream(bad) << "# comment\nstartpos\t1\t10\nstartpos\t1\n";
  EXPECT_EQ(err_of({bad, "--out", o}, 1),
            "paxbot train-net: " + bad +
                ":3: expected 3 tab-separated fields FEN, RESULT, SCORE, found 2\n");
  const std::string no_scores = out("no_scores.tsv");
  std::ofstream(no_scores) << "startpos\t1\t-\nstartpos\t0\t-\n";
  const CommandRun empty = run({no_scores, "--out", o});
  EXPECT_EQ(empty.code, 1);
  EXPECT_NE(empty.out.find("0 positions kept, 0 repeats merged, 0 not quiet, 2 without a score"),
            std::string::npos)
      << empty.out;
  EXPECT_EQ(empty.err, "paxbot train-net: no positions left after filtering\n");
  const std::string one = out("one.tsv");
  std::ofstream(one) << "startpos\t1\t10\n";
  EXPECT_EQ(err_of({one, "--out", o, "--validation-percent", "10"}, 1),
            "paxbot train-net: --validation-percent 10 holds out all 1 positions (blocks of "
            "consecutive positions are held out together)\n");
  EXPECT_FALSE(fs::exists(o));
}

}  // namespace
}  // namespace tune
