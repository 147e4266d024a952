// SPDX-License-Identifier: GPL-3.0-or-later
// The `paxbot match` command line (match/match_command.cpp), run as a process.
#include <gtest/gtest.h>

#include "tests/support/run_command.h"

namespace {

using paxbot_test::run_command;

const std::string kPaxbot = PAXBOT_BINARY;
const std::string kFake = FAKE_UCI_ENGINE;

TEST(MatchCommand, HelpDescribesEnginesLimitsAndSprt) {
  auto r = run_command(kPaxbot + " match --help");
  EXPECT_EQ(r.exit_code, 0);
  for (const char* word : {"--engine", "cmd=PATH", "--tc", "--nodes", "--sprt", "--data",
                           "--random-plies", "--chess960-random", "--concurrency"})
    EXPECT_NE(r.out.find(word), std::string::npos) << word;
  auto listed = run_command(kPaxbot + " --help");
  EXPECT_NE(listed.out.find("match"), std::string::npos);
}

TEST(MatchCommand, BadInputIsNamed) {
  struct Case {
    std::string args, message;
  };
  const std::string two = " --engine cmd=" + kFake + " --engine cmd=" + kFake;
  for (const Case& c : std::vector<Case>{
           {" --engine cmd=" + kFake + " --nodes 1", "at least two engines"},
           {two + " --tc 10s", "--tc"},
           {two + " --nodes 1 --games 3", "odd"},
           {two + " --nodes 1 --frobnicate", "unknown option '--frobnicate'"},
           {two + " --nodes 1 --variant chess960", "--chess960-random"},
           {two + " --nodes 1 --openings /nonexistent.epd", "/nonexistent.epd"},
           {two + " --nodes 1 --sprt elo1=x", "elo1=x"},
           {" --engine name=x --engine cmd=" + kFake + " --nodes 1", "cmd=PATH"},
       }) {
    auto r = run_command(kPaxbot + " match" + c.args);
    EXPECT_EQ(r.exit_code, 2) << c.args;
    EXPECT_NE(r.err.find(c.message), std::string::npos) << c.args << ": " << r.err;
  }
  auto no_limit = run_command(kPaxbot + " match" + two);
  EXPECT_EQ(no_limit.exit_code, 1);
  EXPECT_NE(no_limit.err.find("no limit"), std::string::npos) << no_limit.err;
}

TEST(MatchCommand, EnginesOfTheSameNameAreToldApart) {
  auto r = run_command(kPaxbot + " match --engine cmd=" + kFake + " --engine cmd=" + kFake +
                       " --nodes 1 --games 2 --max-plies 4");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("Match: fake_uci_engine, fake_uci_engine-2;"), std::string::npos) << r.out;
}

TEST(MatchCommand, ShortMatchPrintsProgressAndSummary) {
  auto r = run_command(kPaxbot + " match --engine name=x cmd=" + kFake + " arg=seed=1 --engine " +
                       "name=y cmd=" + kFake + " arg=seed=2 --nodes 1 --games 4 --max-plies 20" +
                       " --variant chess960 --chess960-random 2 --random-plies 2 --concurrency 2" +
                       " --sprt elo0=0 elo1=5");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("Match: x, y; chess960, 4 games from 2 starts"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Game 4/4"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("LLR "), std::string::npos);
  EXPECT_NE(r.out.find("Result x vs y: W "), std::string::npos);
  EXPECT_NE(r.out.find("pentanomial (pairs scoring 0, 0.5, 1, 1.5, 2):"), std::string::npos);
  EXPECT_NE(r.out.find("SPRT elo0=0.00 elo1=5.00"), std::string::npos);
}

}  // namespace
