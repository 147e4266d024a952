// SPDX-License-Identifier: GPL-3.0-or-later
// Loading a network from outside: the UCI option EvalFile (listed, loaded when set, errors
// as "info string" naming the file with the evaluation left as it was, empty for the
// classical evaluation) and `paxbot bench --eval-file`.
#include <gtest/gtest.h>

#include <chrono>
#include <fstream>
#include <sstream>
#include <thread>

#include "engine/nnue/network.h"
#include "engine/uci/uci.h"
#include "tests/engine/nnue/nnue_test_support.h"
#include "tests/support/locked_stream.h"
#include "tests/support/run_command.h"

namespace engine {
namespace {

class Session {
 public:
  Session() : adapter_(in_, out_) {}
  void send(std::string_view line) { adapter_.handle(line); }
  std::string output() { return out_.str(); }
  // Sends "go depth N" and waits for its bestmove (the search runs on its own thread).
  std::string search(int depth) {
    send("go depth " + std::to_string(depth));
    for (int waited = 0; waited < 60'000; waited += 5) {
      const std::string out = output();
      if (out.find("bestmove", searched_) != std::string::npos) {
        const auto at = out.find("bestmove", searched_);
        searched_ = at + 1;
        return out.substr(at, out.find('\n', at) - at);
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    return "";
  }
  // The nodes of the last "info depth" line.
  std::string last_nodes() {
    std::istringstream lines(output());
    std::string line, nodes;
    while (std::getline(lines, line))
      if (line.rfind("info depth", 0) == 0) {
        std::istringstream words(line);
        for (std::string word; words >> word;)
          if (word == "nodes") words >> nodes;
      }
    return nodes;
  }

 private:
  std::istringstream in_;
  paxbot_test::LockedStream out_;
  uci::UciAdapter adapter_;
  std::size_t searched_ = 0;
};

bool contains(const std::string& text, const std::string& needle) {
  return text.find(needle) != std::string::npos;
}

std::string line_starting(const std::string& text, const std::string& prefix) {
  const auto at = text.find(prefix);
  return at == std::string::npos ? "" : text.substr(at, text.find('\n', at) - at);
}

TEST(NnueEvalFile, UciOptionLoadsReportsAndKeepsTheEvaluationOnErrors) {
  paxbot_test::TempPath file("net.bin"), garbage("garbage.bin");
  ASSERT_TRUE(nnue::save_network(paxbot_test::random_network(32, 31), file.str()));
  std::ofstream(garbage.str()) << "not a network";

  Session s;
  s.send("uci");
  EXPECT_TRUE(contains(s.output(), "option name EvalFile type string default <empty>\n"));
  s.send("position startpos moves e2e4");
  ASSERT_NE(s.search(4), "");
  const std::string classical = s.last_nodes();

  s.send("setoption name EvalFile value /nonexistent/net.bin");
  EXPECT_TRUE(contains(s.output(),
                       "info string EvalFile /nonexistent/net.bin: cannot open the network file; "
                       "the evaluation stays the classical one\n"))
      << s.output();
  s.send("ucinewgame");
  ASSERT_NE(s.search(4), "");
  EXPECT_EQ(s.last_nodes(), classical);

  s.send("setoption name EvalFile value " + file.str());
  EXPECT_TRUE(contains(s.output(),
                       "info string EvalFile " + file.str() + ": a network with 32 hidden units\n"))
      << s.output();
  s.send("ucinewgame");
  ASSERT_NE(s.search(4), "");
  const std::string network = s.last_nodes();
  EXPECT_NE(network, classical);

  s.send("setoption name EvalFile value " + garbage.str());
  EXPECT_TRUE(contains(s.output(), "info string EvalFile " + garbage.str() +
                                       ": too short for a network header (13 bytes); the "
                                       "evaluation stays the network loaded before\n"))
      << s.output();
  s.send("ucinewgame");
  ASSERT_NE(s.search(4), "");
  EXPECT_EQ(s.last_nodes(), network);

  s.send("setoption name EvalFile value <empty>");
  EXPECT_TRUE(contains(s.output(), "info string EvalFile: the classical evaluation\n"));
  s.send("ucinewgame");
  ASSERT_NE(s.search(4), "");
  EXPECT_EQ(s.last_nodes(), classical);
  s.send("quit");
}

TEST(NnueEvalFile, BenchTakesANetworkFile) {
  const std::string paxbot = PAXBOT_BINARY;
  paxbot_test::TempPath file("net.bin");
  ASSERT_TRUE(nnue::save_network(paxbot_test::random_network(32, 32), file.str()));
  const std::string quick = paxbot + " bench --depth 4 --pacifist-depth 2";
  const auto classical = paxbot_test::run_command(quick);
  const auto network = paxbot_test::run_command(quick + " --eval-file " + file.str());
  ASSERT_EQ(classical.exit_code, 0) << classical.err;
  ASSERT_EQ(network.exit_code, 0) << network.err;
  EXPECT_TRUE(contains(network.err, "network: " + file.str() + ", 32 hidden units\n"))
      << network.err;
  const std::string nodes = line_starting(network.out, "Nodes searched: ");
  ASSERT_NE(nodes, "") << network.out;
  EXPECT_NE(nodes, line_starting(classical.out, "Nodes searched: "));

  const auto missing = paxbot_test::run_command(quick + " --eval-file /nonexistent/net.bin");
  EXPECT_EQ(missing.exit_code, 1);
  EXPECT_EQ(missing.err, "paxbot bench: /nonexistent/net.bin: cannot open the network file\n");
  EXPECT_EQ(missing.out, "");
}

}  // namespace
}  // namespace engine
