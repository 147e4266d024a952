// SPDX-License-Identifier: GPL-3.0-or-later
#include "daemon/http/retry_policy.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace bot {

namespace {

using std::chrono::milliseconds;
using std::chrono::seconds;

milliseconds clamp_cooldown(milliseconds value, const RetryParams& params) {
  return std::clamp(value, params.min_cooldown, std::max(params.min_cooldown, params.max_cooldown));
}

std::string status_reason(const HttpResult& result, std::string_view what) {
  std::string reason = "HTTP " + std::to_string(result.status) + " (" + std::string(what) + ")";
  return reason;
}

void append_server_message(std::string& reason, const ServerHint& hint) {
  if (!hint.message.empty()) reason += ": " + hint.message;
}

}  // namespace

std::string_view to_string(RetryAction action) {
  switch (action) {
    case RetryAction::kSuccess:
      return "success";
    case RetryAction::kGiveUp:
      return "give up";
    case RetryAction::kRetry:
      return "retry";
    case RetryAction::kCoolDown:
      return "cool down";
  }
  return "?";
}

std::optional<seconds> parse_retry_after(std::string_view value) {
  while (!value.empty() && (value.front() == ' ' || value.front() == '\t')) value.remove_prefix(1);
  while (!value.empty() && (value.back() == ' ' || value.back() == '\t')) value.remove_suffix(1);
  if (value.empty() || value.size() > 9) return std::nullopt;
  std::int64_t n = 0;
  for (char c : value) {
    if (c < '0' || c > '9') return std::nullopt;
    n = n * 10 + (c - '0');
  }
  return seconds(n);
}

milliseconds backoff_delay(int attempt, double random01, const RetryParams& params) {
  if (!(random01 >= 0.0)) random01 = 0.0;  // also catches NaN
  random01 = std::min(random01, 1.0);
  const double jitter = std::clamp(params.jitter, 0.0, 1.0);
  const int exponent = std::clamp(attempt - 1, 0, 40);
  const double cap = double(std::max(params.max_delay.count(), milliseconds::rep(0)));
  const double base = double(std::max(params.initial_delay.count(), milliseconds::rep(0)));
  const double full = std::min(cap, base * std::ldexp(1.0, exponent));
  const double delay = full * (1.0 - jitter * random01);
  return milliseconds(static_cast<milliseconds::rep>(std::llround(delay)));
}

RetryDecision decide_retry(const HttpResult& result, int attempt, double random01,
                           const RetryParams& params, const ServerHint& hint) {
  RetryDecision decision;

  const auto retry = [&](std::string reason) {
    if (params.max_attempts > 0 && attempt >= params.max_attempts) {
      decision.action = RetryAction::kGiveUp;
      decision.reason = std::move(reason) + "; giving up after " + std::to_string(attempt) +
                        " attempt" + (attempt == 1 ? "" : "s");
      return decision;
    }
    decision.action = RetryAction::kRetry;
    decision.delay = backoff_delay(attempt, random01, params);
    decision.reason = std::move(reason);
    return decision;
  };

  if (!result.transport_ok()) {
    std::string reason = std::string(to_string(result.error)) + " error";
    if (!result.error_message.empty()) reason += ": " + result.error_message;
    if (result.error == TransportError::kAborted) {
      decision.action = RetryAction::kGiveUp;
      decision.reason = std::move(reason);
      return decision;
    }
    return retry(std::move(reason));
  }

  const int status = result.status;
  if (status >= 200 && status < 300) {
    decision.action = RetryAction::kSuccess;
    decision.reason = "HTTP " + std::to_string(status);
    return decision;
  }

  if (status == 429) {
    decision.action = RetryAction::kCoolDown;
    decision.reason = status_reason(result, "rate limited");
    append_server_message(decision.reason, hint);
    if (hint.cooldown && hint.cooldown->count() > 0) {
      decision.delay = clamp_cooldown(*hint.cooldown, params);
      decision.reason += "; server cooldown";
    } else if (const auto header = result.header("retry-after");
               header && parse_retry_after(*header)) {
      decision.delay = clamp_cooldown(*parse_retry_after(*header), params);
      decision.reason += "; Retry-After";
    } else {
      decision.delay = clamp_cooldown(params.default_cooldown, params);
    }
    return decision;
  }
  if (status >= 500 && status < 600) {
    std::string reason = status_reason(result, "server error");
    append_server_message(reason, hint);
    return retry(std::move(reason));
  }

  decision.action = RetryAction::kGiveUp;
  decision.reason =
      status_reason(result, status >= 400 && status < 500 ? "client error" : "unexpected status");
  append_server_message(decision.reason, hint);
  return decision;
}

}  // namespace bot
