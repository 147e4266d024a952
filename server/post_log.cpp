// SPDX-License-Identifier: GPL-3.0-or-later
#include "server/post_log.h"

namespace server {

void PostLog::move(const std::string& game, int ply, bool senders_turn) {
  if (senders_turn)
    ++moves_[game][ply];
  else
    ++stale_[game];
}

void PostLog::accept(const std::string& challenge) {
  ++accepts_[challenge];
}

void PostLog::forget_game(const std::string& game) {
  moves_.erase(game);
  stale_.erase(game);
}

void PostLog::forget_challenge(const std::string& challenge) {
  accepts_.erase(challenge);
}

nlohmann::json PostLog::to_json() const {
  nlohmann::json moves = nlohmann::json::object();
  for (const auto& [game, plies] : moves_)
    for (const auto& [ply, n] : plies) moves[game][std::to_string(ply)] = n;
  return {
      {"moves", moves}, {"stale", nlohmann::json(stale_)}, {"accepts", nlohmann::json(accepts_)}};
}

}  // namespace server
