// SPDX-License-Identifier: GPL-3.0-or-later
// Time as seen by the daemon and its transport: an interface so tests can run hours of
// backoffs and cooldowns in microseconds (see tests/base/support/fake_clock.h).
#pragma once

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <stop_token>

namespace base {

// Thread contract: all methods may be called from any thread at any time.
class Clock {
 public:
  using SteadyTime = std::chrono::steady_clock::time_point;
  using SystemTime = std::chrono::system_clock::time_point;

  virtual ~Clock() = default;

  // Monotonic time, for durations, deadlines, cooldowns and watchdogs.
  virtual SteadyTime now() const = 0;
  // Wall-clock time, for log timestamps and dates.
  virtual SystemTime system_now() const = 0;
  // Blocks for `duration` or until `stop` is requested, whichever comes
  // first. Returns true when the whole duration elapsed, false when stopped.
  virtual bool sleep_for(std::chrono::nanoseconds duration, std::stop_token stop = {}) const = 0;

  bool sleep_until(SteadyTime deadline, std::stop_token stop = {}) const {
    return sleep_for(deadline - now(), std::move(stop));
  }
};

// The real clocks. Stateless; sleeps wake promptly on a stop request.
class SystemClock final : public Clock {
 public:
  SteadyTime now() const override { return std::chrono::steady_clock::now(); }
  SystemTime system_now() const override { return std::chrono::system_clock::now(); }

  bool sleep_for(std::chrono::nanoseconds duration, std::stop_token stop = {}) const override {
    if (stop.stop_requested()) return false;
    if (duration <= std::chrono::nanoseconds::zero()) return true;
    std::mutex mutex;
    std::condition_variable_any wakeup;
    std::unique_lock lock(mutex);
    // Only a stop request notifies `wakeup`; the predicate ignores spurious wakeups.
    wakeup.wait_for(lock, stop, duration, [] { return false; });
    return !stop.stop_requested();
  }
};

}  // namespace base
