// SPDX-License-Identifier: GPL-3.0-or-later
// A blocking multi-producer queue: stream readers, engines and signal handlers
// push, one consumer thread pops. Deadlines are read from the injected Clock, so
// a test's fake clock decides when a wait times out. Thread-safe.
#pragma once

#include <condition_variable>
#include <deque>
#include <mutex>
#include <optional>
#include <stop_token>

#include "base/clock.h"

namespace bot {

template <class T>
class EventQueue {
 public:
  explicit EventQueue(const base::Clock& clock) : clock_(clock) {}

  void push(T item) {
    std::lock_guard lock(mutex_);
    items_.push_back(std::move(item));
    if (waiter_) waiter_->request_stop();  // wakes a pop_until() sleeping on the clock
    ready_.notify_one();
  }

  // Waits until an item arrives or the clock reaches `deadline`; nullopt when none arrived.
  std::optional<T> pop_until(base::Clock::SteadyTime deadline) {
    std::stop_source wake;
    {
      std::lock_guard lock(mutex_);
      if (!items_.empty()) return take();
      waiter_ = &wake;
    }
    clock_.sleep_until(deadline, wake.get_token());
    std::lock_guard lock(mutex_);
    waiter_ = nullptr;
    if (items_.empty()) return std::nullopt;
    return take();
  }

  // Waits up to `timeout` of the clock's time for an item; nullopt when none arrived.
  std::optional<T> pop_for(base::Clock::SteadyTime::duration timeout) {
    return pop_until(clock_.now() + timeout);
  }

  // Waits for an item, however long it takes.
  T pop() {
    std::unique_lock lock(mutex_);
    ready_.wait(lock, [this] { return !items_.empty(); });
    return *take();
  }

  std::size_t size() const {
    std::lock_guard lock(mutex_);
    return items_.size();
  }

 private:
  std::optional<T> take() {  // mutex_ held, items_ not empty
    T item = std::move(items_.front());
    items_.pop_front();
    return item;
  }

  const base::Clock& clock_;
  mutable std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<T> items_;
  std::stop_source* waiter_ = nullptr;  // the consumer sleeping in pop_until(), if any
};

}  // namespace bot
