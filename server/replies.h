// SPDX-License-Identifier: GPL-3.0-or-later
// The HTTP replies of every route (routes.cpp, test_routes.cpp, web_routes.cpp): a JSON
// body, the Lichess error body of an ApiError, {"ok":true}, a Result of either, and a
// channel streamed as NDJSON. Stateless; safe on any handler thread.
#pragma once

#include <chrono>
#include <functional>
#include <memory>
#include <type_traits>

#include <httplib.h>
#include <nlohmann/json.hpp>

#include "server/errors.h"
#include "server/streams.h"

namespace server {

void send_json(httplib::Response& res, int status, const nlohmann::json& body);
void send_error(httplib::Response& res, const ApiError& e);
void send_ok(httplib::Response& res);

// The error of a failed result; otherwise {"ok":true} (Result<void>) or the value.
template <typename T>
void send_result(httplib::Response& res, const Result<T>& r) {
  if (!r) return send_error(res, r.error());
  if constexpr (std::is_same_v<T, void>)
    send_ok(res);
  else
    send_json(res, 200, *r);
}

// Streams `channel` as NDJSON (an empty line after `keepalive` without data; `fault` is a
// test fault, none by default); `release` runs once when the client is gone.
void send_stream(httplib::Response& res, std::shared_ptr<StreamChannel> channel,
                 std::chrono::milliseconds keepalive, StreamFault fault,
                 std::function<void()> release);

}  // namespace server
