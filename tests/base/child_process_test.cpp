// SPDX-License-Identifier: GPL-3.0-or-later
// Child processes: the environment is the parent's with the given variables replaced or
// added, output goes to the log, exit codes and signals come back from wait(); a joined child
// talks through its socket and says how it ended.
#include "base/child_process.h"

#include <gtest/gtest.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace base {
namespace {

using namespace std::chrono_literals;

class ChildProcessTest : public ::testing::Test {
 protected:
  void SetUp() override {
    char pattern[] = "/tmp/paxbot-child-XXXXXX";
    ASSERT_NE(mkdtemp(pattern), nullptr);
    dir_ = pattern;
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::string log() const { return dir_ + "/out.log"; }
  std::string read_log() const {
    std::ifstream in(log());
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
  }
  std::string dir_;
};

TEST_F(ChildProcessTest, SeesTheParentsEnvironmentWithTheGivenVariablesReplaced) {
  ASSERT_EQ(setenv("PAXBOT_CHILD_KEPT", "kept", 1), 0);
  ASSERT_EQ(setenv("PAXBOT_CHILD_REPLACED", "old", 1), 0);
  ChildProcess child({"/bin/sh", "-c",
                      "echo \"$PAXBOT_CHILD_KEPT $PAXBOT_CHILD_REPLACED $PAXBOT_CHILD_NEW\"; "
                      "env | grep -c '^PAXBOT_CHILD_REPLACED='"},
                     {{"PAXBOT_CHILD_REPLACED", "new"}, {"PAXBOT_CHILD_NEW", "added"}}, log());
  EXPECT_EQ(child.wait(10s), 0);
  EXPECT_EQ(read_log(), "kept new added\n1\n") << "one entry per name, the given value wins";
}

TEST_F(ChildProcessTest, ExitCodesSignalsAndTheLogMode) {
  ChildProcess failing({"/bin/sh", "-c", "echo first; exit 3"}, {}, log());
  EXPECT_EQ(failing.wait(10s), 3);
  EXPECT_FALSE(failing.running());
  ChildProcess appending({"/bin/sh", "-c", "echo second"}, {}, log(), ChildProcess::Log::kAppend);
  EXPECT_EQ(appending.wait(10s), 0);
  EXPECT_EQ(read_log(), "first\nsecond\n");
  ChildProcess truncating({"/bin/sh", "-c", "echo third"}, {}, log(), ChildProcess::Log::kTruncate);
  EXPECT_EQ(truncating.wait(10s), 0);
  EXPECT_EQ(read_log(), "third\n");

  ChildProcess sleeper({"/bin/sh", "-c", "exec sleep 30"}, {}, log());
  EXPECT_TRUE(sleeper.running());
  EXPECT_EQ(sleeper.wait(50ms), -1) << "still running";
  EXPECT_EQ(sleeper.stop(10s), 128 + SIGTERM);
  ChildProcess missing({dir_ + "/no-such-program"}, {}, log());
  EXPECT_EQ(missing.wait(10s), 127) << "exec failed";
  EXPECT_EQ(missing.exit_description(), "exit code 127 (the program could not be run)");
}

TEST_F(ChildProcessTest, JoinedChildReadsAndWritesItsSocket) {
  // "sh" has no slash: it is found on PATH.
  auto joined = ChildProcess::start_joined({"sh", "-c", "read line; echo \"got $line\"; exit 3"});
  ASSERT_TRUE(joined.has_value()) << joined.error();
  ASSERT_GE(joined->socket, 0);
  const std::string line = "hello\n";
  ASSERT_EQ(send(joined->socket, line.data(), line.size(), MSG_NOSIGNAL), ssize_t(line.size()));
  std::string out;
  char chunk[64];
  for (ssize_t n; (n = read(joined->socket, chunk, sizeof chunk)) > 0;) out.append(chunk, n);
  EXPECT_EQ(out, "got hello\n");
  EXPECT_EQ(joined->process.wait(10s), 3);
  EXPECT_EQ(joined->process.exit_description(), "exit code 3");
  close(joined->socket);

  auto sleeper = ChildProcess::start_joined({"sleep", "30"});
  ASSERT_TRUE(sleeper.has_value()) << sleeper.error();
  EXPECT_EQ(sleeper->process.exit_description(), "") << "still running";
  sleeper->process.kill();
  EXPECT_FALSE(sleeper->process.running());
  EXPECT_EQ(sleeper->process.exit_description(), "killed by signal 9");
  // A dead child's socket: writing is an error value, not SIGPIPE.
  EXPECT_LT(send(sleeper->socket, "x", 1, MSG_NOSIGNAL), 0);
  close(sleeper->socket);

  auto missing = ChildProcess::start_joined({dir_ + "/no-such-program"});
  ASSERT_FALSE(missing.has_value());
  EXPECT_NE(missing.error().find("no-such-program"), std::string::npos) << missing.error();
  EXPECT_FALSE(ChildProcess::start_joined({}).has_value());
}

}  // namespace
}  // namespace base
