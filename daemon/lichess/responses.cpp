// SPDX-License-Identifier: GPL-3.0-or-later
#include "daemon/lichess/responses.h"

#include <algorithm>
#include <exception>
#include <utility>

#include "daemon/lichess/type_readers.h"

namespace bot {

using lichess_json::FieldError;
using lichess_json::ObjectReader;

namespace {

// Runs `read(document)` and turns every failure into a ParseError of `what`.
template <typename T, typename Read>
std::expected<T, ParseError> parse_body(std::string_view what, std::string_view body, Read read) {
  try {
    const nlohmann::json doc = lichess_json::parse_document(body);
    return read(doc);
  } catch (FieldError& error) {
    return std::unexpected(lichess_json::to_parse_error(std::string(what), std::move(error)));
  } catch (const std::exception& error) {
    return std::unexpected(ParseError{std::string(what), "", error.what()});
  }
}

// Throws FieldError unless `value` is an array.
const nlohmann::json& require_array(const nlohmann::json& value, const std::string& path) {
  if (!value.is_array()) {
    throw FieldError{path.empty() ? "(root)" : path,
                     "must be an array, got " + std::string(lichess_json::json_type_name(value))};
  }
  return value;
}

std::string element_path(const std::string& array_path, std::size_t index) {
  return array_path + "[" + std::to_string(index) + "]";
}

User read_user(const ObjectReader& user) {
  User result;
  result.id = user.string("id");
  result.username = user.optional_string("username").value_or(result.id);
  result.title = user.optional_string("title");
  result.disabled = user.flag("disabled");
  result.tos_violation = user.flag("tosViolation");
  result.seen_at_ms = user.optional_integer("seenAt");
  if (const std::optional<ObjectReader> perfs = user.optional_object("perfs")) {
    for (const auto& [key, value] : perfs->json().items()) {
      // Puzzle storm/racer/streak entries have no rating: not a playing perf.
      if (!value.is_object() || !value.contains("rating")) continue;
      const ObjectReader perf(value, perfs->path_of(key));
      PerfRating rating;
      rating.rating = lichess_json::required_int(perf, "rating");
      rating.games = lichess_json::optional_int(perf, "games").value_or(0);
      rating.rd = lichess_json::optional_int(perf, "rd");
      rating.provisional = perf.flag("prov");
      result.perfs.emplace(key, rating);
    }
  }
  return result;
}

std::vector<std::string> split_scopes(std::string_view text) {
  std::vector<std::string> scopes;
  while (!text.empty()) {
    const std::size_t comma = text.find(',');
    std::string_view scope = text.substr(0, comma);
    while (!scope.empty() && scope.front() == ' ') scope.remove_prefix(1);
    while (!scope.empty() && scope.back() == ' ') scope.remove_suffix(1);
    if (!scope.empty()) scopes.emplace_back(scope);
    if (comma == std::string_view::npos) break;
    text.remove_prefix(comma + 1);
  }
  return scopes;
}

std::vector<ChallengeInfo> read_challenge_array(const ObjectReader& parent, std::string_view key) {
  std::vector<ChallengeInfo> result;
  if (!parent.has(key)) return result;
  const nlohmann::json& array = parent.array(key);
  const std::string path = parent.path_of(key);
  for (std::size_t i = 0; i < array.size(); ++i) {
    result.push_back(lichess_json::read_challenge(ObjectReader(array[i], element_path(path, i))));
  }
  return result;
}

}  // namespace

bool TokenInfo::has_scope(std::string_view scope) const {
  return std::find(scopes.begin(), scopes.end(), scope) != scopes.end();
}

std::expected<User, ParseError> parse_user(std::string_view body) {
  return parse_body<User>(
      "user", body, [](const nlohmann::json& doc) { return read_user(ObjectReader(doc, "")); });
}

std::expected<std::optional<TokenInfo>, ParseError> parse_token_test(std::string_view body,
                                                                     std::string_view token) {
  auto result = parse_body<std::optional<TokenInfo>>(
      "token test", body, [&](const nlohmann::json& doc) -> std::optional<TokenInfo> {
        const ObjectReader root(doc, "");
        const nlohmann::json* entry = root.find(token);
        if (!entry) return std::nullopt;
        // The path names the entry "token", never the token itself.
        const ObjectReader info(*entry, "token");
        TokenInfo result;
        result.user_id = info.string("userId");
        result.scopes = split_scopes(info.optional_string("scopes").value_or(""));
        result.expires_ms = info.optional_integer("expires");
        return result;
      });
  // JSON syntax errors quote the input near the error, which may be (part of) a token.
  if (!result && result.error().field.empty()) result.error().problem = "invalid JSON";
  return result;
}

std::expected<std::vector<GameEventInfo>, ParseError> parse_playing(std::string_view body) {
  return parse_body<std::vector<GameEventInfo>>("playing", body, [](const nlohmann::json& doc) {
    const ObjectReader root(doc, "");
    const nlohmann::json& games = root.array("nowPlaying");
    std::vector<GameEventInfo> result;
    for (std::size_t i = 0; i < games.size(); ++i) {
      result.push_back(lichess_json::read_game_event_info(
          ObjectReader(games[i], element_path("nowPlaying", i))));
    }
    return result;
  });
}

std::expected<std::vector<UserStatus>, ParseError> parse_users_status(std::string_view body) {
  return parse_body<std::vector<UserStatus>>("users status", body, [](const nlohmann::json& doc) {
    const nlohmann::json& users = require_array(doc, "");
    std::vector<UserStatus> result;
    for (std::size_t i = 0; i < users.size(); ++i) {
      const ObjectReader user(users[i], element_path("", i));
      UserStatus status;
      status.id = user.string("id");
      status.name = user.optional_string("name").value_or(status.id);
      status.title = user.optional_string("title");
      status.online = user.flag("online");
      if (const nlohmann::json* playing = user.find("playing")) {
        status.playing = playing->is_boolean() ? playing->get<bool>() : playing->is_object();
        if (playing->is_object()) {
          status.playing_id = ObjectReader(*playing, user.path_of("playing")).optional_string("id");
        }
      }
      if (!status.playing_id) status.playing_id = user.optional_string("playingId");
      result.push_back(std::move(status));
    }
    return result;
  });
}

std::expected<ChallengeInfo, ParseError> parse_challenge(std::string_view body) {
  return parse_body<ChallengeInfo>("challenge", body, [](const nlohmann::json& doc) {
    const ObjectReader root(doc, "");
    if (root.has("challenge")) return lichess_json::read_challenge(root.object("challenge"));
    return lichess_json::read_challenge(root);
  });
}

std::expected<ChallengeList, ParseError> parse_challenge_list(std::string_view body) {
  return parse_body<ChallengeList>("challenge list", body, [](const nlohmann::json& doc) {
    const ObjectReader root(doc, "");
    return ChallengeList{read_challenge_array(root, "in"), read_challenge_array(root, "out")};
  });
}

std::expected<std::vector<ChatMessage>, ParseError> parse_chat(std::string_view body) {
  return parse_body<std::vector<ChatMessage>>("chat", body, [](const nlohmann::json& doc) {
    const nlohmann::json& lines = require_array(doc, "");
    std::vector<ChatMessage> result;
    for (std::size_t i = 0; i < lines.size(); ++i) {
      const ObjectReader line(lines[i], element_path("", i));
      result.push_back(ChatMessage{line.string("user"), line.string("text")});
    }
    return result;
  });
}

}  // namespace bot
