// SPDX-License-Identifier: GPL-3.0-or-later
#include "daemon/lichess/reconnecting_stream.h"

#include <algorithm>
#include <memory>
#include <random>
#include <utility>

namespace bot {

ReconnectingStream::ReconnectingStream(ReconnectPolicy policy, const base::Clock& clock,
                                       base::Logger& log)
    : policy_(std::move(policy)), clock_(clock), log_(log) {
  if (!policy_.random01) {
    auto engine = std::make_shared<std::mt19937_64>(std::random_device{}());
    own_random_ = [engine] { return std::uniform_real_distribution<double>(0.0, 1.0)(*engine); };
  }
}

double ReconnectingStream::random01() {
  return policy_.random01 ? policy_.random01() : own_random_();
}

std::chrono::milliseconds ReconnectingStream::delay_after(int failures,
                                                          const StreamOutcome& outcome) {
  std::chrono::milliseconds delay = backoff_delay(failures, random01(), policy_.backoff);
  if (outcome.error) delay = std::max(delay, outcome.error->cooldown);
  return delay;
}

void ReconnectingStream::run(std::stop_token stop, StreamControl control, const Open& open,
                             const Finished& finished) {
  control.stop = stop;
  int failures = 0;
  while (!stop.stop_requested()) {
    if (policy_.budget && !policy_.budget->try_acquire()) {
      const std::chrono::milliseconds wait = policy_.budget->wait_time();
      log_.warning(policy_.name, ": ", policy_.budget->used(),
                   " connections in the window used; waiting ", wait.count() / 1000, " s");
      clock_.sleep_for(wait, stop);
      continue;
    }
    const StreamOutcome outcome = open(control, [&failures] { failures = 0; });
    if (stop.stop_requested() || finished(outcome)) return;
    ++failures;
    const std::chrono::milliseconds delay = delay_after(failures, outcome);
    log_.warning(policy_.name, " ended (",
                 outcome.error ? outcome.error->describe() : std::string("end of stream"),
                 "); reconnecting in ", delay.count(), " ms");
    if (policy_.on_reconnect) policy_.on_reconnect();
    clock_.sleep_for(delay, stop);
  }
}

}  // namespace bot
