// SPDX-License-Identifier: GPL-3.0-or-later
#include "daemon/systemd_notify.h"

#include <gtest/gtest.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <map>
#include <optional>
#include <string>

namespace bot {
namespace {

// A datagram socket standing in for the service manager: bound to a path in
// a fresh temp directory, or to an abstract name.
class FakeServiceManager {
 public:
  explicit FakeServiceManager(bool abstract) {
    fd_ = ::socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    sockaddr_un address{};
    address.sun_family = AF_UNIX;
    socklen_t length;
    if (abstract) {
      name_ = "@paxbot-test-" + std::to_string(::getpid()) + "-" + std::to_string(counter_++);
      std::memcpy(address.sun_path + 1, name_.data() + 1, name_.size() - 1);
      length = static_cast<socklen_t>(offsetof(sockaddr_un, sun_path) + name_.size());
    } else {
      char pattern[] = "/tmp/paxbot-notify-XXXXXX";
      dir_ = ::mkdtemp(pattern);
      name_ = dir_ + "/notify.sock";
      std::memcpy(address.sun_path, name_.c_str(), name_.size() + 1);
      length = static_cast<socklen_t>(offsetof(sockaddr_un, sun_path) + name_.size() + 1);
    }
    bound_ = ::bind(fd_, reinterpret_cast<sockaddr*>(&address), length) == 0;
  }
  ~FakeServiceManager() {
    ::close(fd_);
    if (!dir_.empty()) std::filesystem::remove_all(dir_);
  }

  bool bound() const { return bound_; }
  const std::string& name() const { return name_; }

  std::optional<std::string> receive(int timeout_ms = 2000) {
    pollfd p{fd_, POLLIN, 0};
    if (::poll(&p, 1, timeout_ms) != 1) return std::nullopt;
    char buffer[4096];
    const ssize_t n = ::recv(fd_, buffer, sizeof buffer, 0);
    if (n < 0) return std::nullopt;
    return std::string(buffer, static_cast<std::size_t>(n));
  }

 private:
  static inline int counter_ = 0;
  int fd_ = -1;
  bool bound_ = false;
  std::string dir_;
  std::string name_;
};

void expect_protocol(SystemdNotifier& notifier, FakeServiceManager& manager) {
  ASSERT_TRUE(notifier.enabled());
  EXPECT_TRUE(notifier.ready());
  EXPECT_EQ(manager.receive(), "READY=1");
  EXPECT_TRUE(notifier.status("playing 2 games\nsecond line"));
  EXPECT_EQ(manager.receive(), "STATUS=playing 2 games second line");
  EXPECT_TRUE(notifier.watchdog());
  EXPECT_EQ(manager.receive(), "WATCHDOG=1");
  EXPECT_TRUE(notifier.stopping());
  EXPECT_EQ(manager.receive(), "STOPPING=1");
}

TEST(SystemdNotifierTest, SpeaksProtocolOverPathSocketFromEnvironment) {
  FakeServiceManager manager(/*abstract=*/false);
  ASSERT_TRUE(manager.bound());
  ::setenv("NOTIFY_SOCKET", manager.name().c_str(), 1);
  ::unsetenv("WATCHDOG_USEC");
  ::unsetenv("WATCHDOG_PID");
  auto notifier = SystemdNotifier::from_environment();
  ::unsetenv("NOTIFY_SOCKET");
  expect_protocol(*notifier, manager);
  EXPECT_FALSE(notifier->watchdog_interval().has_value());
}

TEST(SystemdNotifierTest, SpeaksProtocolOverAbstractSocket) {
  FakeServiceManager manager(/*abstract=*/true);
  ASSERT_TRUE(manager.bound());
  SystemdNotifier notifier(manager.name(), std::nullopt);
  expect_protocol(notifier, manager);
}

TEST(SystemdNotifierTest, NoSocketMeansNoOp) {
  const std::map<std::string, std::string> env;
  auto notifier = SystemdNotifier::from_environment([&](const char* name) -> const char* {
    auto it = env.find(name);
    return it == env.end() ? nullptr : it->second.c_str();
  });
  EXPECT_FALSE(notifier->enabled());
  EXPECT_FALSE(notifier->ready());
  EXPECT_FALSE(notifier->status("x"));
  EXPECT_FALSE(notifier->watchdog());
  EXPECT_FALSE(notifier->stopping());
}

TEST(SystemdNotifierTest, MissingOrInvalidSocketFailsQuietly) {
  EXPECT_FALSE(SystemdNotifier("/nonexistent-dir/notify.sock", std::nullopt).ready());
  EXPECT_FALSE(SystemdNotifier("relative/path", std::nullopt).ready());
  EXPECT_FALSE(SystemdNotifier("/" + std::string(200, 'a'), std::nullopt).ready());
}

TEST(SystemdNotifierTest, ReadsWatchdogIntervalFromEnvironment) {
  const std::string own_pid = std::to_string(::getpid());
  std::map<std::string, std::string> env{{"WATCHDOG_USEC", "30000000"}};
  const auto lookup = [&](const char* name) -> const char* {
    auto it = env.find(name);
    return it == env.end() ? nullptr : it->second.c_str();
  };
  EXPECT_EQ(SystemdNotifier::from_environment(lookup)->watchdog_interval(),
            std::chrono::seconds(30));
  env["WATCHDOG_PID"] = own_pid;
  EXPECT_EQ(SystemdNotifier::from_environment(lookup)->watchdog_interval(),
            std::chrono::seconds(30));
  env["WATCHDOG_PID"] = "1";  // meant for another process
  EXPECT_FALSE(SystemdNotifier::from_environment(lookup)->watchdog_interval().has_value());
}

TEST(SystemdNotifierTest, ParsesWatchdogUsec) {
  EXPECT_EQ(parse_watchdog_usec("500", nullptr, 7), std::chrono::microseconds(500));
  EXPECT_EQ(parse_watchdog_usec("500", "7", 7), std::chrono::microseconds(500));
  EXPECT_FALSE(parse_watchdog_usec("500", "8", 7).has_value());
  EXPECT_FALSE(parse_watchdog_usec("0", nullptr, 7).has_value());
  EXPECT_FALSE(parse_watchdog_usec("-5", nullptr, 7).has_value());
  EXPECT_FALSE(parse_watchdog_usec("12x", nullptr, 7).has_value());
  EXPECT_FALSE(parse_watchdog_usec(nullptr, nullptr, 7).has_value());
  EXPECT_FALSE(parse_watchdog_usec("99999999999999999999999", nullptr, 7).has_value());
}

}  // namespace
}  // namespace bot
