// SPDX-License-Identifier: GPL-3.0-or-later
// Time as seen by the daemon, its transport and the local server: an interface so tests
// can run hours of backoffs, cooldowns and chess clocks in microseconds (the daemon's tests
// use tests/base/support/fake_clock.h), the real clocks, and a manual clock that moves only
// when told (`paxbot serve --manual-clock`, the server's tests).
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
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

  // now() in milliseconds since the clock's epoch: deadlines and chess clocks.
  std::int64_t now_ms() const {
    return std::chrono::duration_cast<std::chrono::milliseconds>(now().time_since_epoch()).count();
  }
  // system_now() in milliseconds since the Unix epoch: createdAt, seenAt, PGN dates.
  std::int64_t wall_ms() const {
    return std::chrono::duration_cast<std::chrono::milliseconds>(system_now().time_since_epoch())
        .count();
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

// Time that moves only when advance() is called: now() starts at `steady_start` (the steady
// epoch by default), system_now() at the wall time given (the real one by default); sleepers
// wake when time has been advanced past their deadline or on a stop request.
class ManualClock final : public Clock {
 public:
  ManualClock() : ManualClock(std::chrono::system_clock::now()) {}
  explicit ManualClock(SystemTime wall_start, SteadyTime steady_start = SteadyTime{})
      : wall_start_(wall_start), steady_start_(steady_start) {}

  SteadyTime now() const override {
    std::lock_guard lock(mutex_);
    return steady_start_ + offset_;
  }
  SystemTime system_now() const override {
    std::lock_guard lock(mutex_);
    return wall_start_ + std::chrono::duration_cast<SystemTime::duration>(offset_);
  }
  bool sleep_for(std::chrono::nanoseconds duration, std::stop_token stop = {}) const override {
    std::unique_lock lock(mutex_);
    const std::chrono::nanoseconds deadline = offset_ + duration;
    ++sleepers_;
    changed_.notify_all();  // for wait_for_sleepers
    const bool reached = changed_.wait(lock, stop, [&] { return offset_ >= deadline; });
    --sleepers_;
    return reached;
  }

  // Moves steady and wall time forward together.
  void advance(std::chrono::nanoseconds duration) {
    {
      std::lock_guard lock(mutex_);
      offset_ += duration;
    }
    changed_.notify_all();
  }
  // Sets the wall time (a step of the system clock); steady time and sleepers are unaffected.
  void set_system_time(SystemTime time) {
    std::lock_guard lock(mutex_);
    wall_start_ = time - std::chrono::duration_cast<SystemTime::duration>(offset_);
  }
  // Blocks until at least `count` threads are inside sleep_for (to synchronise with them).
  void wait_for_sleepers(std::size_t count) const {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [&] { return sleepers_ >= count; });
  }

 private:
  SystemTime wall_start_;
  const SteadyTime steady_start_;
  mutable std::mutex mutex_;
  mutable std::condition_variable_any changed_;
  std::chrono::nanoseconds offset_{0};
  mutable std::size_t sleepers_ = 0;
};

}  // namespace base
