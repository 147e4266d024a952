// SPDX-License-Identifier: GPL-3.0-or-later
#include "server/clocks.h"

#include <algorithm>

namespace server {

lichess::Speed TimeControl::speed_class() const {
  if (kind != Kind::kClock) return lichess::Speed::kCorrespondence;
  return lichess::classify_speed(limit_s, increment_s);
}

std::string TimeControl::show() const {
  std::string limit;
  switch (limit_s) {
    case 15:
      limit = "¼";
      break;
    case 30:
      limit = "½";
      break;
    case 45:
      limit = "¾";
      break;
    case 90:
      limit = "1.5";
      break;
    default:
      limit = limit_s % 60 == 0 ? std::to_string(limit_s / 60) : std::to_string(limit_s) + "s";
  }
  return limit + "+" + std::to_string(increment_s);
}

GameClock::GameClock(std::int64_t initial_ms, std::int64_t increment_ms)
    : initial_ms_(initial_ms), increment_ms_(increment_ms), left_{initial_ms, initial_ms} {}

std::int64_t GameClock::remaining(engine::Color c, std::int64_t now) const {
  if (!running_ || c != turn_) return left_[c];
  return std::max<std::int64_t>(0, left_[c] - (now - started_at_));
}

void GameClock::start(engine::Color c, std::int64_t now) {
  turn_ = c;
  started_at_ = now;
  running_ = true;
}

void GameClock::press(engine::Color c, std::int64_t now) {
  if (running_ && c == turn_) left_[c] = remaining(c, now) + increment_ms_;
  start(~c, now);
}

void GameClock::switch_to(engine::Color c, std::int64_t now) {
  if (running_) left_[turn_] = remaining(turn_, now);
  start(c, now);
}

void GameClock::stop(std::int64_t now) {
  if (running_) left_[turn_] = remaining(turn_, now);
  running_ = false;
}

}  // namespace server
