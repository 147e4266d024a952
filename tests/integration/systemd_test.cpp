// SPDX-License-Identifier: GPL-3.0-or-later
// The service contract with systemd: unit files that verify, and sd_notify messages
// (READY=1, STATUS=, WATCHDOG=1, STOPPING=1) on a notify socket the test owns.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <atomic>
#include <fstream>
#include <mutex>
#include <sstream>
#include <thread>

#include "tests/integration/arena.h"
#include "tests/support/run_command.h"

namespace paxbot_test {
namespace {

using namespace std::chrono_literals;
using paxbot_test::run_command;

// A unix datagram socket collecting every message sent to it.
class NotifySocket {
 public:
  explicit NotifySocket(const std::string& path) : path_(path) {
    fd_ = socket(AF_UNIX, SOCK_DGRAM, 0);
    sockaddr_un addr{};
    addr.sun_family = AF_UNIX;
    std::snprintf(addr.sun_path, sizeof addr.sun_path, "%s", path.c_str());
    bind(fd_, reinterpret_cast<sockaddr*>(&addr), sizeof addr);
    timeval tv{0, 100000};
    setsockopt(fd_, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    reader_ = std::thread([this] {
      char buffer[4096];
      while (!stop_) {
        ssize_t n = recv(fd_, buffer, sizeof buffer, 0);
        if (n <= 0) continue;
        std::lock_guard lock(mutex_);
        messages_.emplace_back(buffer, std::size_t(n));
      }
    });
  }
  ~NotifySocket() {
    stop_ = true;
    reader_.join();
    close(fd_);
    unlink(path_.c_str());
  }
  // Index of the first message containing text, or -1.
  int find(const std::string& text) {
    std::lock_guard lock(mutex_);
    for (std::size_t i = 0; i < messages_.size(); ++i)
      if (messages_[i].find(text) != std::string::npos) return int(i);
    return -1;
  }

 private:
  std::string path_;
  int fd_ = -1;
  std::atomic<bool> stop_{false};
  std::thread reader_;
  std::mutex mutex_;
  std::vector<std::string> messages_;
};

TEST(Systemd, NotifiesReadyStatusWatchdogAndStopping) {
  Arena arena;
  NotifySocket notify(arena.dir().file("notify.sock"));
  ChildProcess alice =
      arena.start_bot("alice", {}, {{"NOTIFY_SOCKET", arena.dir().file("notify.sock")}});
  EXPECT_TRUE(wait_until([&] { return notify.find("READY=1") >= 0; }, 15s))
      << arena.log_of("alice");
  EXPECT_TRUE(wait_until([&] { return notify.find("WATCHDOG=1") >= 0; }, 5s));
  EXPECT_TRUE(wait_until([&] { return notify.find("STATUS=0 game(s) in progress") >= 0; }, 5s));
  EXPECT_LT(notify.find("STOPPING=1"), 0);

  ChildProcess bob = arena.start_bot("bob");
  std::string id = arena.challenge("bob", "alice", "standard", 300, 3);
  EXPECT_TRUE(wait_until([&] { return notify.find("STATUS=1 game(s) in progress") >= 0; }, 15s));

  alice.signal(SIGTERM);
  EXPECT_TRUE(wait_until([&] { return notify.find("STOPPING=1") >= 0; }, 5s));
  EXPECT_GT(notify.find("STOPPING=1"), notify.find("READY=1"));
}

TEST(Systemd, UnitFilesVerify) {
  if (system("command -v systemd-analyze >/dev/null 2>&1") != 0)
    GTEST_SKIP() << "systemd-analyze is not installed";
  TempDir dir;
  // The unit templates' paths are filled in by installing; here: this build's binary.
  for (const char* unit : {"paxbot.service", "paxbot@.service"}) {
    std::ifstream in(std::string(PAXBOT_SOURCE_DIR) + "/systemd/" + unit + ".in");
    std::stringstream ss;
    ss << in.rdbuf();
    std::string text = ss.str();
    ASSERT_FALSE(text.empty()) << unit;
    const std::pair<std::string, std::string> fills[] = {
        {"@PAXBOT_BINDIR@/paxbot", PAXBOT_BINARY}, {"@PAXBOT_DOCDIR@", "/usr/share/doc/paxbot"}};
    for (const auto& [from, to] : fills)
      for (std::size_t at; (at = text.find(from)) != std::string::npos;)
        text.replace(at, from.size(), to);
    dir.write(unit, text);
  }
  dir.write("paxbot@demo.service", dir.read("paxbot@.service"));
  for (const char* unit : {"paxbot.service", "paxbot@demo.service"}) {
    auto r = run_command("systemd-analyze verify --man=no " + dir.file(unit));
    EXPECT_EQ(r.exit_code, 0) << unit << ":\n" << r.out << r.err;
    EXPECT_EQ(r.err.find(unit), std::string::npos) << r.err;
  }
}

}  // namespace
}  // namespace paxbot_test
