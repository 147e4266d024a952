// SPDX-License-Identifier: GPL-3.0-or-later
// Typed lines of the two Lichess NDJSON streams: the account event stream
// (/api/stream/event) and a bot game stream (/api/bot/game/stream/{id}),
// parsed with nlohmann/json. Field meanings: shared/docs/lichess-api.md §2-§4.
//
// Parsing contract: unknown fields are ignored; an empty line is a
// KeepAlive; a line with an unknown `type` is an IgnoredEvent (not an
// error); a missing or mistyped required field (or a mistyped optional one)
// is a ParseError naming the line's type and the field's path, so the caller
// logs it and drops that line only. Nothing throws.
// Plain values and pure functions; safe to use from any thread.
#pragma once

#include <cstdint>
#include <expected>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "engine/types.h"

namespace bot {

// Why a line or body could not be turned into a typed value.
struct ParseError {
  std::string type;     // the line's `type` ("gameState"), or what was parsed ("account")
  std::string field;    // path of the offending field ("game.opponent.rating"), "" for syntax
  std::string problem;  // "missing", "must be an integer, got string", "invalid JSON: ..."

  // "gameState: field 'wtime' must be an integer, got string".
  std::string describe() const;
  friend bool operator==(const ParseError&, const ParseError&) = default;
};

// Game status names (§4): anything but "created" and "started" is final.
bool is_game_over_status(std::string_view status);

// ---- Event stream -------------------------------------------------------------------------

struct GameOpponent {
  std::optional<std::string> id;  // null for Lichess AI
  std::string username;
  std::optional<int> rating;
  std::optional<int> ai_level;       // 1-8 when the opponent is Lichess AI
  std::optional<std::string> title;  // sent by some servers only; "BOT" for bots

  bool is_ai() const { return ai_level.has_value(); }
  bool is_bot() const { return title == "BOT"; }
  friend bool operator==(const GameOpponent&, const GameOpponent&) = default;
};

// `compat` of game and challenge events: which APIs may play this game.
struct Compat {
  bool bot = false;
  bool board = false;
  friend bool operator==(const Compat&, const Compat&) = default;
};

// The `game` object of gameStart/gameFinish (and of /api/account/playing).
// Required: gameId (or its alias id) and color.
struct GameEventInfo {
  std::string game_id;  // 8 chars
  std::string full_id;  // 12 chars: game id + player id; may be empty
  engine::Color color = engine::White;
  std::string fen;        // current position
  std::string last_move;  // UCI, "" before the first move
  bool is_my_turn = false;
  std::optional<int> seconds_left;
  std::string variant;  // Lichess key, e.g. "fromPosition"
  std::string speed;
  std::string perf;
  bool rated = false;
  std::string status;  // status.name, e.g. "started", "aborted"
  std::optional<int> status_id;
  GameOpponent opponent;
  std::optional<Compat> compat;
  std::string source;  // "friend", "ai", "api", "arena", ...
  bool has_moved = false;
  std::optional<engine::Color> winner;
  std::optional<std::string> tournament_id;
  std::optional<std::string> swiss_id;

  friend bool operator==(const GameEventInfo&, const GameEventInfo&) = default;
};

struct ChallengeUser {
  std::string id;
  std::string name;
  std::optional<int> rating;
  std::optional<std::string> title;
  bool provisional = false;
  bool online = false;

  bool is_bot() const { return title == "BOT"; }
  friend bool operator==(const ChallengeUser&, const ChallengeUser&) = default;
};

// A challenge's time control; challenge limits are SECONDS.
struct TimeControl {
  enum class Type { kClock, kCorrespondence, kUnlimited };
  Type type = Type::kUnlimited;
  std::optional<int> limit_s;        // kClock
  std::optional<int> increment_s;    // kClock
  std::optional<int> days_per_turn;  // kCorrespondence
  std::string show;                  // "5+2", may be empty

  friend bool operator==(const TimeControl&, const TimeControl&) = default;
};

enum class ChallengeColor { kRandom, kWhite, kBlack };
std::string_view to_string(ChallengeColor color);  // "random", "white", "black"

// ChallengeJson. Required: id, status, variant.key, rated, speed,
// timeControl.type, color.
struct ChallengeInfo {
  std::string id;
  std::string url;
  std::string status;  // created, offline, canceled, declined, accepted
  std::optional<ChallengeUser> challenger;
  std::optional<ChallengeUser> dest_user;  // null for open challenges
  std::string variant;                     // Lichess key
  bool rated = false;
  std::string speed;
  TimeControl time_control;
  ChallengeColor color = ChallengeColor::kRandom;  // what the challenger asked for
  std::optional<engine::Color> final_color;        // the challenger's actual colour
  std::optional<std::string> initial_fen;
  std::optional<std::string> rematch_of;
  std::optional<std::string> decline_reason;      // translated text
  std::optional<std::string> decline_reason_key;  // lower case, e.g. "toofast"
  std::optional<std::string> direction;           // "in" / "out" in challenge lists

  friend bool operator==(const ChallengeInfo&, const ChallengeInfo&) = default;
};

struct KeepAlive {
  friend bool operator==(const KeepAlive&, const KeepAlive&) = default;
};
// A well-formed line whose `type` this client does not know.
struct IgnoredEvent {
  std::string type;
  friend bool operator==(const IgnoredEvent&, const IgnoredEvent&) = default;
};

struct GameStartEvent {
  GameEventInfo game;
};
struct GameFinishEvent {
  GameEventInfo game;
};
// Incoming challenges and the bot's own (filter challenger.id == me).
struct ChallengeEvent {
  ChallengeInfo challenge;
  std::optional<Compat> compat;
};
struct ChallengeCanceledEvent {
  ChallengeInfo challenge;
};
struct ChallengeDeclinedEvent {
  ChallengeInfo challenge;
};

using EventStreamEvent = std::variant<KeepAlive, GameStartEvent, GameFinishEvent, ChallengeEvent,
                                      ChallengeCanceledEvent, ChallengeDeclinedEvent, IgnoredEvent>;

std::expected<EventStreamEvent, ParseError> parse_event_stream_line(std::string_view line);

// ---- Game stream --------------------------------------------------------------------------

struct GamePlayer {
  std::optional<std::string> id;  // absent for Lichess AI
  std::string name;
  std::optional<std::string> title;
  std::optional<int> rating;
  bool provisional = false;
  std::optional<int> ai_level;

  bool is_bot() const { return title == "BOT"; }
  friend bool operator==(const GamePlayer&, const GamePlayer&) = default;
};

// Game stream clocks are MILLISECONDS.
struct GameClock {
  std::int64_t initial_ms = 0;
  std::int64_t increment_ms = 0;
  friend bool operator==(const GameClock&, const GameClock&) = default;
};

struct GameExpiration {
  std::int64_t idle_ms = 0;
  std::int64_t ms_to_move = 0;
  friend bool operator==(const GameExpiration&, const GameExpiration&) = default;
};

// Required: moves, wtime, btime, winc, binc, status.
struct GameStateEvent {
  std::string moves;  // space-separated UCI from the initial position, "" at start
  std::int64_t wtime_ms = 0;
  std::int64_t btime_ms = 0;
  std::int64_t winc_ms = 0;
  std::int64_t binc_ms = 0;
  std::string status;
  std::optional<engine::Color> winner;
  bool wdraw = false;
  bool bdraw = false;
  bool wtakeback = false;
  bool btakeback = false;
  std::optional<std::string> rematch;
  std::optional<GameExpiration> expiration;

  friend bool operator==(const GameStateEvent&, const GameStateEvent&) = default;
};

// Required: id, variant.key, white, black, initialFen, state.
struct GameFullEvent {
  std::string id;
  std::string variant;  // Lichess key
  std::string speed;
  bool rated = false;
  std::optional<std::int64_t> created_at_ms;
  GamePlayer white;
  GamePlayer black;
  std::string initial_fen;           // "startpos" or a FEN
  std::optional<GameClock> clock;    // absent for correspondence/unlimited
  std::optional<int> days_per_turn;  // correspondence
  std::optional<std::string> tournament_id;
  GameStateEvent state;

  friend bool operator==(const GameFullEvent&, const GameFullEvent&) = default;
};

// Required: room, username, text.
struct ChatLineEvent {
  std::string room;  // "player" or "spectator"
  std::string username;
  std::string text;
  friend bool operator==(const ChatLineEvent&, const ChatLineEvent&) = default;
};

// Required: gone.
struct OpponentGoneEvent {
  bool gone = false;
  std::optional<int> claim_win_in_seconds;
  friend bool operator==(const OpponentGoneEvent&, const OpponentGoneEvent&) = default;
};

using GameStreamEvent = std::variant<KeepAlive, GameFullEvent, GameStateEvent, ChatLineEvent,
                                     OpponentGoneEvent, IgnoredEvent>;

std::expected<GameStreamEvent, ParseError> parse_game_stream_line(std::string_view line);

}  // namespace bot
