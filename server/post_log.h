// SPDX-License-Identifier: GPL-3.0-or-later
// PostLog: with the test hooks on, what the players sent, for tests that check a daemon
// never sends a move twice for one position or accepts a challenge twice (through kills
// and restarts). Counts every move POST that reached the game per (game, ply) when it was
// the sender's turn, the stale ones (sent when it was not), and every accept POST per
// challenge. Entries live as long as the server holds their game or challenge (ServerState
// forgets them with it, so the log is bounded by --keep-finished like the rest).
// Not thread-safe on its own: ServerState holds it under its mutex.
#pragma once

#include <map>
#include <string>

#include <nlohmann/json.hpp>

namespace server {

class PostLog {
 public:
  void move(const std::string& game, int ply, bool senders_turn);
  void accept(const std::string& challenge);
  // The server forgot this game (its moves and stale moves go) or challenge (its accepts).
  void forget_game(const std::string& game);
  void forget_challenge(const std::string& challenge);
  // {"moves": {game: {ply: n}}, "stale": {game: n}, "accepts": {challenge: n}}
  nlohmann::json to_json() const;

 private:
  std::map<std::string, std::map<int, int>> moves_;
  std::map<std::string, int> stale_;
  std::map<std::string, int> accepts_;
};

}  // namespace server
