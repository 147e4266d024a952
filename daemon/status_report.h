// SPDX-License-Identifier: GPL-3.0-or-later
// What the operator sees of a running daemon (`paxbot status`, config section
// status_http): games in progress, the challenge queue, matchmaking, today's bot
// games and rate-limit cooldowns. Plain values, their JSON form, and the text
// `paxbot status` prints from that JSON.
//
// Thread contract: values only; the functions are pure.
#pragma once

#include <cstdint>
#include <expected>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace bot {

// One game in progress, as its session last saw it.
struct GameSummary {
  std::string id;
  std::string opponent;
  std::string variant;  // Lichess key
  std::string speed;
  std::string color;  // "white" or "black": ours
  int plies = 0;
  bool our_turn = false;
  std::optional<std::int64_t> our_clock_ms, their_clock_ms;
  std::optional<int> eval_cp;           // our last search score, from our side
  std::optional<int> mate_in;           // full moves, from our side
  int book_moves = 0;                   // our moves played from the opening book
  std::int64_t book_time_saved_ms = 0;  // the search time those moves did not need
  // engine.ponder: the opponent's replies we pondered on that were the expected one (hits)
  // and that were not (misses).
  int ponder_hits = 0;
  int ponder_misses = 0;
  std::string pondering;    // the reply our engine is pondering on now (UCI), "" when none
  bool stream_open = true;  // false: a correspondence game waiting with its stream closed
};

struct QueuedChallenge {
  std::string id;
  std::string challenger;
  std::string variant;
  std::string speed;
};

struct MatchmakingSummary {
  bool enabled = false;
  std::vector<std::string> pending;          // our unanswered challenge ids
  std::optional<std::int64_t> paused_for_s;  // after a 429
  int credits_last_minute = 0;
  int credits_last_day = 0;
  std::string blocked_by;  // the limit stopping it right now, "" when none
};

struct Cooldown {
  std::string key;  // the rate-limit key, e.g. "challenge"
  std::int64_t remaining_ms = 0;
};

struct StatusReport {
  std::string account;
  std::string server;
  std::string version;
  std::int64_t started_unix_s = 0;
  std::int64_t updated_unix_s = 0;
  bool shutting_down = false;
  int concurrency = 0;               // realtime games at once
  int correspondence_max_games = 0;  // correspondence games at once
  std::vector<GameSummary> games;
  std::vector<std::string> starting;  // accepted, gameStart not seen yet
  std::vector<QueuedChallenge> queue;
  int bot_games_today = 0;  // bot-vs-bot games started in the last 24 hours
  int bot_games_cap = 0;
  MatchmakingSummary matchmaking;
  std::vector<Cooldown> cooldowns;
};

nlohmann::json to_json(const StatusReport& report);

// The report as lines of text for a terminal; an error names what the JSON lacks.
// now_unix_s ages the report ("updated 3 s ago") so a dead daemon shows.
std::expected<std::string, std::string> format_status(const nlohmann::json& report,
                                                      std::int64_t now_unix_s);

}  // namespace bot
