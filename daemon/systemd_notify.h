// SPDX-License-Identifier: GPL-3.0-or-later
// Service-manager notifications (Type=notify units): readiness, status text,
// watchdog keep-alives and shutdown, behind an interface so tests can record them.
#pragma once

#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace bot {

// Thread contract: implementations may be called from any thread. Every
// call is best effort: the return value says whether the message was sent,
// and callers may ignore it.
class Notifier {
 public:
  virtual ~Notifier() = default;

  virtual bool ready() = 0;                        // READY=1
  virtual bool status(std::string_view text) = 0;  // STATUS=<text>
  virtual bool watchdog() = 0;                     // WATCHDOG=1
  virtual bool stopping() = 0;                     // STOPPING=1
  // The service's WatchdogSec when the manager expects keep-alives; ping
  // at about half this interval. nullopt: no watchdog.
  virtual std::optional<std::chrono::microseconds> watchdog_interval() const = 0;
};

// Speaks the sd_notify datagram protocol itself (no libsystemd): each
// message is one datagram of "KEY=VALUE" lines sent to the AF_UNIX socket
// named by $NOTIFY_SOCKET; a leading '@' names an abstract socket. Without a
// socket every call is a no-op returning false. Holds no descriptor between
// calls, so it is thread-safe.
class SystemdNotifier final : public Notifier {
 public:
  using EnvLookup = std::function<const char*(const char*)>;

  // Reads NOTIFY_SOCKET, WATCHDOG_USEC and WATCHDOG_PID through `getenv`
  // (the process environment by default).
  static std::unique_ptr<SystemdNotifier> from_environment(const EnvLookup& getenv = {});

  SystemdNotifier(std::string socket_path, std::optional<std::chrono::microseconds> watchdog);

  bool ready() override { return send("READY=1"); }
  bool status(std::string_view text) override;
  bool watchdog() override { return send("WATCHDOG=1"); }
  bool stopping() override { return send("STOPPING=1"); }
  std::optional<std::chrono::microseconds> watchdog_interval() const override { return watchdog_; }

  bool enabled() const { return !socket_path_.empty(); }
  // Sends one raw notification datagram ("KEY=VALUE\n...").
  bool send(std::string_view message) const;

 private:
  std::string socket_path_;
  std::optional<std::chrono::microseconds> watchdog_;
};

// Parses $WATCHDOG_USEC; honours $WATCHDOG_PID (the watchdog is meant for
// another process when it names a different pid). nullopt when unset/invalid.
std::optional<std::chrono::microseconds> parse_watchdog_usec(const char* usec, const char* pid,
                                                             long own_pid);

}  // namespace bot
