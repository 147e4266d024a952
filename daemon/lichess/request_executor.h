// SPDX-License-Identifier: GPL-3.0-or-later
// How every Lichess call goes out: endpoint cooldowns after 429s, one
// request at a time per account, bounded retries of idempotent calls.
#pragma once

#include <atomic>
#include <chrono>
#include <cstddef>
#include <functional>
#include <mutex>
#include <optional>
#include <random>
#include <stop_token>

#include "base/clock.h"
#include "base/logging.h"
#include "daemon/http/http_client.h"
#include "daemon/http/rate_limiter.h"
#include "daemon/http/retry_policy.h"
#include "daemon/lichess/endpoints.h"
#include "daemon/lichess/lichess_error.h"

namespace bot {

// How a stream ended. A clean end (EOF, or stopped by its owner) has no error.
struct StreamOutcome {
  std::optional<LichessError> error;
  bool stopped = false;       // the handler returned kStop or the stop token fired
  std::size_t lines = 0;      // lines received, keep-alives included
  std::size_t malformed = 0;  // lines dropped because they did not parse
  bool ok() const { return !error.has_value(); }
};

// Told of every answer the executor sees (each attempt of a call, each stream's end) and of
// every cooldown it starts; the daemon's metrics registry (daemon/metrics.h) is the one
// implementation. Called on the calling threads, concurrently: implementations are
// thread-safe.
class RequestObserver {
 public:
  virtual ~RequestObserver() = default;
  virtual void on_answer(Endpoint endpoint, const HttpResult& result) = 0;
  virtual void on_cooldown(Endpoint endpoint, std::chrono::milliseconds duration) = 0;
};

// Owns the account's EndpointCooldowns and RequestSerializer and applies
// them, with the retry policy, to each call. Holds no connection itself: the
// HttpClient, Clock and Logger are borrowed and must outlive it.
//
// Thread contract: send() and stream() may be called from any threads at
// once; requests are serialized one at a time (moves first), streams run
// concurrently. stop_retries() may be called from any thread.
class RequestExecutor {
 public:
  struct Options {
    // kNormal endpoints: 4 attempts, backoff from 1 s.
    RetryParams normal_retry{.initial_delay = std::chrono::milliseconds(1'000),
                             .max_delay = std::chrono::milliseconds(8'000),
                             .max_attempts = 4};
    // Moves: 3 attempts, 0.1-0.4 s apart; a bare 429 on a move pauses moves for 1 s only
    // (a minute-long pause would lose any fast game on time).
    RetryParams quick_retry{.initial_delay = std::chrono::milliseconds(200),
                            .max_delay = std::chrono::milliseconds(400),
                            .max_attempts = 3,
                            .default_cooldown = std::chrono::milliseconds(1'000)};
    // Uniform in [0, 1) for the backoff jitter; empty: an internal generator.
    std::function<double()> random01;
  };

  RequestExecutor(HttpClient& http, const base::Clock& clock, base::Logger& log);
  RequestExecutor(HttpClient& http, const base::Clock& clock, base::Logger& log, Options options);
  RequestExecutor(const RequestExecutor&) = delete;
  RequestExecutor& operator=(const RequestExecutor&) = delete;

  // A request/response call. Fails fast with kCoolingDown while the
  // endpoint's key cools down. Each attempt takes a serializer turn (high
  // priority for moves) that is released before any backoff wait. A 429
  // starts the key's cooldown (ratelimit.seconds, Retry-After, or 60 s) and
  // fails. 5xx and network errors are retried per the endpoint's RetryClass.
  // Returns the 2xx result.
  LichessResult<HttpResult> send(Endpoint endpoint, const HttpRequest& request);

  // A stream: fails fast while cooling down; no serializer turn, no retry
  // (the owner reconnects). A 429 answer starts the cooldown.
  StreamOutcome stream(Endpoint endpoint, const HttpRequest& request, const LineHandler& on_line,
                       const StreamControl& control);

  // Ends every retry wait at once and disables further retries (shutdown);
  // calls themselves still go out, so games can be resigned on the way out.
  void stop_retries() { stop_.request_stop(); }

  // Attaches (or, with nullptr, detaches) the observer; any thread. The observer must stay
  // alive until it is detached and the calls in flight have returned.
  void set_observer(RequestObserver* observer) { observer_.store(observer); }

  EndpointCooldowns& cooldowns() { return cooldowns_; }
  const EndpointCooldowns& cooldowns() const { return cooldowns_; }
  RequestSerializer& serializer() { return serializer_; }

 private:
  double random01();
  // Starts the cooldown for a 429 and logs it.
  void cool_down(Endpoint endpoint, const RetryDecision& decision);
  const RetryParams* retry_params(Endpoint endpoint) const;
  void observe(Endpoint endpoint, const HttpResult& result);

  HttpClient& http_;
  const base::Clock& clock_;
  base::Logger& log_;
  Options options_;
  EndpointCooldowns cooldowns_;
  RequestSerializer serializer_;
  std::stop_source stop_;
  std::atomic<RequestObserver*> observer_{nullptr};
  std::mutex random_mutex_;  // guards random_
  std::mt19937_64 random_;
};

}  // namespace bot
