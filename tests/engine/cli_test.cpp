// SPDX-License-Identifier: GPL-3.0-or-later
// The engine command-line contracts (docs/architecture.md): paxbot perft and paxbot moves.
#include <gtest/gtest.h>

#include <sstream>

#include "tests/support/run_command.h"

namespace {

using paxbot_test::quoted;
using paxbot_test::run_command;

const std::string kPaxbot = PAXBOT_BINARY;

TEST(Cli, HelpListsTheSubcommands) {
  auto r = run_command(kPaxbot + " --help");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_NE(r.out.find("perft"), std::string::npos);
  EXPECT_NE(r.out.find("moves"), std::string::npos);
  auto sub = run_command(kPaxbot + " perft --help");
  EXPECT_EQ(sub.exit_code, 0);
  EXPECT_NE(sub.out.find("--variant"), std::string::npos);
  auto unknown = run_command(kPaxbot + " frobnicate");
  EXPECT_NE(unknown.exit_code, 0);
  EXPECT_NE(unknown.err.find("unknown command 'frobnicate'"), std::string::npos);
}

// A build may leave the modules above the engine out (-DPAXBOT_MODULES); their subcommands
// then say so instead of running. This build has the server exactly when PAXBOT_HAVE_SERVER.
TEST(Cli, SubcommandsOfModulesLeftOutSaySo) {
  auto serve = run_command(kPaxbot + " serve --help");
  auto help = run_command(kPaxbot + " --help");
  ASSERT_EQ(help.exit_code, 0);
#if PAXBOT_HAVE_SERVER
  EXPECT_EQ(serve.exit_code, 0) << serve.err;
  EXPECT_NE(help.out.find("  serve "), std::string::npos) << help.out;
#else
  EXPECT_EQ(serve.exit_code, 2);
  EXPECT_NE(serve.err.find("'serve' is not in this build: it needs the module(s) server"),
            std::string::npos)
      << serve.err;
  EXPECT_EQ(help.out.find("  serve "), std::string::npos) << help.out;
  EXPECT_NE(help.out.find("not in this build (see PAXBOT_MODULES): "), std::string::npos);
#endif
}

TEST(Cli, PerftDividesAndTotals) {
  auto r = run_command(kPaxbot + " perft 3");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("e2e4: 600\n"), std::string::npos);
  EXPECT_NE(r.out.find("Nodes searched: 8902\n"), std::string::npos);
  EXPECT_NE(r.err.find("nodes/second"), std::string::npos);
  int lines = 0;
  for (char c : r.out) lines += c == '\n';
  EXPECT_EQ(lines, 20 + 2);  // one line per root move, a blank line and the total
}

TEST(Cli, PerftPacifistFromAFen) {
  auto r =
      run_command(kPaxbot + " perft --variant pacifist --fen " +
                  quoted("nbr1b1qr/ppppKppp/7n/4pN2/K3P3/P7/QPPP1PPP/B1R1RBN1 b - - 0 1") + " 1");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("Nodes searched: 4\n"), std::string::npos) << r.out;
}

TEST(Cli, MovesPrintsSortedMovesWithFensAndStatus) {
  auto r =
      run_command(kPaxbot + " moves --variant pacifist --fen " +
                  quoted("1rknn1br/p1pp1p1p/3bp1p1/1p1q2n1/5p2/2P4B/pP1PP1PP/B1RKR1QN w - - 0 1"));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(
      r.out.find("g1b6 1RKNN1br/P1PP1p1p/1Q1Bp1p1/1P1q2n1/5P2/2P4B/pP1PP1PP/B1RKR2N b - - 0 1\n"),
      std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("status: *\n"), std::string::npos);
  std::string previous;
  std::istringstream lines(r.out);
  for (std::string line; std::getline(lines, line) && line.rfind("status:", 0) != 0;) {
    EXPECT_LT(previous, line);
    previous = line;
  }
  auto over =
      run_command(kPaxbot + " moves --variant pacifist --fen " +
                  quoted("1RKNN1br/P1PP1p1p/1Q1Bp1p1/1P1q2n1/5P2/2P4B/pP1PP1PP/B1RKR2N b - - 0 1"));
  EXPECT_EQ(over.out, "status: 1-0\n");
}

TEST(Cli, ErrorsGoToStderrWithNonZeroExit) {
  auto bad_fen = run_command(kPaxbot + " moves --fen " + quoted("8/8/8 w - - 0 1"));
  EXPECT_NE(bad_fen.exit_code, 0);
  EXPECT_TRUE(bad_fen.out.empty());
  EXPECT_NE(bad_fen.err.find("has 3 ranks"), std::string::npos) << bad_fen.err;
  auto bad_variant = run_command(kPaxbot + " perft --variant atomic 2");
  EXPECT_NE(bad_variant.exit_code, 0);
  EXPECT_NE(bad_variant.err.find("unknown variant 'atomic'"), std::string::npos);
  auto bad_depth = run_command(kPaxbot + " perft deep");
  EXPECT_NE(bad_depth.exit_code, 0);
  EXPECT_NE(bad_depth.err.find("depth 'deep' is not a whole number"), std::string::npos);
  auto unknown_option = run_command(kPaxbot + " perft --colour white 2");
  EXPECT_NE(unknown_option.exit_code, 0);
  EXPECT_NE(unknown_option.err.find("unknown option '--colour'"), std::string::npos);
}

}  // namespace
