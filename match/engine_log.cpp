// SPDX-License-Identifier: GPL-3.0-or-later
#include "match/engine_log.h"

namespace match {

std::expected<std::unique_ptr<EngineLog>, std::string> EngineLog::open(const std::string& path) {
  std::ofstream file(path, std::ios::trunc);
  if (!file) return std::unexpected("cannot write log file '" + path + "'");
  return std::unique_ptr<EngineLog>(new EngineLog(std::move(file)));
}

void EngineLog::write(std::string_view engine, pid_t pid, bool sent, std::string_view line) {
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                      std::chrono::steady_clock::now() - start_)
                      .count();
  std::lock_guard lock(mutex_);
  file_ << ms << ' ' << engine << '@' << pid << (sent ? " > " : " < ") << line << '\n';
  file_.flush();
}

}  // namespace match
