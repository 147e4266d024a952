// SPDX-License-Identifier: GPL-3.0-or-later
// The moments of play the random-kill test aims its SIGKILLs at, and what a daemon's log
// says about them: the line that opens each moment's window (with the game or challenge it
// is about) and the lines that close it. The test kills after an opening line and, from the
// log written up to the death (the daemon flushes every line) and the server's view, tells
// whether the kill landed inside the window. Pure functions on log text; any thread.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace paxbot_test {

enum class Moment { kSearch, kPost, kAccept, kShutdown };
inline constexpr std::array<Moment, 4> kMoments = {Moment::kSearch, Moment::kPost, Moment::kAccept,
                                                   Moment::kShutdown};

// "during a search", "between a move's POST and its echo", ...
std::string_view moment_name(Moment m);

// A window's opening line: the game (search, POST) or challenge (accept) it is about, empty
// for a shutdown, and the offset just past the line.
struct WindowOpen {
  std::string id;
  std::size_t end = 0;
};

// The first line of `log` at or after `from` that opens a window of `m`:
//   search   "game G: searching (...)"       logged once the engine runs
//   POST     "game G: playing e2e4 (...)"    logged just before the move's POST
//   accept   "challenge C from X (...): accepted"   just before the accept POST
//   shutdown "shutting down: ..."            once SIGTERM reached the main loop
// With `game` set, search and POST lines of that game only.
std::optional<WindowOpen> find_window_open(Moment m, std::string_view log, std::size_t from = 0,
                                           std::string_view game = "");

// The first line of `after` (what the daemon logged after the opening line) that shows the
// window closed, or "" when none does:
//   search   "game G: playing <move>", "game G: over", "game G: resigning"
//   POST     "game G: searching" (the echo came and the opponent answered), "game G: over"
//   accept   "game C started against", "game C is ongoing" (the game started for us)
//   shutdown "stopped"
// The echo of a move itself leaves no line, so for a POST the server decides (its move
// list must still show the victim to move), as it does for an accept (still pending).
std::string window_closed_by(Moment m, std::string_view id, std::string_view after);

}  // namespace paxbot_test
