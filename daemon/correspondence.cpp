// SPDX-License-Identifier: GPL-3.0-or-later
#include "daemon/correspondence.h"

#include <algorithm>
#include <climits>
#include <tuple>

#include "lichess/time_control.h"

namespace bot {

void StreamParking::on_state(bool our_turn, Time now) {
  if (our_turn) {
    close_at_.reset();
  } else if (!close_at_) {
    close_at_ = now + disconnect_after_;
  }
}

bool is_correspondence(const GameEventInfo& game) {
  return lichess::parse_speed(game.speed) == lichess::Speed::kCorrespondence;
}

std::vector<GameEventInfo> urgent_first(std::vector<GameEventInfo> games) {
  const auto urgency = [](const GameEventInfo& g) {
    return std::tuple(!g.is_my_turn, g.seconds_left.value_or(INT_MAX), g.game_id);
  };
  std::ranges::sort(games, [&](const GameEventInfo& a, const GameEventInfo& b) {
    return urgency(a) < urgency(b);
  });
  return games;
}

std::vector<std::string> games_to_wake(std::span<const GameEventInfo> playing, bool complete,
                                       std::span<const std::string> closed) {
  const auto is_closed = [&](const std::string& id) {
    return std::ranges::find(closed, id) != closed.end();
  };
  std::vector<std::string> wake;
  for (const GameEventInfo& g :
       urgent_first(std::vector<GameEventInfo>(playing.begin(), playing.end())))
    if (g.is_my_turn && is_closed(g.game_id)) wake.push_back(g.game_id);
  if (complete) {
    for (const std::string& id : closed) {
      const bool listed =
          std::ranges::any_of(playing, [&](const GameEventInfo& g) { return g.game_id == id; });
      if (!listed) wake.push_back(id);
    }
  }
  return wake;
}

}  // namespace bot
