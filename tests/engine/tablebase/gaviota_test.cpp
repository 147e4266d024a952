// SPDX-License-Identifier: GPL-3.0-or-later
// Gaviota tables (Debian's gaviotatb package: the 3-piece tables): the engine reports the
// table's mate distance in KQK, KRK and KPK and wins in exactly that many moves against the
// table's best defence; the tables are one owner per process; Pacifist is never probed.
// Skipped when paxbot was built without libgaviotatb or the tables are not installed.
#include "engine/tablebase/gaviota.h"

#include <gtest/gtest.h>

#include <string>

#include "engine/engine.h"
#include "engine/fen.h"
#include "engine/movegen.h"
#include "engine/notation.h"
#include "engine/score.h"
#include "engine/status.h"
#include "engine/tablebase/tablebases.h"
#include "tests/engine/tablebase/tablebase_test_support.h"

namespace engine::tablebase {
namespace {

using testing::gaviota_at;
using testing::gaviota_dir;
using testing::to_depth;

#define SKIP_WITHOUT_GAVIOTA() \
  if (const std::string why = testing::gaviota_unavailable(); !why.empty()) GTEST_SKIP() << why

Position fen(const std::string& text, Variant v = Variant::Standard) {
  auto pos = parse_fen(text, v);
  EXPECT_TRUE(pos) << text;
  return *pos;
}

std::shared_ptr<const Tablebases> open_gaviota() {
  auto opened = Tablebases::open(gaviota_at(gaviota_dir()));
  for (const std::string& m : opened.messages) ADD_FAILURE() << m;
  return opened.tables;
}

struct Ending {
  const char* name;
  const char* fen;
};

// Won for the side to move (KPK: the pawn promotes), chosen to need several moves.
constexpr Ending kEndings[] = {
    {"KQK", "8/8/8/3k4/8/8/8/KQ6 w - - 0 1"},  {"KQK black", "6qk/8/8/8/8/8/8/3K4 b - - 0 1"},
    {"KRK", "8/8/8/4k3/8/8/8/R3K3 w - - 0 1"}, {"KRK corner", "k7/8/8/8/8/8/8/6RK w - - 0 1"},
    {"KPK", "8/8/8/8/8/2k5/4PK2/8 w - - 0 1"}, {"KPK black", "8/4kp2/8/8/8/8/8/5K2 b - - 0 1"},
};

TEST(GaviotaTables, OpensTheThreePieceTablesOfTheGaviotatbPackage) {
  SKIP_WITHOUT_GAVIOTA();
  std::vector<std::string> messages;
  auto tables = GaviotaTables::open(gaviota_dir(), 4, messages);
  ASSERT_TRUE(tables) << (messages.empty() ? "" : messages[0]);
  EXPECT_EQ(tables->max_pieces(), 3);
  // KQK lost for the side to move, KNK drawn; a four-piece ending is not covered.
  EXPECT_EQ(tables->probe(fen("8/8/8/3k4/8/8/2Q5/K7 b - - 0 1"))->outcome, Dtm::Outcome::Loss);
  EXPECT_EQ(tables->probe(fen("8/8/8/3k4/8/8/2N5/K7 b - - 0 1"))->outcome, Dtm::Outcome::Draw);
  EXPECT_FALSE(tables->probe(fen("8/8/8/3k4/8/8/2QQ4/K7 b - - 0 1")));
}

TEST(GaviotaTables, OneOwnerPerProcess) {
  SKIP_WITHOUT_GAVIOTA();
  std::vector<std::string> messages;
  auto first = GaviotaTables::open(gaviota_dir(), 4, messages);
  ASSERT_TRUE(first);
  auto second = GaviotaTables::open(gaviota_dir(), 4, messages);
  EXPECT_FALSE(second);
  ASSERT_EQ(messages.size(), 1u);
  EXPECT_NE(messages[0].find("already open"), std::string::npos) << messages[0];
  first.reset();
  messages.clear();
  EXPECT_TRUE(GaviotaTables::open(gaviota_dir(), 4, messages)) << "released with the owner";
}

TEST(GaviotaTables, EngineReportsTheTablesMateDistanceAndWinsInThatManyMoves) {
  SKIP_WITHOUT_GAVIOTA();
  auto tables = open_gaviota();
  ASSERT_TRUE(tables);
  for (const Ending& ending : kEndings) {
    SCOPED_TRACE(ending.name);
    Position pos = fen(ending.fen);
    const Color winner = pos.side_to_move();
    // The table's distance to mate (Tablebases::probe scores it kTbWinScore - plies at ply 0).
    const auto root_score = tables->probe(pos, 0);
    ASSERT_TRUE(root_score);
    ASSERT_TRUE(is_tb_result(*root_score) && *root_score > 0) << *root_score;
    const int table_plies = kTbWinScore - *root_score;
    const int table_moves = (table_plies + 1) / 2;
    EXPECT_GE(table_moves, 2);

    Engine engine({.hash_mb = 4, .threads = 1, .tablebases = tables});
    int winner_moves = 0;
    for (int ply = 0; ply < 2 * table_plies + 2 && !game_status(pos).over(); ++ply) {
      Move m = Move::none();
      if (pos.side_to_move() == winner) {
        engine.set_position(pos);
        const SearchResult r = engine.search(to_depth(6));
        ASSERT_TRUE(r.info.mate_in);
        // Each move the reported distance is the table's: one move less every time.
        EXPECT_EQ(*r.info.mate_in, table_moves - winner_moves) << to_fen(pos);
        m = r.best;
        ++winner_moves;
      } else {
        // The table's best defence: the reply whose position it rates longest to mate (read
        // here from the probes, independently of the root choice under test).
        int best = -1;
        for (Move reply : legal_moves(pos)) {
          Position after = pos;
          UndoRecord undo;
          after.make_move(reply, undo);
          const auto s = tables->probe(after, 0);
          ASSERT_TRUE(s) << to_fen(after);
          ASSERT_GT(*s, 0) << "a defence the table rates as not lost: " << to_fen(after);
          const int plies = kTbWinScore - *s;
          if (plies > best) best = plies, m = reply;
        }
      }
      ASSERT_TRUE(is_legal(pos, m)) << to_fen(pos);
      UndoRecord undo;
      pos.make_move(m, undo);
    }
    EXPECT_EQ(game_status(pos).outcome, winner == White ? Outcome::WhiteWins : Outcome::BlackWins)
        << to_fen(pos);
    EXPECT_EQ(winner_moves, table_moves);
  }
}

TEST(GaviotaTables, DrawnEndingIsReportedAsADraw) {
  SKIP_WITHOUT_GAVIOTA();
  auto tables = open_gaviota();
  ASSERT_TRUE(tables);
  Engine engine({.hash_mb = 4, .threads = 1, .tablebases = tables});
  // KPK with the defending king in front of a rook pawn.
  engine.set_position(fen("k7/8/8/8/8/8/P7/1K6 w - - 0 1"));
  const SearchResult r = engine.search(to_depth(8));
  EXPECT_FALSE(r.info.mate_in);
  EXPECT_EQ(r.info.score_cp, kDrawScore);
  EXPECT_GE(r.info.tb_hits, 1u);
}

TEST(GaviotaTables, PacifistIsNeverProbed) {
  SKIP_WITHOUT_GAVIOTA();
  auto tables = open_gaviota();
  ASSERT_TRUE(tables);
  const std::string kqk = "8/8/8/3k4/8/8/8/KQ6 w - - 0 1";
  const Position pacifist = fen(kqk, Variant::Pacifist);
  EXPECT_FALSE(tables->probe(pacifist, 0));
  EXPECT_FALSE(tables->root(pacifist));
  // The same search with and without the tables: nothing probed, the same tree.
  Engine with({.hash_mb = 4, .threads = 1, .tablebases = tables});
  Engine without({.hash_mb = 4, .threads = 1});
  with.set_position(pacifist);
  without.set_position(pacifist);
  const SearchResult a = with.search(to_depth(5));
  const SearchResult b = without.search(to_depth(5));
  EXPECT_EQ(a.info.tb_hits, 0u);
  EXPECT_EQ(a.info.nodes, b.info.nodes);
  EXPECT_EQ(a.best, b.best);
  // The same placement in chess is answered by the tables.
  with.set_position(fen(kqk));
  EXPECT_GE(with.search(to_depth(5)).info.tb_hits, 1u);
}

TEST(GaviotaTables, Chess960WithoutCastlingRightsIsProbed) {
  SKIP_WITHOUT_GAVIOTA();
  auto tables = open_gaviota();
  ASSERT_TRUE(tables);
  EXPECT_TRUE(tables->probe(fen("8/8/8/3k4/8/8/8/KQ6 w - - 0 1", Variant::Chess960), 0));
}

}  // namespace
}  // namespace engine::tablebase
