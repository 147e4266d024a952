// SPDX-License-Identifier: GPL-3.0-or-later
// Syzygy tables through Fathom, without real table files (no Debian package ships them):
// no path, a missing path, a file instead of a directory, an empty directory, a truncated
// file and a file of the right size with garbage in it all give a clear message naming the
// path or file, never a crash, and the engine plays on. What needs real tables (WDL and DTZ
// values, DTZ root moves) is not tested here; see docs/engine.md.
#include "engine/tablebase/syzygy.h"

#include <gtest/gtest.h>

#include <unistd.h>
#include <filesystem>
#include <fstream>
#include <string>

#include "engine/engine.h"
#include "engine/fen.h"
#include "engine/movegen.h"
#include "engine/tablebase/tablebases.h"
#include "tests/engine/tablebase/tablebase_test_support.h"

namespace engine::tablebase {
namespace {

namespace fs = std::filesystem;
using testing::syzygy_at;
using testing::to_depth;

#define SKIP_WITHOUT_FATHOM()       \
  if (!SyzygyTables::compiled_in()) \
  GTEST_SKIP() << "built without Fathom (install libfathom-dev and reconfigure)"

// A fresh directory under the system's temporary directory, removed afterwards.
class TempDir {
 public:
  TempDir() {
    path_ = fs::temp_directory_path() /
            ("paxbot-syzygy-" + std::to_string(::getpid()) + "-" + std::to_string(counter_++));
    fs::remove_all(path_);
    fs::create_directories(path_);
  }
  ~TempDir() { fs::remove_all(path_); }
  const fs::path& path() const { return path_; }
  std::string file(const std::string& name, std::size_t size, unsigned char fill) const {
    const fs::path p = path_ / name;
    std::ofstream out(p, std::ios::binary);
    for (std::size_t i = 0; i < size; ++i) out.put(char(fill));
    return p.string();
  }

 private:
  static inline int counter_ = 0;
  fs::path path_;
};

bool mentions(const std::vector<std::string>& messages, const std::string& what) {
  for (const std::string& m : messages)
    if (m.find(what) != std::string::npos) return true;
  return false;
}

std::string all(const std::vector<std::string>& messages) {
  std::string text;
  for (const std::string& m : messages) text += m + "\n";
  return text;
}

Position kqk() {
  return *parse_fen("8/8/8/3k4/8/8/8/KQ6 w - - 0 1", Variant::Standard);
}

TEST(SyzygyTables, NoPathOpensNothingAndSaysNothing) {
  auto opened = Tablebases::open({});
  EXPECT_FALSE(opened.tables);
  EXPECT_TRUE(opened.messages.empty()) << all(opened.messages);
}

TEST(SyzygyTables, MissingDirectoryIsNamed) {
  SKIP_WITHOUT_FATHOM();
  const std::string missing = "/nonexistent/paxbot/syzygy";
  auto opened = Tablebases::open(syzygy_at(missing));
  EXPECT_FALSE(opened.tables);
  EXPECT_TRUE(mentions(opened.messages, "'" + missing + "': no such directory"))
      << all(opened.messages);
}

TEST(SyzygyTables, AFileIsNotADirectoryAndAnEmptyDirectoryHasNoTables) {
  SKIP_WITHOUT_FATHOM();
  TempDir dir;
  const std::string file = dir.file("notes.txt", 10, 'x');
  auto opened = Tablebases::open(syzygy_at(file));
  EXPECT_FALSE(opened.tables);
  EXPECT_TRUE(mentions(opened.messages, "'" + file + "': not a directory")) << all(opened.messages);

  TempDir empty;
  opened = Tablebases::open(syzygy_at(empty.path().string()));
  EXPECT_FALSE(opened.tables);
  EXPECT_TRUE(mentions(opened.messages, "no table files")) << all(opened.messages);
  // Of several directories the usable ones count; the bad ones are named.
  opened = Tablebases::open(syzygy_at("/nonexistent/a:" + empty.path().string()));
  EXPECT_TRUE(mentions(opened.messages, "'/nonexistent/a': no such directory"));
  EXPECT_TRUE(mentions(opened.messages, "no table files"));
}

TEST(SyzygyTables, TruncatedFileIsNamedAndItsDirectoryNotUsed) {
  SKIP_WITHOUT_FATHOM();
  TempDir dir;
  const std::string file = dir.file("KQvK.rtbw", 100, 0x71);
  auto opened = Tablebases::open(syzygy_at(dir.path().string()));
  EXPECT_TRUE(mentions(opened.messages, "'" + file + "': truncated")) << all(opened.messages);
  EXPECT_TRUE(mentions(opened.messages, "'" + dir.path().string() + "' not used"))
      << all(opened.messages);
  EXPECT_FALSE(opened.tables);
}

// Fathom itself crashes on such a file (a double free after its magic-number check), so the
// directory must never reach it: the test process surviving is part of the test.
TEST(SyzygyTables, GarbageFileIsNamedAndNeverReachesFathom) {
  SKIP_WITHOUT_FATHOM();
  TempDir dir;
  // The right size for a table file (16 + 64k bytes), the wrong content.
  const std::string wdl = dir.file("KQvK.rtbw", 16 + 64 * 8, 0xAB);
  const std::string dtz = dir.file("KQvK.rtbz", 16 + 64 * 8, 0xCD);
  auto opened = Tablebases::open(syzygy_at(dir.path().string()));
  EXPECT_TRUE(mentions(opened.messages, "'" + wdl + "': not a Syzygy WDL table"))
      << all(opened.messages);
  EXPECT_TRUE(mentions(opened.messages, "'" + dtz + "': not a Syzygy DTZ table"))
      << all(opened.messages);
  EXPECT_FALSE(opened.tables);
  // The engine plays on without them.
  Engine engine({.hash_mb = 4, .threads = 1, .tablebases = opened.tables});
  const Position pos = kqk();
  engine.set_position(pos);
  const SearchResult r = engine.search(to_depth(4));
  EXPECT_TRUE(legal_moves(pos).contains(r.best));
  EXPECT_EQ(r.info.tb_hits, 0u);
}

TEST(SyzygyTables, ADamagedDirectoryDoesNotSpoilAGoodOne) {
  SKIP_WITHOUT_FATHOM();
  TempDir bad, empty;
  bad.file("KRvK.rtbw", 33, 0);
  auto opened = Tablebases::open(syzygy_at(bad.path().string() + ":" + empty.path().string()));
  EXPECT_TRUE(mentions(opened.messages, "'" + bad.path().string() + "' not used"));
  // The remaining directory is searched (and holds nothing).
  EXPECT_TRUE(mentions(opened.messages, "no table files")) << all(opened.messages);
}

TEST(SyzygyTables, WithoutTablesTheEngineSearchesAsBefore) {
  // A configured but unusable path leaves the engine exactly as without one.
  auto opened = Tablebases::open(syzygy_at("/nonexistent/paxbot/syzygy"));
  ASSERT_FALSE(opened.tables);
  Engine with({.hash_mb = 4, .threads = 1, .tablebases = opened.tables});
  Engine without({.hash_mb = 4, .threads = 1});
  with.set_position(kqk());
  without.set_position(kqk());
  const SearchResult a = with.search(to_depth(6));
  const SearchResult b = without.search(to_depth(6));
  EXPECT_EQ(a.info.nodes, b.info.nodes);
  EXPECT_EQ(a.best, b.best);
  EXPECT_EQ(a.info.tb_hits, 0u);
}

}  // namespace
}  // namespace engine::tablebase
