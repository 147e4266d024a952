// SPDX-License-Identifier: GPL-3.0-or-later
// Two daemons with the one-game book (tests/data/books) play its game move for move through
// `paxbot serve`, without searching, then search on from where the book ends.
#include <gtest/gtest.h>

#include <iostream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "tests/integration/arena.h"

namespace paxbot_test {
namespace {

using namespace std::chrono_literals;

const std::string kBook = std::string(PAXBOT_SOURCE_DIR) + "/tests/data/books/one-game.bin";
// tests/data/books/one-game.pgn, as the server exports moves (SAN).
const std::vector<std::string> kBookGame = {"e4",  "d5",  "e5",  "f5",  "exf6", "Nxf6", "Nf3",
                                            "Bg4", "Be2", "Nc6", "O-O", "Qd7",  "d4",   "O-O-O",
                                            "c4",  "e6",  "Nc3", "Bd6", "h3",   "Bh5"};

std::vector<std::string> words(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

int count(const std::string& log, const std::string& what) {
  int n = 0;
  for (auto at = log.find(what); at != std::string::npos; at = log.find(what, at + 1)) ++n;
  return n;
}

TEST(OpeningBookGames, DaemonsPlayTheBookGameThenSearchOn) {
  Arena arena;
  const auto with_book = [](config::Config& c) {
    c.engine.book.standard = {kBook};
    c.engine.book.selection = config::BookSelection::best;
  };
  ChildProcess alice = arena.start_bot("alice", with_book);
  ChildProcess bob = arena.start_bot("bob", with_book);
  for (const char* name : {"alice", "bob"})
    ASSERT_TRUE(wait_until(
        [&] {
          return arena.log_of(name).find("playing as " + std::string(name)) != std::string::npos;
        },
        10s));
  EXPECT_NE(arena.log_of("alice").find("opening book for standard: 1 file(s), 20 entries"),
            std::string::npos)
      << arena.log_of("alice");

  const std::string id = arena.challenge("bob", "alice", "standard", 120, 1);
  ASSERT_FALSE(id.empty());
  const std::size_t want = kBookGame.size() + 4;
  ASSERT_TRUE(wait_until(
      [&] {
        GameOutcome o = arena.outcome(id);
        return o.plies >= int(want) || !o.status.empty();
      },
      120s))
      << arena.log_of("alice");

  auto exported = arena.client("carol").export_game(id, bot::GameExportFormat::kJson);
  ASSERT_TRUE(exported);
  const auto moves = words(nlohmann::json::parse(*exported).value("moves", ""));
  ASSERT_GE(moves.size(), want) << *exported;
  EXPECT_EQ(std::vector<std::string>(moves.begin(), moves.begin() + long(kBookGame.size())),
            kBookGame);

  // Each side played its ten book moves without a search, then both searched on.
  for (const char* name : {"alice", "bob"}) {
    const std::string log = arena.log_of(name);
    EXPECT_EQ(count(log, "book move, weight 1 in " + kBook), 10) << log;
    // White leaves the book at ply 20, Black at ply 21.
    const auto out = log.find("game " + id + ": out of book after ");
    ASSERT_NE(out, std::string::npos) << log;
    EXPECT_NE(log.find("plies (10 book moves", out), std::string::npos) << log;
    EXPECT_GE(count(log, "game " + id + ": searching ("), 1) << log;
    // Benchmark figure: the daemon's time per book move (probe, log, post), not asserted.
    std::cout << "[ benchmark ] " << name << " book moves, overhead (us):";
    for (auto at = log.find("book move, weight"); at != std::string::npos;
         at = log.find("book move, weight", at + 1)) {
      const auto overhead = log.find(", overhead ", at);
      if (overhead != std::string::npos) std::cout << " " << std::stol(log.substr(overhead + 11));
    }
    std::cout << "\n";
  }
}

TEST(OpeningBookGames, CorruptBookStopsTheDaemonAtStartUpNamingTheFile) {
  Arena arena;
  arena.dir().write("broken.bin", "fifteen bytes!!");
  const std::string broken = arena.dir().file("broken.bin");
  ChildProcess alice = arena.start_bot("alice", [&](config::Config& c) {
    c.engine.book.chess960 = {kBook, broken};
  });
  EXPECT_EQ(alice.wait(20s), 1) << arena.log_of("alice");
  const std::string log = arena.log_of("alice");
  EXPECT_NE(log.find("engine.book.chess960"), std::string::npos) << log;
  EXPECT_NE(log.find(broken + ": 15 bytes"), std::string::npos) << log;
  EXPECT_NE(log.find("nothing started"), std::string::npos) << log;
}

}  // namespace
}  // namespace paxbot_test
