// SPDX-License-Identifier: GPL-3.0-or-later
// Daemons with endgame tablebases against `paxbot serve`: a won ending is converted by the
// shortest mate the tables know; a missing table path is a start-up warning naming it and the
// daemon plays on; with the switches on, a lost table result resigns and a drawn one is
// offered and accepted at once. Skipped without the Gaviota 3-piece tables (Debian's gaviotatb
// package).
#include <gtest/gtest.h>
#include <signal.h>

#include "engine/fen.h"
#include "engine/score.h"
#include "engine/tablebase/tablebases.h"
#include "tests/engine/tablebase/tablebase_test_support.h"
#include "tests/integration/arena.h"

namespace paxbot_test {
namespace {

using namespace std::chrono_literals;

using engine::tablebase::testing::gaviota_at;
using engine::tablebase::testing::gaviota_dir;

TEST(TablebaseGames, DaemonsWithTablesConvertAWonEndingByTheShortestMate) {
  if (const std::string why = engine::tablebase::testing::gaviota_unavailable(); !why.empty())
    GTEST_SKIP() << why;
  const std::string fen = "8/8/8/3k4/8/8/8/KQ6 w - - 0 1";
  // The table's distance to mate, read in this process.
  int table_plies = 0;
  {
    auto opened = engine::tablebase::Tablebases::open(gaviota_at(gaviota_dir()));
    ASSERT_TRUE(opened.tables);
    const auto score = opened.tables->probe(*engine::parse_fen(fen, engine::Variant::Standard), 0);
    ASSERT_TRUE(score);
    table_plies = engine::kTbWinScore - *score;
  }
  Arena arena;
  // Both sides have the tables (the colours are the server's choice), and alice also names a
  // Syzygy directory that does not exist.
  ChildProcess alice = arena.start_bot("alice", [&](config::Config& c) {
    c.engine.tablebases.gaviota_path = gaviota_dir();
    c.engine.tablebases.syzygy_path = "/nonexistent/paxbot-syzygy";
  });
  ChildProcess bob = arena.start_bot(
      "bob", [&](config::Config& c) { c.engine.tablebases.gaviota_path = gaviota_dir(); });
  ASSERT_TRUE(wait_until(
      [&] { return arena.log_of("alice").find("playing as alice") != std::string::npos; }, 10s));
  ASSERT_TRUE(wait_until(
      [&] { return arena.log_of("bob").find("playing as bob") != std::string::npos; }, 10s));
  const std::string log = arena.log_of("alice");
  EXPECT_NE(log.find("Syzygy tablebase path '/nonexistent/paxbot-syzygy': no such directory"),
            std::string::npos)
      << log;
  EXPECT_NE(log.find("tablebases: Gaviota 3-piece"), std::string::npos) << log;

  const std::string id = arena.challenge("bob", "alice", "fromPosition", 60, 1, fen);
  ASSERT_FALSE(id.empty());
  ASSERT_TRUE(arena.wait_for_end(id, 120s)) << arena.log_of("alice");
  const GameOutcome o = arena.outcome(id);
  EXPECT_EQ(o.status, "mate");
  EXPECT_EQ(o.winner, "white");
  // White mates in N moves: 2N - 1 plies, the table's distance.
  EXPECT_EQ(o.plies, table_plies);

  alice.signal(SIGTERM);
  bob.signal(SIGTERM);
  EXPECT_EQ(alice.wait(20s), 0) << arena.log_of("alice");
  EXPECT_EQ(bob.wait(20s), 0) << arena.log_of("bob");
}

TEST(TablebaseGames, TablesDecideResignationAndDrawOffersWhenSwitchedOn) {
  if (const std::string why = engine::tablebase::testing::gaviota_unavailable(); !why.empty())
    GTEST_SKIP() << why;
  Arena arena;
  const auto switched_on = [](config::Config& c) {
    c.engine.tablebases.gaviota_path = gaviota_dir();
    c.engine.resign.enabled = true;
    c.engine.resign.tablebase = true;
    c.engine.draw_offer.tablebase = true;  // min_moves (30) would otherwise forbid it
  };
  ChildProcess alice = arena.start_bot("alice", switched_on);
  ChildProcess bob = arena.start_bot("bob", switched_on);
  ASSERT_TRUE(wait_until(
      [&] { return arena.log_of("alice").find("playing as alice") != std::string::npos; }, 10s));
  ASSERT_TRUE(wait_until(
      [&] { return arena.log_of("bob").find("playing as bob") != std::string::npos; }, 10s));
  // Black's king must step out of check; White then takes the rook (a table win), and black,
  // lost by the tables, resigns on its second move (before both sides have moved a
  // resignation would be an abort).
  const std::string lost =
      arena.challenge("bob", "alice", "fromPosition", 60, 1, "k7/8/8/6K1/4Q3/8/8/7r b - - 0 1");
  // Drawn by the tables (rook pawn, defending king in the corner): a draw by agreement.
  const std::string drawn =
      arena.challenge("bob", "alice", "fromPosition", 60, 1, "k7/8/8/8/8/8/P7/1K6 w - - 0 1");
  ASSERT_TRUE(arena.wait_for_end(lost, 60s)) << arena.log_of("alice");
  ASSERT_TRUE(arena.wait_for_end(drawn, 60s)) << arena.log_of("alice");
  const GameOutcome l = arena.outcome(lost);
  EXPECT_EQ(l.status, "resign");
  EXPECT_EQ(l.winner, "white");
  EXPECT_EQ(l.plies, 2);
  const GameOutcome d = arena.outcome(drawn);
  EXPECT_EQ(d.status, "draw");
  EXPECT_LE(d.plies, 4);
  alice.signal(SIGTERM);
  bob.signal(SIGTERM);
  EXPECT_EQ(alice.wait(20s), 0) << arena.log_of("alice");
  EXPECT_EQ(bob.wait(20s), 0) << arena.log_of("bob");
}

}  // namespace
}  // namespace paxbot_test
