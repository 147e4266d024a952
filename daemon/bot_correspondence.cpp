// SPDX-License-Identifier: GPL-3.0-or-later
// The Bot's two kinds of slots (realtime games: challenge.concurrency; correspondence games:
// correspondence.max_games), resuming ongoing games after a (re)connect, most urgent first,
// and the check-in cycle that wakes correspondence sessions whose stream is closed
// (daemon/correspondence.h). Runs on the main loop, like all of Bot.
#include <algorithm>

#include "daemon/bot.h"
#include "daemon/correspondence.h"

namespace bot {
namespace {

// The most games /api/account/playing lists at once.
constexpr int kPlayingMax = 50;

}  // namespace

int Bot::slots_used() const {
  const auto realtime = [&](const auto& entry) { return !is_correspondence_game(entry.first); };
  return int(std::ranges::count_if(sessions_, realtime) +
             std::ranges::count_if(accepted_, realtime));
}

int Bot::correspondence_used() const {
  return int(sessions_.size() + accepted_.size()) - slots_used();
}

// After (re)connecting, make the sessions match the games the server says we play: realtime
// games first, then correspondence games most urgent first (our turn, least time left). A
// correspondence game on the opponent's turn starts with its stream closed.
void Bot::reconcile() {
  auto playing = client_.playing(kPlayingMax);
  if (!playing) {
    log_.warning("cannot list ongoing games: ", playing.error().describe());
    return;
  }
  std::vector<GameEventInfo> games = urgent_first(std::move(*playing));
  std::ranges::stable_partition(games,
                                [](const GameEventInfo& g) { return !is_correspondence(g); });
  for (const GameEventInfo& game : games) {
    accepted_.erase(game.game_id);
    if (is_correspondence(game)) correspondence_.insert(game.game_id);
    if (!holders_.count(game.game_id))
      holders_[game.game_id] = {game.opponent.username,
                                game.opponent.is_bot() || game.opponent.is_ai(),
                                is_correspondence_game(game.game_id)};
    if (const auto running = sessions_.find(game.game_id); running != sessions_.end()) {
      if (game.is_my_turn) running->second->resume();
      continue;
    }
    const bool parked = is_correspondence(game) && !game.is_my_turn;
    log_.info("game ", game.game_id, " is ongoing: resuming it",
              parked ? " (stream closed until our turn)" : "");
    start_session(game.game_id, parked);
  }
}

// Every correspondence.checkin_s: one look at the ongoing games wakes the sessions with a
// closed stream whose turn it is (and those whose game the server no longer lists).
void Bot::checkin() {
  std::vector<std::string> closed;
  for (const auto& [id, session] : sessions_)
    if (!session->stream_open() && !session->finished()) closed.push_back(id);
  if (closed.empty()) return;
  auto playing = client_.playing(kPlayingMax);
  if (!playing) {
    log_.warning("check-in: cannot list ongoing games: ", playing.error().describe());
    return;
  }
  const bool complete = int(playing->size()) < kPlayingMax;
  for (const std::string& id : games_to_wake(*playing, complete, closed)) {
    log_.info("game ", id, ": check-in: reopening its stream");
    sessions_.at(id)->resume();
  }
}

}  // namespace bot
