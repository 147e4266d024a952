// SPDX-License-Identifier: GPL-3.0-or-later
#include "base/log_level.h"

#include <cctype>
#include <string>

namespace base {

std::string_view to_string(LogLevel level) {
  const auto index = static_cast<std::size_t>(level);
  return index < kLogLevelNames.size() ? kLogLevelNames[index] : "?";
}

std::optional<LogLevel> parse_log_level(std::string_view text) {
  std::string lower;
  for (char c : text) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (lower == "warn") return LogLevel::kWarning;
  for (std::size_t i = 0; i < kLogLevelNames.size(); ++i) {
    if (kLogLevelNames[i] == lower) return static_cast<LogLevel>(i);
  }
  return std::nullopt;
}

}  // namespace base
