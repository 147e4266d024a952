// SPDX-License-Identifier: GPL-3.0-or-later
// The Lichess JSON error body, {"error": "...", "ratelimit": {"key": ..., "seconds": ...}}:
// read by the daemon, written by the server. Pure functions without exceptions; any thread.
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace lichess {

// The `ratelimit` object, e.g. {"key": "bot.vsBot.day", "seconds": 3600}.
struct RateLimit {
  std::string key;
  std::chrono::seconds seconds{0};  // fractions round up; 0 when absent or not a number

  friend bool operator==(const RateLimit&, const RateLimit&) = default;
};

struct ErrorBody {
  std::string message;                 // the "error" string, may be empty
  std::optional<RateLimit> ratelimit;  // when the body carries one
};

// nullopt when the body is not a JSON object with "error" or "ratelimit" (e.g. an HTML 429
// page).
std::optional<ErrorBody> parse_error_body(std::string_view body);

// {"error": message}, plus "ratelimit" when given.
nlohmann::json error_body_json(std::string_view message,
                               const std::optional<RateLimit>& ratelimit = std::nullopt);

}  // namespace lichess
