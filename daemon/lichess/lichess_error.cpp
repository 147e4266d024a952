// SPDX-License-Identifier: GPL-3.0-or-later
#include "daemon/lichess/lichess_error.h"

#include <utility>

namespace bot {

std::string_view to_string(LichessErrorKind kind) {
  switch (kind) {
    case LichessErrorKind::kTransport:
      return "transport";
    case LichessErrorKind::kHttp:
      return "http";
    case LichessErrorKind::kCoolingDown:
      return "cooling down";
    case LichessErrorKind::kBadResponse:
      return "bad response";
  }
  return "?";
}

std::string LichessError::describe() const {
  std::string text(endpoint_info(endpoint).name);
  text += ": ";
  switch (kind) {
    case LichessErrorKind::kTransport:
      text += std::string(to_string(transport)) + " error";
      if (!detail.empty()) text += ": " + detail;
      break;
    case LichessErrorKind::kHttp:
      text += "HTTP " + std::to_string(status);
      if (!server_message.empty()) text += ": " + server_message;
      if (status == 429) {
        text += " (cooling down " + std::to_string((cooldown.count() + 999) / 1000) + " s)";
      }
      break;
    case LichessErrorKind::kCoolingDown:
      text += "cooling down, " + std::to_string((cooldown.count() + 999) / 1000) + " s left";
      break;
    case LichessErrorKind::kBadResponse:
      text += "bad response (HTTP " + std::to_string(status) + "): " + detail;
      break;
  }
  if (attempts > 1) text += " [" + std::to_string(attempts) + " attempts]";
  return text;
}

LichessRetryDecision decide_lichess_retry(const HttpResult& result, int attempt, double random01,
                                          const RetryParams& params) {
  // Only 4xx/5xx bodies are worth reading; an HTML 429 page gives no hint.
  std::optional<lichess::ErrorBody> body;
  if (result.transport_ok() && result.status >= 400) body = lichess::parse_error_body(result.body);
  ServerHint hint;
  if (body) {
    hint.message = body->message;
    if (body->ratelimit) hint.cooldown = body->ratelimit->seconds;
  }
  LichessRetryDecision decision{decide_retry(result, attempt, random01, params, hint), {}};
  if (body) decision.ratelimit = std::move(body->ratelimit);
  return decision;
}

LichessError error_from_result(Endpoint endpoint, const HttpResult& result, int attempts) {
  LichessError error;
  error.endpoint = endpoint;
  error.attempts = attempts;
  if (!result.transport_ok()) {
    error.kind = LichessErrorKind::kTransport;
    error.transport = result.error;
    error.detail = result.error_message;
    error.retryable = result.error != TransportError::kAborted;
    return error;
  }
  error.kind = LichessErrorKind::kHttp;
  error.status = result.status;
  if (std::optional<lichess::ErrorBody> body = lichess::parse_error_body(result.body)) {
    error.server_message = std::move(body->message);
    error.ratelimit = std::move(body->ratelimit);
  }
  error.retryable = !never_succeeds(result.status);
  return error;
}

LichessError cooling_down_error(Endpoint endpoint, std::chrono::milliseconds left, int attempts) {
  LichessError error;
  error.kind = LichessErrorKind::kCoolingDown;
  error.endpoint = endpoint;
  error.cooldown = left;
  error.retryable = true;
  error.attempts = attempts;
  return error;
}

LichessError bad_response_error(Endpoint endpoint, int status, std::string detail) {
  LichessError error;
  error.kind = LichessErrorKind::kBadResponse;
  error.endpoint = endpoint;
  error.status = status;
  error.detail = std::move(detail);
  error.attempts = 1;
  return error;
}

}  // namespace bot
