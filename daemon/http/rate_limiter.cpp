// SPDX-License-Identifier: GPL-3.0-or-later
#include "daemon/http/rate_limiter.h"

#include <algorithm>

namespace bot {

namespace {

using std::chrono::milliseconds;

// Rounds up so that "remaining 0" really means the deadline has passed.
milliseconds ceil_ms(base::Clock::SteadyTime::duration d) {
  if (d <= base::Clock::SteadyTime::duration::zero()) return milliseconds(0);
  return std::chrono::ceil<milliseconds>(d);
}

}  // namespace

void EndpointCooldowns::cool_down(std::string_view endpoint, milliseconds duration) {
  if (duration <= milliseconds(0)) return;
  const base::Clock::SteadyTime deadline = clock_.now() + duration;
  std::lock_guard lock(mutex_);
  auto it = until_.find(endpoint);
  if (it == until_.end()) {
    until_.emplace(std::string(endpoint), deadline);
  } else {
    it->second = std::max(it->second, deadline);
  }
}

void EndpointCooldowns::clear(std::string_view endpoint) {
  std::lock_guard lock(mutex_);
  if (auto it = until_.find(endpoint); it != until_.end()) until_.erase(it);
}

milliseconds EndpointCooldowns::remaining(std::string_view endpoint) const {
  const base::Clock::SteadyTime now = clock_.now();
  std::lock_guard lock(mutex_);
  const auto it = until_.find(endpoint);
  if (it == until_.end()) return milliseconds(0);
  return ceil_ms(it->second - now);
}

std::vector<std::pair<std::string, milliseconds>> EndpointCooldowns::active() const {
  const base::Clock::SteadyTime now = clock_.now();
  std::lock_guard lock(mutex_);
  std::vector<std::pair<std::string, milliseconds>> cooling;
  for (const auto& [key, until] : until_)
    if (until > now) cooling.emplace_back(key, ceil_ms(until - now));
  return cooling;
}

RequestSerializer::Turn RequestSerializer::acquire(RequestPriority priority) {
  std::unique_lock lock(mutex_);
  const std::uint64_t ticket = next_ticket_++;
  auto& own_queue = queue_[static_cast<int>(priority)];
  own_queue.push_back(ticket);
  changed_.wait(lock, [&] {
    if (busy_) return false;
    const auto& high = queue_[static_cast<int>(RequestPriority::kHigh)];
    const auto& first = high.empty() ? queue_[static_cast<int>(RequestPriority::kNormal)] : high;
    return first.front() == ticket;
  });
  own_queue.pop_front();
  busy_ = true;
  return Turn(this);
}

void RequestSerializer::release() {
  {
    std::lock_guard lock(mutex_);
    busy_ = false;
  }
  changed_.notify_all();
}

std::size_t RequestSerializer::waiting() const {
  std::lock_guard lock(mutex_);
  return queue_[0].size() + queue_[1].size();
}

ReconnectBudget::ReconnectBudget(const base::Clock& clock, std::size_t max_connects,
                                 milliseconds window)
    : clock_(clock), max_connects_(std::max<std::size_t>(max_connects, 1)), window_(window) {}

void ReconnectBudget::expire(base::Clock::SteadyTime now) const {
  while (!connects_.empty() && now - connects_.front() >= window_) connects_.pop_front();
}

bool ReconnectBudget::try_acquire() {
  const base::Clock::SteadyTime now = clock_.now();
  std::lock_guard lock(mutex_);
  expire(now);
  if (connects_.size() >= max_connects_) return false;
  connects_.push_back(now);
  return true;
}

milliseconds ReconnectBudget::wait_time() const {
  const base::Clock::SteadyTime now = clock_.now();
  std::lock_guard lock(mutex_);
  expire(now);
  if (connects_.size() < max_connects_) return milliseconds(0);
  // The oldest connect that must leave the window for a slot to open.
  const base::Clock::SteadyTime oldest = connects_[connects_.size() - max_connects_];
  return ceil_ms(oldest + window_ - now);
}

std::size_t ReconnectBudget::used() const {
  const base::Clock::SteadyTime now = clock_.now();
  std::lock_guard lock(mutex_);
  expire(now);
  return connects_.size();
}

}  // namespace bot
