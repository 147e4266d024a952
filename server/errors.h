// SPDX-License-Identifier: GPL-3.0-or-later
// Errors as values for the server: an HTTP status and a message that the routes
// turn into the Lichess error body (lichess/error_body.h) plus optional extra fields. Plain values;
// safe to use from any thread.
#pragma once

#include <expected>
#include <string>

#include <nlohmann/json.hpp>

#include "lichess/error_body.h"

namespace server {

struct ApiError {
  int status = 400;
  std::string message;
  nlohmann::json extra = nlohmann::json::object();  // merged into the error body

  nlohmann::json body() const {
    nlohmann::json out = extra;
    out.update(lichess::error_body_json(message));
    return out;
  }
};

template <typename T>
using Result = std::expected<T, ApiError>;

inline std::unexpected<ApiError> bad_request(std::string message) {
  return std::unexpected(ApiError{400, std::move(message)});
}
inline std::unexpected<ApiError> not_found(std::string message) {
  return std::unexpected(ApiError{404, std::move(message)});
}
inline std::unexpected<ApiError> unauthorized(std::string message) {
  return std::unexpected(ApiError{401, std::move(message)});
}

// A successful command counts as a change (g++ 12's std::expected has no transform()).
inline Result<bool> as_changed(const Result<void>& r) {
  if (!r) return std::unexpected(r.error());
  return true;
}

}  // namespace server
