// SPDX-License-Identifier: GPL-3.0-or-later
// The check-in cycle of correspondence games (config section `correspondence`): when a
// game's stream may close while the opponent thinks (StreamParking, one per session), which
// sessions with a closed stream to wake at a check-in, and the order in which ongoing games
// are resumed after a (re)start. A session with a closed stream runs no search and holds no
// engine; it reopens its stream (which replays the whole game from gameFull, so nothing is
// lost) when the bot wakes it.
//
// Pure: time arrives as `now` arguments. Not thread-safe: a StreamParking belongs to its
// session's thread; the functions are called by the bot's main loop.
#pragma once

#include <chrono>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "daemon/lichess/types.h"

namespace bot {

// When a correspondence game's stream may close: once it has been the opponent's turn for
// correspondence.disconnect_s (a quick reply is seen at once meanwhile).
class StreamParking {
 public:
  using Time = std::chrono::steady_clock::time_point;

  explicit StreamParking(std::chrono::seconds disconnect_after)
      : disconnect_after_(disconnect_after) {}

  // After each gameState the session applied: on the opponent's turn the countdown starts
  // (unless it runs already); on ours it stops.
  void on_state(bool our_turn, Time now);
  // When the stream may close; nullopt while it is our turn or the stream is closed.
  std::optional<Time> deadline() const { return close_at_; }
  bool due(Time now) const { return close_at_ && now >= *close_at_; }
  // The stream closed (or reopened): no countdown until the next state.
  void reset() { close_at_.reset(); }

 private:
  std::chrono::seconds disconnect_after_;
  std::optional<Time> close_at_;
};

// Whether an ongoing game (gameStart, /api/account/playing) is a correspondence game: speed
// `correspondence`, which on Lichess covers days per move and unlimited games.
bool is_correspondence(const GameEventInfo& game);

// The most urgent first: our turn before theirs, then the least time left (games without
// secondsLeft last), then by game id, so the order never depends on the server's list.
std::vector<GameEventInfo> urgent_first(std::vector<GameEventInfo> games);

// At a check-in: which of the sessions whose stream is closed (`closed`, game ids) to wake,
// most urgent first. A game the server lists as our turn wakes; so does one the server no
// longer lists when `playing` is the complete list (it ended meanwhile: its stream tells how).
std::vector<std::string> games_to_wake(std::span<const GameEventInfo> playing, bool complete,
                                       std::span<const std::string> closed);

}  // namespace bot
