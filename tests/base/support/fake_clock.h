// SPDX-License-Identifier: GPL-3.0-or-later
// The fake of base::Clock (base/clock.h) for every test that runs backoffs, cooldowns and
// deadlines without waiting: base::ManualClock's time with two additions for tests, sleeps
// that advance time at once (the default) and a record of every sleep. Thread-safe.
#pragma once

#include <chrono>
#include <cstddef>
#include <mutex>
#include <stop_token>
#include <vector>

#include "base/clock.h"

namespace base::test {

// In kAdvance mode (default) sleep_for() moves time forward by the requested amount at once,
// so backoff loops run instantly; in kBlock mode sleepers wait until a test calls advance()
// (ManualClock's own sleep). Every sleep is recorded. Steady time starts at 1000 h, wall time
// at 2025-01-01T00:00:00Z.
class FakeClock final : public Clock {
 public:
  enum class SleepMode { kAdvance, kBlock };

  explicit FakeClock(SleepMode mode = SleepMode::kAdvance) : mode_(mode) {}

  SteadyTime now() const override { return time_.now(); }
  SystemTime system_now() const override { return time_.system_now(); }

  bool sleep_for(std::chrono::nanoseconds duration, std::stop_token stop = {}) const override {
    {
      std::lock_guard lock(mutex_);
      sleeps_.push_back(duration);
    }
    if (stop.stop_requested()) return false;
    if (duration <= std::chrono::nanoseconds::zero()) return true;
    if (mode_ == SleepMode::kBlock) return time_.sleep_for(duration, std::move(stop));
    time_.advance(duration);
    return true;
  }

  void advance(std::chrono::nanoseconds duration) { time_.advance(duration); }
  void set_system_time(SystemTime time) { time_.set_system_time(time); }
  // kBlock mode: waits until `count` threads are sleeping (test synchronisation).
  void wait_for_sleepers(std::size_t count) const { time_.wait_for_sleepers(count); }

  std::vector<std::chrono::nanoseconds> sleeps() const {
    std::lock_guard lock(mutex_);
    return sleeps_;
  }

 private:
  const SleepMode mode_;
  // advance() from a const sleep_for: the fake's time is its state, not its observable value.
  mutable ManualClock time_{SystemTime(std::chrono::seconds(1'735'689'600)),
                            SteadyTime(std::chrono::hours(1000))};
  mutable std::mutex mutex_;
  mutable std::vector<std::chrono::nanoseconds> sleeps_;
};

}  // namespace base::test
