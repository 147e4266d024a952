// SPDX-License-Identifier: GPL-3.0-or-later
// Time for the server: time controls as challenges carry them and the running chess clock
// of a game. The time source is base::Clock (base/clock.h), injected so tests control time.
#pragma once

#include <cstdint>
#include <string>

#include "engine/types.h"
#include "lichess/time_control.h"

namespace server {

// A time control as a challenge states it (seconds and days, like the API).
struct TimeControl {
  enum class Kind { kClock, kCorrespondence, kUnlimited };
  Kind kind = Kind::kUnlimited;
  int limit_s = 0;      // Clock: initial time in seconds
  int increment_s = 0;  // Clock: increment in seconds
  int days = 0;         // Correspondence: days per turn

  static TimeControl clock(int limit_s, int increment_s) {
    return {Kind::kClock, limit_s, increment_s, 0};
  }
  static TimeControl correspondence(int days) { return {Kind::kCorrespondence, 0, 0, days}; }
  static TimeControl unlimited() { return {}; }

  bool realtime() const { return kind == Kind::kClock; }
  // Estimated game duration in seconds: limit + 40 * increment.
  int estimate_s() const { return limit_s + 40 * increment_s; }
  // The Lichess speed class (lichess/time_control.h): correspondence without a clock.
  lichess::Speed speed_class() const;
  // Its key: ultraBullet, bullet, blitz, rapid, classical or correspondence.
  std::string speed() const { return std::string(lichess::to_string(speed_class())); }
  // "5+2", "½+0", "1.5+1" for clocks.
  std::string show() const;
};

// A realtime chess clock in milliseconds. Not thread-safe: owned by one Game,
// which the server state guards.
class GameClock {
 public:
  GameClock(std::int64_t initial_ms, std::int64_t increment_ms);

  std::int64_t initial_ms() const { return initial_ms_; }
  std::int64_t increment_ms() const { return increment_ms_; }
  bool running() const { return running_; }
  engine::Color running_color() const { return turn_; }

  // Time left for c at `now`; the running side's elapsed time is deducted. Never negative.
  std::int64_t remaining(engine::Color c, std::int64_t now) const;
  // When the running side's time runs out (meaningless when not running).
  std::int64_t flag_time() const { return started_at_ + left_[turn_]; }
  bool flagged(std::int64_t now) const { return running_ && now >= flag_time(); }

  // Starts c's time at `now` (after both sides made their first move).
  void start(engine::Color c, std::int64_t now);
  // c completed a move at `now`: deducts its time, adds the increment, starts the other side.
  void press(engine::Color c, std::int64_t now);
  // Gives the turn to c without an increment (after a takeback).
  void switch_to(engine::Color c, std::int64_t now);
  // Freezes both times at `now` (game over).
  void stop(std::int64_t now);

 private:
  std::int64_t initial_ms_;
  std::int64_t increment_ms_;
  std::int64_t left_[2];
  std::int64_t started_at_ = 0;
  engine::Color turn_ = engine::White;
  bool running_ = false;
};

}  // namespace server
