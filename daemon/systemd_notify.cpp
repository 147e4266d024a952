// SPDX-License-Identifier: GPL-3.0-or-later
#include "daemon/systemd_notify.h"

#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <cerrno>
#include <cstddef>
#include <cstdlib>
#include <cstring>

namespace bot {

namespace {

// Owns one socket descriptor.
class Fd {
 public:
  explicit Fd(int fd) : fd_(fd) {}
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;
  ~Fd() {
    if (fd_ >= 0) ::close(fd_);
  }
  int get() const { return fd_; }

 private:
  int fd_;
};

std::optional<long long> parse_positive(const char* text) {
  if (text == nullptr || *text == '\0') return std::nullopt;
  long long value = 0;
  for (const char* p = text; *p != '\0'; ++p) {
    if (*p < '0' || *p > '9') return std::nullopt;
    if (value > (1LL << 55)) return std::nullopt;
    value = value * 10 + (*p - '0');
  }
  if (value <= 0) return std::nullopt;
  return value;
}

}  // namespace

std::optional<std::chrono::microseconds> parse_watchdog_usec(const char* usec, const char* pid,
                                                             long own_pid) {
  const auto interval = parse_positive(usec);
  if (!interval) return std::nullopt;
  if (pid != nullptr && *pid != '\0') {
    const auto target = parse_positive(pid);
    if (!target || *target != own_pid) return std::nullopt;
  }
  return std::chrono::microseconds(*interval);
}

std::unique_ptr<SystemdNotifier> SystemdNotifier::from_environment(const EnvLookup& getenv) {
  const auto lookup = [&](const char* name) -> const char* {
    return getenv ? getenv(name) : std::getenv(name);
  };
  const char* socket = lookup("NOTIFY_SOCKET");
  return std::make_unique<SystemdNotifier>(
      socket != nullptr ? socket : "",
      parse_watchdog_usec(lookup("WATCHDOG_USEC"), lookup("WATCHDOG_PID"),
                          static_cast<long>(::getpid())));
}

SystemdNotifier::SystemdNotifier(std::string socket_path,
                                 std::optional<std::chrono::microseconds> watchdog)
    : socket_path_(std::move(socket_path)), watchdog_(watchdog) {}

bool SystemdNotifier::status(std::string_view text) {
  // A newline would start a new assignment in the datagram.
  std::string message = "STATUS=";
  for (char c : text) message += (c == '\n' || c == '\r') ? ' ' : c;
  return send(message);
}

bool SystemdNotifier::send(std::string_view message) const {
  if (socket_path_.empty() || message.empty()) return false;
  // Only absolute paths and abstract names are valid notify sockets.
  if (socket_path_[0] != '/' && socket_path_[0] != '@') return false;

  sockaddr_un address{};
  address.sun_family = AF_UNIX;
  if (socket_path_.size() > sizeof(address.sun_path) - (socket_path_[0] == '/' ? 1 : 0)) {
    return false;
  }
  std::memcpy(address.sun_path, socket_path_.data(), socket_path_.size());
  socklen_t length = static_cast<socklen_t>(offsetof(sockaddr_un, sun_path) + socket_path_.size());
  if (socket_path_[0] == '@') {
    address.sun_path[0] = '\0';  // abstract namespace: no terminator counted
  } else {
    length += 1;  // include the terminating NUL (already zeroed)
  }

  Fd fd(::socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0));
  if (fd.get() < 0) return false;
  ssize_t sent;
  do {
    sent = ::sendto(fd.get(), message.data(), message.size(), MSG_NOSIGNAL,
                    reinterpret_cast<const sockaddr*>(&address), length);
  } while (sent < 0 && errno == EINTR);
  return sent == static_cast<ssize_t>(message.size());
}

}  // namespace bot
