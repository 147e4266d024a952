// SPDX-License-Identifier: GPL-3.0-or-later
// The match's optional log of every line sent to and read from the engines (--log FILE), for
// finding out why an engine lost on time or was called hung: one line per message,
// "<ms since the match started> <engine>@<pid> <direction> <text>" with ">" for lines sent to
// the engine and "<" for lines read from it.
//
// Thread contract: write() may be called from any thread (one mutex).
#pragma once

#include <sys/types.h>

#include <chrono>
#include <expected>
#include <fstream>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>

namespace match {

class EngineLog {
 public:
  // Opens (truncates) the file; the error names it.
  static std::expected<std::unique_ptr<EngineLog>, std::string> open(const std::string& path);

  void write(std::string_view engine, pid_t pid, bool sent, std::string_view line);

 private:
  explicit EngineLog(std::ofstream file) : file_(std::move(file)) {}

  std::mutex mutex_;
  std::ofstream file_;
  const std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

}  // namespace match
