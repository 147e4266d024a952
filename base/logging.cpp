// SPDX-License-Identifier: GPL-3.0-or-later
#include "base/logging.h"

#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <ctime>

namespace base {

namespace {

// sd-daemon(3) priorities: <3> error, <4> warning, <6> info, <7> debug.
std::string_view journald_priority(LogLevel level) {
  switch (level) {
    case LogLevel::kDebug:
      return "<7>";
    case LogLevel::kInfo:
      return "<6>";
    case LogLevel::kWarning:
      return "<4>";
    case LogLevel::kError:
      return "<3>";
  }
  return "<6>";
}

// Keeps one message on one line: control characters become escapes.
std::string escape_controls(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char ch : text) {
    const auto c = static_cast<unsigned char>(ch);
    if (c == '\n') {
      out += "\\n";
    } else if (c == '\r') {
      out += "\\r";
    } else if (c == '\t') {
      out += ' ';
    } else if (c < 0x20 || c == 0x7F) {
      char buffer[8];
      std::snprintf(buffer, sizeof buffer, "\\x%02X", c);
      out += buffer;
    } else {
      out += ch;
    }
  }
  return out;
}

}  // namespace

LogFormat log_format_for(const char* journal_stream_env) {
  return journal_stream_env != nullptr && *journal_stream_env != '\0' ? LogFormat::kJournald
                                                                      : LogFormat::kTimestamped;
}

LogFormat detect_log_format() {
  return log_format_for(std::getenv("JOURNAL_STREAM"));
}

void SecretScrubber::add(std::string secret) {
  if (secret.empty()) return;
  for (const std::string& known : secrets_) {
    if (known == secret) return;
  }
  secrets_.push_back(std::move(secret));
}

std::string SecretScrubber::scrub(std::string text) const {
  static constexpr std::string_view kMask = "***";
  for (const std::string& secret : secrets_) {
    for (std::size_t pos = text.find(secret); pos != std::string::npos;
         pos = text.find(secret, pos + kMask.size())) {
      text.replace(pos, secret.size(), kMask);
    }
  }
  return text;
}

std::string iso_timestamp(Clock::SystemTime time) {
  const auto since_epoch = time.time_since_epoch();
  const auto secs = std::chrono::floor<std::chrono::seconds>(since_epoch);
  const auto millis = std::chrono::duration_cast<std::chrono::milliseconds>(since_epoch - secs);
  const std::time_t t = static_cast<std::time_t>(secs.count());
  std::tm utc{};
  gmtime_r(&t, &utc);
  char buffer[96];  // sized for any int fields, silencing -Wformat-truncation
  std::snprintf(buffer, sizeof buffer, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", utc.tm_year + 1900,
                utc.tm_mon + 1, utc.tm_mday, utc.tm_hour, utc.tm_min, utc.tm_sec,
                static_cast<int>(millis.count()));
  return buffer;
}

Logger::Logger(std::ostream& out, LogLevel min_level, LogFormat format, const Clock* clock)
    : out_(out), min_level_(min_level), format_(format), clock_(clock) {}

void Logger::add_secret(std::string secret) {
  std::lock_guard lock(mutex_);
  scrubber_.add(std::move(secret));
}

std::string Logger::scrub(std::string text) const {
  std::lock_guard lock(mutex_);
  return scrubber_.scrub(std::move(text));
}

std::string Logger::prefix(LogLevel level) const {
  std::string out;
  if (format_ == LogFormat::kJournald) {
    out = journald_priority(level);
  } else {
    out =
        iso_timestamp(clock_ != nullptr ? clock_->system_now() : std::chrono::system_clock::now());
    out += ' ';
  }
  out += '[';
  out += to_string(level);
  out += "] ";
  return out;
}

void Logger::log(LogLevel level, std::string_view message) {
  if (!enabled(level)) return;
  std::string line = prefix(level);
  std::lock_guard lock(mutex_);
  // Scrub before escaping so an escape can never split a secret.
  line += escape_controls(scrubber_.scrub(std::string(message)));
  line += '\n';
  out_ << line;
  out_.flush();
}

}  // namespace base
