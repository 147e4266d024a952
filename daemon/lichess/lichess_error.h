// SPDX-License-Identifier: GPL-3.0-or-later
// Why a Lichess API call failed, as a value, and how the Lichess error body
// (lichess/error_body.h) feeds the transport's retry policy. Plain values and pure
// functions; safe to copy between threads.
#pragma once

#include <chrono>
#include <expected>
#include <optional>
#include <string>

#include "daemon/http/http_client.h"
#include "daemon/http/retry_policy.h"
#include "daemon/lichess/endpoints.h"
#include "lichess/error_body.h"

namespace bot {

enum class LichessErrorKind {
  kTransport,    // no HTTP answer: network, timeout, TLS, aborted, stream silence
  kHttp,         // the server answered with a non-2xx status
  kCoolingDown,  // not sent: the endpoint is in its 429 cooldown
  kBadResponse,  // a 2xx answer whose body could not be parsed
};

std::string_view to_string(LichessErrorKind kind);

struct LichessError {
  LichessErrorKind kind = LichessErrorKind::kTransport;
  Endpoint endpoint = Endpoint::kAccount;
  int status = 0;  // HTTP status; 0 when no answer arrived
  TransportError transport = TransportError::kNone;
  std::string server_message;  // the body's "error" text, if any
  std::optional<lichess::RateLimit> ratelimit;
  // kCoolingDown: time left; HTTP 429: the cooldown that was just set.
  std::chrono::milliseconds cooldown{0};
  // Whether the same call may succeed later. False for the give-up rule's
  // 4xx answers (never_succeeds), for aborted transfers and bad responses.
  bool retryable = false;
  int attempts = 0;    // requests sent for this call; 0 when cooling down
  std::string detail;  // transport message or parse error; never holds the token

  bool rate_limited() const { return status == 429 || kind == LichessErrorKind::kCoolingDown; }
  // One line for logs, e.g. "move: HTTP 400: Not your turn, or game already over"
  // or "challenge-create: cooling down, 42 s left".
  std::string describe() const;
};

template <typename T>
using LichessResult = std::expected<T, LichessError>;

// The retry policy's decision for a Lichess answer, with the body's message and
// ratelimit.seconds as the server hint; `ratelimit` is the body's (a 429, or a 400 when the
// opponent's quota is hit).
struct LichessRetryDecision : RetryDecision {
  std::optional<lichess::RateLimit> ratelimit;
};
LichessRetryDecision decide_lichess_retry(const HttpResult& result, int attempt, double random01,
                                          const RetryParams& params = {});

// The error for a failed HttpResult (transport error or non-2xx status).
LichessError error_from_result(Endpoint endpoint, const HttpResult& result, int attempts);

// A call refused locally because `endpoint` is cooling down for `left`.
LichessError cooling_down_error(Endpoint endpoint, std::chrono::milliseconds left, int attempts);

// A 2xx answer whose body did not parse.
LichessError bad_response_error(Endpoint endpoint, int status, std::string detail);

}  // namespace bot
