// SPDX-License-Identifier: GPL-3.0-or-later
#include "daemon/lichess/request_executor.h"

#include <string>
#include <utility>

namespace bot {

namespace {

// "GET /api/account": what logs show of a request (never its body or headers).
std::string request_line(const HttpRequest& request) {
  return std::string(to_string(request.method)) + " " + request.path;
}

long long whole_seconds(std::chrono::milliseconds duration) {
  return (duration.count() + 999) / 1000;
}

}  // namespace

RequestExecutor::RequestExecutor(HttpClient& http, const base::Clock& clock, base::Logger& log)
    : RequestExecutor(http, clock, log, Options{}) {}

RequestExecutor::RequestExecutor(HttpClient& http, const base::Clock& clock, base::Logger& log,
                                 Options options)
    : http_(http),
      clock_(clock),
      log_(log),
      options_(std::move(options)),
      cooldowns_(clock),
      random_(std::random_device{}()) {}

double RequestExecutor::random01() {
  if (options_.random01) return options_.random01();
  std::lock_guard lock(random_mutex_);
  return std::uniform_real_distribution<double>(0.0, 1.0)(random_);
}

const RetryParams* RequestExecutor::retry_params(Endpoint endpoint) const {
  switch (endpoint_info(endpoint).retry) {
    case RetryClass::kQuick:
      return &options_.quick_retry;
    case RetryClass::kNormal:
      return &options_.normal_retry;
    case RetryClass::kNone:
    case RetryClass::kStream:
      break;
  }
  return nullptr;
}

void RequestExecutor::observe(Endpoint endpoint, const HttpResult& result) {
  if (RequestObserver* observer = observer_.load()) observer->on_answer(endpoint, result);
}

void RequestExecutor::cool_down(Endpoint endpoint, const RetryDecision& decision) {
  const EndpointInfo& info = endpoint_info(endpoint);
  cooldowns_.cool_down(info.rate_key, decision.delay);
  if (RequestObserver* observer = observer_.load()) observer->on_cooldown(endpoint, decision.delay);
  log_.warning("lichess ", info.name, ": ", decision.reason, "; '", info.rate_key,
               "' requests paused for ", whole_seconds(decision.delay), " s");
}

LichessResult<HttpResult> RequestExecutor::send(Endpoint endpoint, const HttpRequest& request) {
  const EndpointInfo& info = endpoint_info(endpoint);
  const RetryParams* retry = retry_params(endpoint);
  const RetryParams no_retry{.max_attempts = 1};
  const RetryParams& params = retry ? *retry : no_retry;
  const RequestPriority priority =
      endpoint == Endpoint::kMove ? RequestPriority::kHigh : RequestPriority::kNormal;

  for (int attempt = 1;; ++attempt) {
    if (const auto left = cooldowns_.remaining(info.rate_key); left.count() > 0) {
      return std::unexpected(cooling_down_error(endpoint, left, attempt - 1));
    }
    HttpResult result;
    {
      const RequestSerializer::Turn turn = serializer_.acquire(priority);
      result = http_.request(request);
    }
    observe(endpoint, result);
    log_.debug("lichess ", request_line(request), " -> ",
               result.transport_ok() ? "HTTP " + std::to_string(result.status)
                                     : std::string(to_string(result.error)));

    const RetryDecision decision = decide_lichess_retry(result, attempt, random01(), params);
    switch (decision.action) {
      case RetryAction::kSuccess:
        return result;
      case RetryAction::kCoolDown: {
        cool_down(endpoint, decision);
        LichessError error = error_from_result(endpoint, result, attempt);
        error.cooldown = decision.delay;
        return std::unexpected(std::move(error));
      }
      case RetryAction::kGiveUp:
        if (retry && attempt > 1) {
          log_.warning("lichess ", request_line(request), ": ", decision.reason);
        }
        return std::unexpected(error_from_result(endpoint, result, attempt));
      case RetryAction::kRetry:
        break;
    }
    if (stop_.stop_requested()) {
      return std::unexpected(error_from_result(endpoint, result, attempt));
    }
    log_.warning("lichess ", request_line(request), ": ", decision.reason, "; retry ", attempt, "/",
                 params.max_attempts - 1, " in ", decision.delay.count(), " ms");
    if (!clock_.sleep_for(decision.delay, stop_.get_token())) {
      return std::unexpected(error_from_result(endpoint, result, attempt));
    }
  }
}

StreamOutcome RequestExecutor::stream(Endpoint endpoint, const HttpRequest& request,
                                      const LineHandler& on_line, const StreamControl& control) {
  const EndpointInfo& info = endpoint_info(endpoint);
  StreamOutcome outcome;
  if (const auto left = cooldowns_.remaining(info.rate_key); left.count() > 0) {
    outcome.error = cooling_down_error(endpoint, left, 0);
    return outcome;
  }
  log_.debug("lichess ", request_line(request), ": opening stream");
  const StreamResult result = http_.stream(request, on_line, control);
  outcome.stopped = result.stopped;
  outcome.lines = result.lines;
  observe(endpoint, result.http);
  if (result.stopped) return outcome;

  const RetryDecision decision = decide_lichess_retry(result.http, 1, 0.0, RetryParams{});
  if (decision.action == RetryAction::kSuccess) return outcome;  // clean end of stream
  if (decision.action == RetryAction::kCoolDown) cool_down(endpoint, decision);
  LichessError error = error_from_result(endpoint, result.http, 1);
  if (decision.action == RetryAction::kCoolDown) error.cooldown = decision.delay;
  outcome.error = std::move(error);
  return outcome;
}

}  // namespace bot
