// SPDX-License-Identifier: GPL-3.0-or-later
// Rules for the correspondence section. Its think time has one owner: correspondence.move_time_ms;
// an engine.overrides entry that names correspondence and sets max_think_ms is an error.
#include <algorithm>
#include <string>

#include "config/rules.h"

namespace config {
namespace {

constexpr int kLichessMaxPlaying = 200;  // ongoing games per account, correspondence included
constexpr int kDayS = 86'400;

}  // namespace

void check_correspondence(const Config& c, Rules& r) {
  const Correspondence& k = c.correspondence;
  r.range("correspondence.move_time_ms", k.move_time_ms, 10, 3'600'000);
  r.range("correspondence.max_games", k.max_games, 1, kLichessMaxPlaying,
          "use 1 to 200 (Lichess allows 200 ongoing games); to refuse correspondence challenges "
          "leave correspondence out of challenge.time_controls");
  r.range("correspondence.checkin_s", k.checkin_s, 1, kDayS);
  r.range("correspondence.disconnect_s", k.disconnect_s, 0, kDayS,
          "use 0 to close the stream as soon as our move is shown");
  if (k.checkin_s >= 1 && k.checkin_s < 60 && k.max_games >= 1) {
    // One /api/account/playing request per check-in: cheap, but Lichess asks for restraint.
    r.warning("correspondence.checkin_s",
              "is " + std::to_string(k.checkin_s) +
                  " s: the daemon asks the server for its games more than once a minute",
              "use 60 or more against Lichess (lichess-bot's checkin_period is 600)");
  }
  for (std::size_t i = 0; i < c.engine.overrides.size(); ++i) {
    const EngineOverride& o = c.engine.overrides[i];
    const bool names_correspondence =
        std::ranges::find(o.speeds, Speed::kCorrespondence) != o.speeds.end();
    if (names_correspondence && o.max_think_ms) {
      r.error("engine.overrides[" + std::to_string(i) + "].max_think_ms",
              "applies to correspondence games, whose think time is correspondence.move_time_ms",
              "set correspondence.move_time_ms instead, and remove max_think_ms or correspondence "
              "from this entry");
    }
  }
}

}  // namespace config
