// SPDX-License-Identifier: GPL-3.0-or-later
// A minimal Bot API client for the demo: one account that keeps its event stream
// open, accepts challenges addressed to it, and plays every game it starts on its
// own thread (game stream in, moves out over HTTP), choosing moves with a
// MoveChooser. `paxbot demo --players builtin` uses it, and the demo falls back to it when
// its `paxbot run` daemons (demo/daemons.h) do not come online.
// Public methods may be called from any thread; the observer runs on game threads.
#pragma once

#include <chrono>
#include <condition_variable>
#include <expected>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

namespace server {
class StreamClient;
}  // namespace server

namespace demo {

struct DemoPlayerOptions {
  std::string host = "127.0.0.1";
  int port = 0;
  std::string username;
  std::string token;
  int movetime_ms = 100;
  int draw_after_plies = 300;  // then offer a draw with every move
};

class DemoPlayer {
 public:
  // Receives every gameFull / gameState line of this player's games.
  using Observer = std::function<void(const std::string& game_id, const nlohmann::json& line)>;

  explicit DemoPlayer(DemoPlayerOptions options);
  ~DemoPlayer();
  DemoPlayer(const DemoPlayer&) = delete;
  DemoPlayer& operator=(const DemoPlayer&) = delete;

  void set_observer(Observer observer);
  // Opens the event stream and waits until the server answers it.
  std::expected<void, std::string> start();
  void stop();

  // POST /api/challenge/{dest} with a form body; returns the challenge (= game) id.
  std::expected<std::string, std::string> challenge(const std::string& dest,
                                                    const std::string& form);
  // The same for any token.
  static std::expected<std::string, std::string> create_challenge(const std::string& host, int port,
                                                                  const std::string& token,
                                                                  const std::string& dest,
                                                                  const std::string& form);
  // Waits for the gameFinish event of a game; returns its `game` object.
  std::optional<nlohmann::json> wait_finished(const std::string& game_id,
                                              std::chrono::milliseconds timeout);
  // Errors met while playing (failed requests, unreadable lines).
  std::vector<std::string> errors() const;

 private:
  void event_loop();
  void play_game(std::string game_id);
  void note_error(std::string message);

  DemoPlayerOptions options_;
  Observer observer_;
  std::unique_ptr<server::StreamClient> events_;
  std::thread event_thread_;
  mutable std::mutex mutex_;
  std::condition_variable cv_;
  std::map<std::string, std::thread> games_;
  std::map<std::string, nlohmann::json> finished_;
  std::vector<std::string> errors_;
  bool stopping_ = false;
};

}  // namespace demo
