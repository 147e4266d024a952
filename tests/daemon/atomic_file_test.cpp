// SPDX-License-Identifier: GPL-3.0-or-later
// Atomic whole-file writes and appends: content, modes, no temporary files left
// behind, and errors as values (missing directory, read-only directory, a write that
// runs out of space) that leave the previous file intact.
#include "daemon/atomic_file.h"

#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <string>

namespace bot {
namespace {

namespace fs = std::filesystem;

class AtomicFile : public testing::Test {
 protected:
  void SetUp() override {
    dir_ =
        fs::temp_directory_path() / ("paxbot-atomic-" + std::to_string(::getpid()) + "-" +
                                     testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override {
    fs::permissions(dir_, fs::perms::owner_all, fs::perm_options::add);
    fs::remove_all(dir_);
  }

  std::string read(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
  }
  int entries() const {
    return int(std::distance(fs::directory_iterator(dir_), fs::directory_iterator()));
  }

  fs::path dir_;
};

TEST_F(AtomicFile, WritesAndReplacesWholeFiles) {
  const fs::path file = dir_ / "game.pgn";
  ASSERT_TRUE(write_file_atomically(file, "first\n"));
  EXPECT_EQ(read(file), "first\n");
  ASSERT_TRUE(write_file_atomically(file, "second\n"));
  EXPECT_EQ(read(file), "second\n");
  EXPECT_EQ(entries(), 1) << "a temporary file was left behind";
  EXPECT_EQ(fs::status(file).permissions() & fs::perms::all,
            fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read |
                fs::perms::others_read);
  auto back = read_whole_file(file);
  ASSERT_TRUE(back) << back.error();
  EXPECT_EQ(*back, "second\n");
}

TEST_F(AtomicFile, KeepsTheModeOfAnExistingFile) {
  const fs::path file = dir_ / "state.json";
  ASSERT_TRUE(write_file_atomically(file, "{}"));
  fs::permissions(file, fs::perms::owner_read | fs::perms::owner_write);
  ASSERT_TRUE(write_file_atomically(file, "{\"a\":1}"));
  EXPECT_EQ(fs::status(file).permissions() & fs::perms::all,
            fs::perms::owner_read | fs::perms::owner_write);
}

TEST_F(AtomicFile, AppendsByRewritingTheWholeFile) {
  const fs::path file = dir_ / "games.pgn";
  ASSERT_TRUE(append_file_atomically(file, "one\n"));
  ASSERT_TRUE(append_file_atomically(file, "two\n"));
  ASSERT_TRUE(append_file_atomically(file, ""));
  EXPECT_EQ(read(file), "one\ntwo\n");
  EXPECT_EQ(entries(), 1);
}

TEST_F(AtomicFile, AMissingDirectoryIsAnErrorNamingThePath) {
  const fs::path file = dir_ / "missing" / "game.pgn";
  auto written = write_file_atomically(file, "x");
  ASSERT_FALSE(written);
  EXPECT_NE(written.error().find((dir_ / "missing").string()), std::string::npos)
      << written.error();
  EXPECT_NE(written.error().find("No such file or directory"), std::string::npos)
      << written.error();
  auto appended = append_file_atomically(file, "x");
  ASSERT_FALSE(appended);
  EXPECT_NE(appended.error().find("No such file or directory"), std::string::npos);
  auto missing = read_whole_file(file);
  ASSERT_FALSE(missing);
  EXPECT_NE(missing.error().find(file.string()), std::string::npos);
}

TEST_F(AtomicFile, AReadOnlyDirectoryIsAnErrorAndKeepsTheOldFile) {
  const fs::path file = dir_ / "games.pgn";
  ASSERT_TRUE(write_file_atomically(file, "old\n"));
  fs::permissions(dir_, fs::perms::owner_read | fs::perms::owner_exec | fs::perms::group_read |
                            fs::perms::group_exec | fs::perms::others_read |
                            fs::perms::others_exec);
  // root ignores directory permissions: run the attempt in a child as user "nobody".
  const bool drop = ::geteuid() == 0;
  const pid_t child = drop ? ::fork() : 0;
  ASSERT_GE(child, 0);
  if (child == 0) {
    if (drop && (::setgid(65534) != 0 || ::setuid(65534) != 0)) ::_exit(2);
    auto written = write_file_atomically(file, "new\n");
    auto appended = append_file_atomically(file, "more\n");
    const bool ok = !written && written.error().find(dir_.string()) != std::string::npos &&
                    written.error().find("Permission denied") != std::string::npos && !appended &&
                    appended.error().find("Permission denied") != std::string::npos;
    if (drop) ::_exit(ok ? 0 : 1);
    EXPECT_TRUE(ok) << (written ? "written" : written.error()) << " / "
                    << (appended ? "appended" : appended.error());
  } else {
    int status = 0;
    ASSERT_EQ(::waitpid(child, &status, 0), child);
    ASSERT_TRUE(WIFEXITED(status));
    EXPECT_EQ(WEXITSTATUS(status), 0) << "the write as 'nobody' did not fail as expected";
  }
  EXPECT_EQ(read(file), "old\n");
  EXPECT_EQ(entries(), 1);
}

TEST_F(AtomicFile, AWriteThatRunsOutOfSpaceLeavesTheOldFileAndNoTemporaryFile) {
  // RLIMIT_FSIZE makes write() fail like a full disk would (EFBIG instead of ENOSPC).
  const fs::path file = dir_ / "games.pgn";
  ASSERT_TRUE(write_file_atomically(file, "old\n"));
  auto old_handler = std::signal(SIGXFSZ, SIG_IGN);
  rlimit saved{};
  ASSERT_EQ(::getrlimit(RLIMIT_FSIZE, &saved), 0);
  rlimit small = saved;
  small.rlim_cur = 1024;
  ASSERT_EQ(::setrlimit(RLIMIT_FSIZE, &small), 0);
  auto written = write_file_atomically(file, std::string(100'000, 'x'));
  auto appended = append_file_atomically(file, std::string(100'000, 'y'));
  ::setrlimit(RLIMIT_FSIZE, &saved);
  std::signal(SIGXFSZ, old_handler);

  ASSERT_FALSE(written);
  EXPECT_NE(written.error().find("cannot write '" + file.string() + "'"), std::string::npos)
      << written.error();
  EXPECT_NE(written.error().find("File too large"), std::string::npos) << written.error();
  ASSERT_FALSE(appended);
  EXPECT_EQ(read(file), "old\n");
  EXPECT_EQ(entries(), 1) << "the temporary file was not removed";
}

}  // namespace
}  // namespace bot
