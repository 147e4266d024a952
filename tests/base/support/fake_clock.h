// SPDX-License-Identifier: GPL-3.0-or-later
// The fake of base::Clock (base/clock.h) for every test that runs backoffs, cooldowns and
// deadlines without waiting. Thread-safe (see the class comment).
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <mutex>
#include <stop_token>
#include <vector>

#include "base/clock.h"

namespace base::test {

// Manual time. In kAdvance mode (default) sleep_for() moves time forward by
// the requested amount at once, so backoff loops run instantly; in kBlock
// mode sleepers wait until a test calls advance(). Every sleep is recorded.
// Thread-safe.
class FakeClock final : public Clock {
 public:
  enum class SleepMode { kAdvance, kBlock };

  explicit FakeClock(SleepMode mode = SleepMode::kAdvance) : mode_(mode) {}

  SteadyTime now() const override {
    std::lock_guard lock(mutex_);
    return steady_;
  }
  SystemTime system_now() const override {
    std::lock_guard lock(mutex_);
    return system_;
  }

  bool sleep_for(std::chrono::nanoseconds duration, std::stop_token stop = {}) const override {
    std::unique_lock lock(mutex_);
    sleeps_.push_back(duration);
    if (stop.stop_requested()) return false;
    if (duration <= std::chrono::nanoseconds::zero()) return true;
    if (mode_ == SleepMode::kAdvance) {
      steady_ += duration;
      system_ += std::chrono::duration_cast<SystemTime::duration>(duration);
      changed_.notify_all();
      return true;
    }
    const SteadyTime deadline = steady_ + duration;
    ++sleepers_;
    changed_.notify_all();
    const bool reached = changed_.wait(lock, stop, [&] { return steady_ >= deadline; });
    --sleepers_;
    return reached;
  }

  void advance(std::chrono::nanoseconds duration) {
    {
      std::lock_guard lock(mutex_);
      steady_ += duration;
      system_ += std::chrono::duration_cast<SystemTime::duration>(duration);
    }
    changed_.notify_all();
  }

  void set_system_time(SystemTime time) {
    std::lock_guard lock(mutex_);
    system_ = time;
  }

  // kBlock mode: waits until `count` threads are sleeping (test synchronisation).
  void wait_for_sleepers(std::size_t count) const {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [&] { return sleepers_ >= count; });
  }

  std::vector<std::chrono::nanoseconds> sleeps() const {
    std::lock_guard lock(mutex_);
    return sleeps_;
  }

 private:
  const SleepMode mode_;
  mutable std::mutex mutex_;
  mutable std::condition_variable_any changed_;
  mutable SteadyTime steady_{std::chrono::hours(1000)};
  // 2025-01-01T00:00:00Z
  mutable SystemTime system_{std::chrono::seconds(1'735'689'600)};
  mutable std::vector<std::chrono::nanoseconds> sleeps_;
  mutable std::size_t sleepers_ = 0;
};

}  // namespace base::test
