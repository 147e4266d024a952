// SPDX-License-Identifier: GPL-3.0-or-later
// Scripted UCI sessions: the protocol handshake, options, positions with both
// castling spellings, go with its limits, stop during an infinite search,
// ponderhit, go perft, garbage lines answered with "info string", the tablebase options,
// and the book options (OwnBook answers go with the book's move without searching).
#include <gtest/gtest.h>

#include <chrono>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "engine/game.h"
#include "engine/tablebase/syzygy.h"
#include "engine/uci/uci.h"
#include "tests/engine/tablebase/tablebase_test_support.h"
#include "tests/support/locked_stream.h"

namespace engine::uci {
namespace {

class Session {
 public:
  Session() : adapter_(in_, out_) {}
  bool send(std::string_view line) { return adapter_.handle(line); }
  std::string output() { return out_.str(); }
  // Waits (bounded) until the output contains `needle`.
  bool wait_for(std::string_view needle, int max_ms = 20'000) {
    for (int waited = 0; waited < max_ms; waited += 5) {
      if (output().find(needle) != std::string::npos) return true;
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    return false;
  }
  std::size_t count(std::string_view needle) {
    const std::string text = output();
    std::size_t n = 0;
    for (auto at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1)) ++n;
    return n;
  }
  // Waits (bounded) until the output contains `needle` at least n times.
  bool wait_for_count(std::string_view needle, std::size_t n, int max_ms = 20'000) {
    for (int waited = 0; waited < max_ms; waited += 5) {
      if (count(needle) >= n) return true;
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    return false;
  }
  std::string last_line_starting(std::string_view prefix) {
    std::istringstream lines(output());
    std::string line, last;
    while (std::getline(lines, line))
      if (line.rfind(prefix, 0) == 0) last = line;
    return last;
  }

 private:
  std::istringstream in_;
  paxbot_test::LockedStream out_;  // the search thread writes while the test reads
  UciAdapter adapter_;
};

TEST(UciSession, HandshakeListsTheOptions) {
  Session s;
  s.send("uci");
  const std::string out = s.output();
  EXPECT_NE(out.find("id name paxbot"), std::string::npos);
  for (const char* option :
       {"option name Hash type spin", "option name Threads type spin",
        "option name Move Overhead type spin", "option name Ponder type check default false",
        "option name UCI_Chess960 type check",
        "option name UCI_Variant type combo default chess var chess var pacifist",
        "option name OwnBook type check default false", "option name BookFile type string",
        "option name BookSelection type combo default weighted_random var best var "
        "weighted_random var uniform_random",
        "option name BookMinWeight type spin default 1", "option name BookDepth type spin"})
    EXPECT_NE(out.find(option), std::string::npos) << option;
  EXPECT_NE(out.find("uciok"), std::string::npos);
  s.send("isready");
  EXPECT_NE(s.output().find("readyok"), std::string::npos);
}

TEST(UciSession, OwnBookAnswersGoWithTheBookMoveWithoutSearching) {
  const std::string book = std::string(PAXBOT_TEST_DATA_DIR) + "/books/one-game.bin";
  Session s;
  s.send("setoption name BookFile value " + book);
  EXPECT_TRUE(s.wait_for("info string book " + book + ": 20 entries")) << s.output();
  s.send("setoption name OwnBook value true");
  s.send("setoption name BookSelection value best");
  // One-game book: after these ten plies White castles short, e1g1 in standard UCI.
  const std::string line =
      "position startpos moves e2e4 d7d5 e4e5 f7f5 e5f6 g8f6 g1f3 c8g4 f1e2 b8c6";
  s.send(line);
  s.send("go wtime 60000 btime 60000");
  ASSERT_TRUE(s.wait_for("bestmove"));
  EXPECT_EQ(s.last_line_starting("bestmove"), "bestmove e1g1");
  EXPECT_NE(s.output().find("info string book move e1g1 weight 1"), std::string::npos);
  EXPECT_EQ(s.count("info depth"), 0u) << "a book move needs no search";
  // go infinite analyses the position: it searches even in book.
  s.send("go infinite");
  ASSERT_TRUE(s.wait_for("info depth 2"));
  s.send("stop");
  ASSERT_TRUE(s.wait_for_count("bestmove", 2));
  // BookDepth 10 ends the book at ply 10: go searches.
  s.send("setoption name BookDepth value 10");
  const std::size_t searched = s.count("info depth 1 ");
  s.send("go depth 2");
  ASSERT_TRUE(s.wait_for_count("bestmove", 3));
  EXPECT_GT(s.count("info depth 1 "), searched);
  EXPECT_EQ(s.count("info string book move"), 1u);
  s.send("quit");
}

TEST(UciSession, BadBookOptionsAreAnsweredWithInfoString) {
  Session s;
  s.send("setoption name BookFile value /nonexistent/book.bin");
  EXPECT_NE(s.output().find("info string book /nonexistent/book.bin: cannot open"),
            std::string::npos)
      << s.output();
  s.send("setoption name OwnBook value true");
  EXPECT_NE(s.output().find("no BookFile is loaded"), std::string::npos) << s.output();
  s.send("setoption name BookSelection value sometimes");
  EXPECT_NE(s.output().find("BookSelection 'sometimes' is not one of"), std::string::npos);
  s.send("setoption name BookDepth value -3");
  EXPECT_NE(s.output().find("option BookDepth: '-3' is not a whole number"), std::string::npos);
  // Without a book, go searches as usual.
  s.send("go depth 1");
  ASSERT_TRUE(s.wait_for("bestmove"));
  s.send("quit");
}

TEST(UciSession, GoDepthPrintsInfoAndBestMove) {
  Session s;
  s.send("setoption name Hash value 8");
  s.send("setoption name Threads value 1");
  s.send("ucinewgame");
  s.send("position startpos moves e2e4 e7e5");
  s.send("go depth 4");
  ASSERT_TRUE(s.wait_for("bestmove"));
  const std::string info = s.last_line_starting("info depth 4");
  for (const char* field :
       {" seldepth ", " score cp ", " nodes ", " nps ", " hashfull ", " time ", " pv "})
    EXPECT_NE(info.find(field), std::string::npos) << field << " in: " << info;
  s.send("quit");
}

TEST(UciSession, StopEndsAnInfiniteSearch) {
  Session s;
  s.send("position startpos");
  s.send("go infinite");
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  EXPECT_EQ(s.count("bestmove"), 0u) << "an infinite search must wait for stop";
  s.send("isready");
  EXPECT_TRUE(s.wait_for("readyok"));
  s.send("stop");
  ASSERT_TRUE(s.wait_for("bestmove"));
  EXPECT_EQ(s.count("bestmove"), 1u);
  EXPECT_FALSE(s.send("quit"));
}

// The moves of the last "bestmove <move> ponder <move>" line; empty when there is none.
std::vector<std::string> best_and_ponder(Session& s) {
  const std::vector<std::string> words = tokenize(s.last_line_starting("bestmove "));
  if (words.size() != 4 || words[2] != "ponder") return {};
  return {words[1], words[3]};
}

TEST(UciSession, PonderhitTurnsPonderingIntoATimedSearchWithAPonderMove) {
  Session s;
  s.send("position startpos moves d2d4 d7d5");
  // Three tenths of a second: once our clock runs this move may take a few milliseconds.
  s.send("go ponder wtime 300 btime 300");
  ASSERT_TRUE(s.wait_for("info depth 4"));
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  EXPECT_EQ(s.count("bestmove"), 0u)
      << "pondering is the opponent's time: no move before ponderhit";
  s.send("ponderhit");
  ASSERT_TRUE(s.wait_for("bestmove"));
  EXPECT_EQ(s.count("bestmove"), 1u);
  // The ponder move is the expected reply: legal after our move.
  const std::vector<std::string> moves = best_and_ponder(s);
  ASSERT_EQ(moves.size(), 2u) << s.output();
  EXPECT_TRUE(replay(Variant::Standard, "startpos", {"d2d4", "d7d5", moves[0], moves[1]}))
      << moves[0] << " " << moves[1];
  s.send("ponderhit");  // a late duplicate: nothing is searching, nothing happens
  s.send("isready");
  ASSERT_TRUE(s.wait_for("readyok"));
  EXPECT_EQ(s.count("bestmove"), 1u);
}

TEST(UciSession, StopEndsAPonderSearchAndTheNextGoSearchesTheNewPosition) {
  Session s;
  s.send("setoption name Ponder value true");
  s.send("position startpos moves e2e4 e7e5");
  s.send("go ponder wtime 60000 btime 60000 winc 1000 binc 1000");
  ASSERT_TRUE(s.wait_for("info depth 2"));
  // The opponent played something else: the GUI stops the ponder search ...
  s.send("stop");
  ASSERT_TRUE(s.wait_for("bestmove"));
  // ... and searches the real position.
  s.send("position startpos moves e2e4 c7c5");
  s.send("go wtime 60000 btime 60000 winc 1000 binc 1000");
  ASSERT_TRUE(s.wait_for_count("bestmove", 2));
  const std::vector<std::string> moves = best_and_ponder(s);
  ASSERT_EQ(moves.size(), 2u) << s.output();
  EXPECT_TRUE(replay(Variant::Standard, "startpos", {"e2e4", "c7c5", moves[0], moves[1]}));
  EXPECT_EQ(s.count("info string"), 0u) << s.output();
}

TEST(UciSession, PonderIsACheckOption) {
  Session s;
  s.send("setoption name Ponder value true");
  s.send("setoption name Ponder value false");
  EXPECT_EQ(s.count("info string"), 0u) << s.output();
  s.send("setoption name Ponder value sometimes");
  EXPECT_NE(s.output().find("info string option Ponder: 'sometimes' is not true or false"),
            std::string::npos)
      << s.output();
}

TEST(UciSession, CastlingFollowsUciConventionUnlessChess960) {
  const char* fen = "position fen r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";
  Session s;
  s.send(fen);
  s.send("go perft 1");
  ASSERT_TRUE(s.wait_for("Nodes searched: "));
  EXPECT_NE(s.output().find("e1g1: 1"), std::string::npos);
  EXPECT_NE(s.output().find("e1c1: 1"), std::string::npos);
  // Both spellings are accepted as input.
  s.send(std::string(fen) + " moves e1h1 e8g8");
  s.send("d");
  EXPECT_NE(s.output().find("fen r4rk1/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 w - -"), std::string::npos);

  Session c;
  c.send("setoption name UCI_Chess960 value true");
  c.send(fen);
  c.send("go perft 1");
  ASSERT_TRUE(c.wait_for("Nodes searched: "));
  EXPECT_NE(c.output().find("e1h1: 1"), std::string::npos);
  EXPECT_NE(c.output().find("e1a1: 1"), std::string::npos);
}

TEST(UciSession, PacifistVariantOption) {
  Session s;
  s.send("setoption name UCI_Variant value pacifist");
  s.send("position fen 1rknn1br/p1pp1p1p/3bp1p1/1p1q2n1/5p2/2P4B/pP1PP1PP/B1RKR1QN w - - 0 1");
  s.send("go depth 3");
  ASSERT_TRUE(s.wait_for("bestmove"));
  EXPECT_NE(s.output().find("bestmove g1b6"), std::string::npos);
  EXPECT_NE(s.output().find("score mate 1"), std::string::npos);
  s.send("go perft 2");
  EXPECT_TRUE(s.wait_for("Nodes searched: 769"));
}

TEST(UciSession, GarbageIsAnsweredWithInfoStringAndIgnored) {
  Session s;
  const char* garbage[] = {
      "xyzzy",
      "position",
      "position sideways",
      "position fen not/a/fen w - - 0 1",
      "position startpos moves e2e5",
      "position startpos junk e2e4",
      "setoption",
      "setoption name Hash value lots",
      "setoption name Threads value 0",
      "setoption name UCI_Variant value atomic",
      "setoption name NoSuchOption value 1",
      "go wtime soon",
      "go sideways",
  };
  for (const char* line : garbage) {
    const std::size_t before = s.count("info string");
    EXPECT_TRUE(s.send(line));
    EXPECT_GT(s.count("info string"), before) << line;
  }
  EXPECT_TRUE(s.wait_for("bestmove"));  // the last two go commands still search
  s.send("stop");
  // The position is unchanged by the bad commands: still the start position.
  s.send("d");
  EXPECT_NE(s.output().find("fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
            std::string::npos);
  s.send("");
  s.send("   ");
  EXPECT_TRUE(s.send("isready"));
  EXPECT_TRUE(s.wait_for("readyok"));
}

TEST(UciSession, InputIsUntiedFromTheOutput) {
  // Reading from a stream tied to the output (std::cin and std::cout) would flush the
  // output on the reading thread, racing with the search thread's writes.
  std::istringstream in("isready\n");
  paxbot_test::LockedStream out;
  in.tie(&out);
  UciAdapter adapter(in, out);
  EXPECT_EQ(in.tie(), nullptr);
}

TEST(UciSession, ReadsAScriptFromAStreamUntilQuit) {
  std::istringstream in(
      "uci\nisready\nposition startpos moves g1f3\ngo nodes 500\nisready\nquit\ngo depth 3\n");
  paxbot_test::LockedStream out;
  UciAdapter adapter(in, out);
  EXPECT_EQ(adapter.run(), 0);
  const std::string text = out.str();
  EXPECT_NE(text.find("uciok"), std::string::npos);
  EXPECT_NE(text.find("bestmove"), std::string::npos);
  EXPECT_EQ(text.find("bestmove"), text.rfind("bestmove"));  // nothing after quit
}

}  // namespace
}  // namespace engine::uci

namespace engine::uci {
namespace {

TEST(UciSession, TablebaseOptionsNameABadPathAndUseGoodTables) {
  Session s;
  s.send("uci");
  EXPECT_TRUE(s.wait_for("option name SyzygyPath type string default <empty>"));
  EXPECT_TRUE(s.wait_for("option name GaviotaTbPath type string default <empty>"));
  EXPECT_TRUE(s.wait_for("option name SyzygyProbeLimit type spin"));
  s.send("setoption name SyzygyPath value /nonexistent/paxbot-tb");
  s.send("isready");
  ASSERT_TRUE(s.wait_for("readyok"));
  if (tablebase::SyzygyTables::compiled_in())
    EXPECT_TRUE(
        s.wait_for("info string Syzygy tablebase path '/nonexistent/paxbot-tb': no such directory"))
        << s.output();
  else
    EXPECT_TRUE(s.wait_for("built without Fathom")) << s.output();
  s.send("setoption name SyzygyPath value <empty>");

  const std::string gaviota = tablebase::testing::gaviota_dir();
  if (const std::string why = tablebase::testing::gaviota_unavailable(); !why.empty())
    GTEST_SKIP() << why;
  s.send("setoption name GaviotaTbPath value " + gaviota);
  EXPECT_TRUE(s.wait_for("info string tablebases: Gaviota 3-piece")) << s.output();
  s.send("position fen 8/8/8/3k4/8/8/8/KQ6 w - - 0 1");
  s.send("go depth 5");
  ASSERT_TRUE(s.wait_for("bestmove"));
  EXPECT_TRUE(s.wait_for(" score mate ")) << s.output();
  EXPECT_TRUE(s.wait_for(" tbhits ")) << s.output();
}

}  // namespace
}  // namespace engine::uci
