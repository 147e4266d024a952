// SPDX-License-Identifier: GPL-3.0-or-later
// What happened with each opponent, per variant and speed: challenges they declined
// (the last decline's reason key and time), challenges they accepted, and game results
// (wins, draws, losses from our side). Matchmaking asks in_cooldown() before challenging
// a bot again. The memory lives in a JSON state file (config matchmaking.state_file):
// loaded when constructed, saved atomically after every change. A missing file starts
// an empty memory; a corrupt one is logged as an error, kept aside as "<file>.corrupt",
// and the memory starts empty: never fatal.
//
// How far a decline reaches depends on its reason key:
//   variant, standard                -> that variant, every speed
//   toofast, tooslow, timecontrol    -> that speed, every variant
//   anything else (generic, later,   -> every variant and speed of that opponent
//   nobot, rated, casual, ...)
//
// Thread contract: every method may be called from any thread (one mutex). Saving
// happens under the lock, so the file always matches some consistent memory state.
#pragma once

#include <chrono>
#include <expected>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>

#include "base/logging.h"
#include "engine/types.h"

namespace bot {

enum class GameResultForUs { kWin, kDraw, kLoss };

// One opponent in one variant and speed.
struct OpponentStats {
  int accepts = 0;
  int declines = 0;
  int wins = 0, draws = 0, losses = 0;
  std::optional<std::chrono::system_clock::time_point> last_decline;
  std::string last_decline_reason;  // lower-case key, e.g. "toofast"

  friend bool operator==(const OpponentStats&, const OpponentStats&) = default;
};

class OpponentMemory {
 public:
  using Time = std::chrono::system_clock::time_point;

  // state_file empty: memory only. cooldown 0: declines never block.
  OpponentMemory(std::string state_file, std::chrono::hours cooldown, base::Logger& log);

  void record_decline(std::string_view opponent, std::string_view variant, std::string_view speed,
                      std::string_view reason_key, Time when);
  void record_accept(std::string_view opponent, std::string_view variant, std::string_view speed);
  void record_result(std::string_view opponent, std::string_view variant, std::string_view speed,
                     GameResultForUs result);

  // Whether a decline of `opponent` within the cooldown covers this variant and speed.
  bool in_cooldown(std::string_view opponent, std::string_view variant, std::string_view speed,
                   Time now) const;
  // When the longest such cooldown ends; nullopt when not in cooldown.
  std::optional<Time> cooldown_end(std::string_view opponent, std::string_view variant,
                                   std::string_view speed, Time now) const;

  OpponentStats stats(std::string_view opponent, std::string_view variant,
                      std::string_view speed) const;
  // Sum over every variant and speed (last_decline: the latest one).
  OpponentStats totals(std::string_view opponent) const;

  // Writes the state file now (also done after every change); no-op without a file.
  std::expected<void, std::string> save() const;

  // The JSON document of the memory, and the memory of a document (for tests and save).
  std::string to_json() const;
  static std::expected<std::map<std::string, std::map<std::string, OpponentStats>>, std::string>
  parse_json(std::string_view text);

 private:
  using Table = std::map<std::string, std::map<std::string, OpponentStats>>;  // id -> key -> stats

  void load();
  OpponentStats& entry(std::string_view opponent, std::string_view variant, std::string_view speed);
  void save_locked() const;
  std::expected<void, std::string> write_locked() const;

  const std::string state_file_;
  const std::chrono::hours cooldown_;
  base::Logger& log_;
  mutable std::mutex mutex_;
  Table table_;
};

// Our result in a finished game from its Lichess status name and winner; nullopt when
// the game has no result (aborted, noStart, unfinished).
std::optional<GameResultForUs> result_for_us(std::string_view status,
                                             std::optional<engine::Color> winner, engine::Color us);

// The table key of a variant and speed: "standard/blitz".
std::string opponent_stats_key(std::string_view variant, std::string_view speed);

}  // namespace bot
