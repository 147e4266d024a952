// SPDX-License-Identifier: GPL-3.0-or-later
// One reconnecting stream loop for every long-lived Lichess stream (the event stream, each
// game stream): open, read until it ends, decide whether the end is final, otherwise wait
// the retry policy's jittered backoff (daemon/http/retry_policy.h), at least the server's
// cooldown, and open it again. The backoff starts over once a connection delivers data.
//
// Thread contract: run() blocks its calling thread (the stream's reader thread) until the
// stream is done or `stop` fires; the callbacks run on that thread.
#pragma once

#include <chrono>
#include <functional>
#include <optional>
#include <stop_token>
#include <string>

#include "base/clock.h"
#include "base/logging.h"
#include "daemon/http/rate_limiter.h"
#include "daemon/http/retry_policy.h"
#include "daemon/lichess/request_executor.h"

namespace bot {

struct ReconnectPolicy {
  std::string name;  // for logs: "event stream", "game abcd1234: stream"
  // initial_delay, max_delay and jitter of the wait after the n-th failure in a row.
  RetryParams backoff;
  // When set, every connect must fit the budget (the event stream's 30 per 10 minutes).
  ReconnectBudget* budget = nullptr;
  // Uniform values in [0, 1) for the jitter; empty: the stream's own random source.
  std::function<double()> random01;
  // Called each time a connection ended and the stream is about to be opened again
  // (the metrics' reconnect counter); on the stream's thread.
  std::function<void()> on_reconnect;
};

class ReconnectingStream {
 public:
  // Opens the stream once and blocks until it ends. Call `delivered()` for every event that
  // carries data (not keep-alives): the backoff starts over.
  using Open = std::function<StreamOutcome(const StreamControl& control,
                                           const std::function<void()>& delivered)>;
  // After a connection ended (not by `stop`): true when the stream is done for good, so
  // run() returns without reconnecting.
  using Finished = std::function<bool(const StreamOutcome& outcome)>;

  ReconnectingStream(ReconnectPolicy policy, const base::Clock& clock, base::Logger& log);

  // Loops until `finished` says so or `stop` fires; `control` is passed to every open
  // (its stop token is replaced by `stop`).
  void run(std::stop_token stop, StreamControl control, const Open& open, const Finished& finished);

  // The wait before the next connect after `failures` failures in a row and `outcome`.
  std::chrono::milliseconds delay_after(int failures, const StreamOutcome& outcome);

 private:
  double random01();

  ReconnectPolicy policy_;
  const base::Clock& clock_;
  base::Logger& log_;
  std::function<double()> own_random_;
};

}  // namespace bot
