// SPDX-License-Identifier: GPL-3.0-or-later
// Daemons with endgame tablebases against `paxbot serve`: a won ending is converted by the
// shortest mate the tables know; a missing table path is a start-up warning naming it and the
// daemon plays on. Skipped without the Gaviota 3-piece tables (Debian's gaviotatb package).
#include <gtest/gtest.h>
#include <signal.h>

#include "engine/fen.h"
#include "engine/search/score.h"
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
    table_plies = engine::search::kTbWinScore - *score;
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

}  // namespace
}  // namespace paxbot_test
