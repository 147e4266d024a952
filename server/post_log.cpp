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

nlohmann::json PostLog::to_json() const {
  nlohmann::json moves = nlohmann::json::object();
  for (const auto& [game, plies] : moves_)
    for (const auto& [ply, n] : plies) moves[game][std::to_string(ply)] = n;
  return {
      {"moves", moves}, {"stale", nlohmann::json(stale_)}, {"accepts", nlohmann::json(accepts_)}};
}

}  // namespace server
