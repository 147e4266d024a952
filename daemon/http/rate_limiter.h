// SPDX-License-Identifier: GPL-3.0-or-later
// Client-side rate limiting: per-endpoint cooldowns after 429s, one request
// at a time per account, and the event-stream reconnect budget.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "base/clock.h"

namespace bot {

// Owns the cooldown deadline of each endpoint key ("move", "challenge",
// "event-stream", ...). Thread-safe; the clock must outlive it.
class EndpointCooldowns {
 public:
  explicit EndpointCooldowns(const base::Clock& clock) : clock_(clock) {}

  // Blocks `endpoint` for `duration` from now. Never shortens an existing
  // cooldown: the later deadline wins.
  void cool_down(std::string_view endpoint, std::chrono::milliseconds duration);
  void clear(std::string_view endpoint);

  bool is_cooling(std::string_view endpoint) const { return remaining(endpoint).count() > 0; }
  // Time left before `endpoint` may be used again; zero when it is free.
  std::chrono::milliseconds remaining(std::string_view endpoint) const;
  // Every key still cooling down, with the time left.
  std::vector<std::pair<std::string, std::chrono::milliseconds>> active() const;

 private:
  const base::Clock& clock_;
  mutable std::mutex mutex_;
  std::map<std::string, base::Clock::SteadyTime, std::less<>> until_;
};

enum class RequestPriority { kNormal, kHigh };

// The "one request at a time per account" gate. Owns no request; it only
// hands out exclusive turns. Thread-safe: any number of threads may wait in
// acquire(); kHigh waiters (moves) are served before kNormal ones, FIFO
// within a priority. Streams do not take turns.
class RequestSerializer {
 public:
  // RAII turn: the next waiter is admitted when it is destroyed.
  class Turn {
   public:
    Turn(Turn&& other) noexcept : owner_(std::exchange(other.owner_, nullptr)) {}
    Turn& operator=(Turn&&) = delete;
    Turn(const Turn&) = delete;
    ~Turn() {
      if (owner_) owner_->release();
    }

   private:
    friend class RequestSerializer;
    explicit Turn(RequestSerializer* owner) : owner_(owner) {}
    RequestSerializer* owner_;
  };

  RequestSerializer() = default;
  RequestSerializer(const RequestSerializer&) = delete;
  RequestSerializer& operator=(const RequestSerializer&) = delete;

  // Blocks until it is the caller's turn.
  [[nodiscard]] Turn acquire(RequestPriority priority = RequestPriority::kNormal);

  std::size_t waiting() const;

 private:
  void release();

  mutable std::mutex mutex_;
  std::condition_variable changed_;
  bool busy_ = false;
  std::uint64_t next_ticket_ = 0;
  std::deque<std::uint64_t> queue_[2];  // indexed by RequestPriority
};

// Sliding-window budget for event-stream (re)connects: at most
// `max_connects` within any `window` (Lichess: 30 per 10 minutes per token).
// Thread-safe; the clock must outlive it.
class ReconnectBudget {
 public:
  static constexpr std::size_t kDefaultMaxConnects = 30;
  static constexpr std::chrono::seconds kDefaultWindow{600};

  explicit ReconnectBudget(const base::Clock& clock, std::size_t max_connects = kDefaultMaxConnects,
                           std::chrono::milliseconds window = kDefaultWindow);

  // Records a connect now and returns true if the budget allows it;
  // otherwise records nothing and returns false.
  bool try_acquire();
  // How long until try_acquire() can succeed; zero if it can now.
  std::chrono::milliseconds wait_time() const;
  std::size_t used() const;

 private:
  void expire(base::Clock::SteadyTime now) const;

  const base::Clock& clock_;
  const std::size_t max_connects_;
  const std::chrono::milliseconds window_;
  mutable std::mutex mutex_;
  mutable std::deque<base::Clock::SteadyTime> connects_;
};

}  // namespace bot
