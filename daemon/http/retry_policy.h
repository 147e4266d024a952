// SPDX-License-Identifier: GPL-3.0-or-later
// Classifies an HTTP result into what the caller should do next. Pure: no
// clock, no randomness of its own, no I/O; safe to call from any thread.
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <string_view>

#include "daemon/http/http_client.h"

namespace bot {

enum class RetryAction {
  kSuccess,   // 2xx: done
  kGiveUp,    // 4xx other than 429, aborted, or attempts exhausted: do not repeat
  kRetry,     // 5xx or network error: repeat after `delay`
  kCoolDown,  // 429: block this endpoint for `delay`, then it may be tried again
};

std::string_view to_string(RetryAction action);

// What the response body said, parsed by the layer that knows the server's body format
// (daemon/lichess/lichess_error.h for Lichess); this layer reads no bodies.
struct ServerHint {
  std::string message;  // the server's error text for the reason; may be empty
  // 429: how long the server asks us to wait; wins over Retry-After. Zero or absent: no hint.
  std::optional<std::chrono::seconds> cooldown;
};

// Retry-After in its delta-seconds form ("120"); the HTTP-date form and
// malformed values give nullopt.
std::optional<std::chrono::seconds> parse_retry_after(std::string_view value);

struct RetryParams {
  std::chrono::milliseconds initial_delay{1'000};  // first retry waits about this long
  std::chrono::milliseconds max_delay{60'000};     // cap of the exponential backoff
  // Fraction of the delay removed at random: delay is in [d * (1 - jitter), d].
  double jitter = 0.5;
  // Attempts allowed in total: a retryable failure of attempt number
  // max_attempts gives kGiveUp. 0 = no limit.
  int max_attempts = 0;
  // 429 without a cooldown hint or Retry-After.
  std::chrono::milliseconds default_cooldown{60'000};
  std::chrono::milliseconds min_cooldown{1'000};
  std::chrono::milliseconds max_cooldown{std::chrono::hours(24)};
};

struct RetryDecision {
  RetryAction action = RetryAction::kGiveUp;
  // kRetry: wait before the next attempt; kCoolDown: how long the endpoint
  // stays blocked; zero otherwise.
  std::chrono::milliseconds delay{0};
  std::string reason;  // short text for logs
};

// Capped exponential backoff with jitter for the `attempt`-th retry
// (attempt 1 = after the first failure). random01 is a uniform value in
// [0, 1) from the caller's random source; values outside are clamped.
std::chrono::milliseconds backoff_delay(int attempt, double random01,
                                        const RetryParams& params = {});

// `attempt` counts the attempts made so far, including the one that produced
// `result` (1 for the first try).
RetryDecision decide_retry(const HttpResult& result, int attempt, double random01,
                           const RetryParams& params = {}, const ServerHint& hint = {});

}  // namespace bot
