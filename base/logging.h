// SPDX-License-Identifier: GPL-3.0-or-later
// Line-oriented logging for the daemon and its transport: levels, journald priority
// prefixes under systemd, ISO-8601 timestamps otherwise, and scrubbing of secrets.
#pragma once

#include <atomic>
#include <mutex>
#include <optional>
#include <ostream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "base/clock.h"
#include "base/log_level.h"

namespace base {

enum class LogFormat {
  kTimestamped,  // "2025-11-30T02:25:00.123Z [info] message"
  kJournald,     // "<6>[info] message" (journald adds its own timestamp)
};

// kJournald when the JOURNAL_STREAM variable is set (systemd connected our
// output to the journal), kTimestamped otherwise.
LogFormat log_format_for(const char* journal_stream_env);
LogFormat detect_log_format();  // reads $JOURNAL_STREAM

// Replaces every occurrence of each registered secret with "***".
// Not synchronized: the Logger guards its own instance.
class SecretScrubber {
 public:
  void add(std::string secret);  // empty secrets are ignored
  std::string scrub(std::string text) const;
  bool empty() const { return secrets_.empty(); }

 private:
  std::vector<std::string> secrets_;
};

// Writes one line per message to an injected stream it does not own (which
// must outlive it). Thread-safe: any thread may log; each line is written
// whole under a mutex. Secrets are scrubbed and control characters escaped,
// so a message (e.g. an opponent's chat text) can never forge a line.
class Logger {
 public:
  // `clock` (may be null: real time) supplies timestamps; it must outlive the logger.
  explicit Logger(std::ostream& out, LogLevel min_level = LogLevel::kInfo,
                  LogFormat format = detect_log_format(), const Clock* clock = nullptr);

  void set_level(LogLevel level) { min_level_.store(level, std::memory_order_relaxed); }
  LogLevel level() const { return min_level_.load(std::memory_order_relaxed); }
  bool enabled(LogLevel level) const { return level >= this->level(); }

  // Registers a secret (the API token) that must never appear in output.
  void add_secret(std::string secret);
  std::string scrub(std::string text) const;

  void log(LogLevel level, std::string_view message);

  // Streams the arguments into one message: log.info("game ", id, " started").
  template <typename... Args>
  void debug(const Args&... args) {
    write_parts(LogLevel::kDebug, args...);
  }
  template <typename... Args>
  void info(const Args&... args) {
    write_parts(LogLevel::kInfo, args...);
  }
  template <typename... Args>
  void warning(const Args&... args) {
    write_parts(LogLevel::kWarning, args...);
  }
  template <typename... Args>
  void error(const Args&... args) {
    write_parts(LogLevel::kError, args...);
  }

 private:
  template <typename... Args>
  void write_parts(LogLevel level, const Args&... args) {
    if (!enabled(level)) return;
    std::ostringstream message;
    (message << ... << args);
    log(level, message.str());
  }

  std::string prefix(LogLevel level) const;

  std::ostream& out_;
  std::atomic<LogLevel> min_level_;
  const LogFormat format_;
  const Clock* clock_;
  mutable std::mutex mutex_;  // guards out_ and scrubber_
  SecretScrubber scrubber_;
};

// "2025-11-30T02:25:00.123Z" (UTC, milliseconds).
std::string iso_timestamp(Clock::SystemTime time);

}  // namespace base
