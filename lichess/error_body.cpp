// SPDX-License-Identifier: GPL-3.0-or-later
#include "lichess/error_body.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>

namespace lichess {
namespace {

using std::chrono::seconds;

// Whole seconds from a JSON number; nullopt for anything else or negatives.
std::optional<seconds> json_seconds(const nlohmann::json& value) {
  if (value.is_number_integer()) {
    const auto n = value.get<std::int64_t>();
    if (n < 0) return std::nullopt;
    return seconds(std::min<std::int64_t>(n, std::numeric_limits<std::int32_t>::max()));
  }
  if (value.is_number_unsigned()) {
    const auto n = value.get<std::uint64_t>();
    return seconds(std::min<std::uint64_t>(n, std::numeric_limits<std::int32_t>::max()));
  }
  if (value.is_number_float()) {
    const double d = value.get<double>();
    if (!std::isfinite(d) || d < 0) return std::nullopt;
    return seconds(static_cast<std::int64_t>(
        std::min(std::ceil(d), double(std::numeric_limits<std::int32_t>::max()))));
  }
  return std::nullopt;
}

}  // namespace

std::optional<ErrorBody> parse_error_body(std::string_view body) {
  const nlohmann::json doc = nlohmann::json::parse(body, nullptr, /*allow_exceptions=*/false);
  if (!doc.is_object()) return std::nullopt;
  const auto error = doc.find("error");
  const auto limit = doc.find("ratelimit");
  if (error == doc.end() && limit == doc.end()) return std::nullopt;

  ErrorBody parsed;
  if (error != doc.end() && error->is_string()) parsed.message = error->get<std::string>();
  if (limit != doc.end() && limit->is_object()) {
    RateLimit info;
    if (const auto key = limit->find("key"); key != limit->end() && key->is_string()) {
      info.key = key->get<std::string>();
    }
    if (const auto secs = limit->find("seconds"); secs != limit->end()) {
      if (auto value = json_seconds(*secs)) info.seconds = *value;
    }
    parsed.ratelimit = std::move(info);
  }
  return parsed;
}

nlohmann::json error_body_json(std::string_view message,
                               const std::optional<RateLimit>& ratelimit) {
  nlohmann::json body = nlohmann::json::object();
  body["error"] = std::string(message);
  if (ratelimit) {
    body["ratelimit"] = {{"key", ratelimit->key}, {"seconds", ratelimit->seconds.count()}};
  }
  return body;
}

}  // namespace lichess
