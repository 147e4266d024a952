// SPDX-License-Identifier: GPL-3.0-or-later
// Typed bodies of the Lichess REST answers a bot reads: account and users,
// token test, ongoing games, user status, online bots, challenges, chat.
// Same contract as types.h: unknown fields ignored, missing/mistyped fields
// give a ParseError naming the field, nothing throws. (The 429 `ratelimit`
// object is parsed by parse_api_error() in daemon/http/retry_policy.h.)
// Plain values and pure functions; safe to use from any thread.
#pragma once

#include <cstdint>
#include <expected>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "daemon/lichess/types.h"

namespace bot {

struct PerfRating {
  int rating = 0;
  int games = 0;
  std::optional<int> rd;
  bool provisional = false;

  friend bool operator==(const PerfRating&, const PerfRating&) = default;
};

// User / UserExtended (/api/account, /api/user/{name}, /api/bot/online lines).
// Required: id. Perf entries without a rating (puzzle storm, racer, ...) are skipped.
struct User {
  std::string id;
  std::string username;
  std::optional<std::string> title;
  bool disabled = false;
  bool tos_violation = false;
  std::map<std::string, PerfRating, std::less<>> perfs;  // by perf key: "blitz", "chess960", ...
  std::optional<std::int64_t> seen_at_ms;

  bool is_bot() const { return title == "BOT"; }
  friend bool operator==(const User&, const User&) = default;
};

std::expected<User, ParseError> parse_user(std::string_view body);

// One token's entry of POST /api/token/test.
struct TokenInfo {
  std::string user_id;
  std::vector<std::string> scopes;
  std::optional<std::int64_t> expires_ms;  // null: never expires

  bool has_scope(std::string_view scope) const;
  bool can_play_as_bot() const { return has_scope("bot:play"); }
  friend bool operator==(const TokenInfo&, const TokenInfo&) = default;
};

// The body maps each tested token to its info or null. Returns nullopt when
// `token` is invalid (null or absent). Error messages never contain the token.
std::expected<std::optional<TokenInfo>, ParseError> parse_token_test(std::string_view body,
                                                                     std::string_view token);

// /api/account/playing: {nowPlaying:[...]}, most urgent first.
std::expected<std::vector<GameEventInfo>, ParseError> parse_playing(std::string_view body);

// One element of /api/users/status. Required: id.
struct UserStatus {
  std::string id;
  std::string name;
  std::optional<std::string> title;
  bool online = false;
  bool playing = false;  // `playing` may be true or a game object (withGameMetas)
  std::optional<std::string> playing_id;

  friend bool operator==(const UserStatus&, const UserStatus&) = default;
};

std::expected<std::vector<UserStatus>, ParseError> parse_users_status(std::string_view body);

// The answer to POST /api/challenge/{username}: ChallengeJson, either bare
// or wrapped as {"challenge": {...}}.
std::expected<ChallengeInfo, ParseError> parse_challenge(std::string_view body);

// GET /api/challenge.
struct ChallengeList {
  std::vector<ChallengeInfo> incoming;  // "in"
  std::vector<ChallengeInfo> outgoing;  // "out"
  friend bool operator==(const ChallengeList&, const ChallengeList&) = default;
};

std::expected<ChallengeList, ParseError> parse_challenge_list(std::string_view body);

// GET /api/bot/game/{id}/chat: a JSON array of {user, text}.
struct ChatMessage {
  std::string user;
  std::string text;
  friend bool operator==(const ChatMessage&, const ChatMessage&) = default;
};

std::expected<std::vector<ChatMessage>, ParseError> parse_chat(std::string_view body);

}  // namespace bot
