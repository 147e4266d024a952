// SPDX-License-Identifier: GPL-3.0-or-later
// Prints the demo's games as they happen, from the game-stream lines one player
// receives: a header and the start board, one line per move (UCI, SAN and the
// pieces it converted), then the final board and the result. Thread-safe.
#pragma once

#include <chrono>
#include <condition_variable>
#include <map>
#include <mutex>
#include <ostream>
#include <set>
#include <string>

#include <nlohmann/json.hpp>

#include "engine/position.h"

namespace demo {

class DemoPrinter {
 public:
  explicit DemoPrinter(std::ostream& out) : out_(out) {}

  // A gameFull or gameState line of game `id`.
  void on_line(const std::string& id, const nlohmann::json& line);
  // Waits until the final state of game `id` is printed.
  bool wait_done(const std::string& id, std::chrono::milliseconds timeout);
  // "1-0", "0-1" or "1/2-1/2" for a printed game ("*" if unknown).
  std::string result(const std::string& id) const;
  // Conversions printed so far in game `id` (pieces that changed colour).
  int conversions(const std::string& id) const;
  // "1-0 (variantEnd, 40 conversions)" for a finished game.
  std::string summary(const std::string& id) const;

 private:
  struct Track {
    engine::Position pos;
    std::size_t printed = 0;
    int conversions = 0;
    std::string result = "*";
    std::string status;
  };
  void print_moves(Track& t, const std::string& moves);
  void print_end(Track& t, const nlohmann::json& state);

  std::ostream& out_;
  mutable std::mutex mutex_;
  std::condition_variable cv_;
  std::map<std::string, Track> games_;
  std::set<std::string> done_;
};

}  // namespace demo
