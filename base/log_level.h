// SPDX-License-Identifier: GPL-3.0-or-later
// Log levels, shared by the config file (log_level) and the daemon's Logger. Constants and
// pure functions; safe to use from any thread.
#pragma once

#include <array>
#include <optional>
#include <string_view>

namespace base {

enum class LogLevel { kDebug, kInfo, kWarning, kError };

// The names in enumerator order, as the config file spells them.
inline constexpr std::array<std::string_view, 4> kLogLevelNames = {"debug", "info", "warning",
                                                                   "error"};

std::string_view to_string(LogLevel level);
// Accepts "debug", "info", "warning"/"warn", "error" (case-insensitive).
std::optional<LogLevel> parse_log_level(std::string_view text);

}  // namespace base
