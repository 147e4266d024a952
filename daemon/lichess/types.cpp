// SPDX-License-Identifier: GPL-3.0-or-later
#include "daemon/lichess/types.h"

#include <exception>
#include <limits>
#include <utility>

#include "daemon/lichess/type_readers.h"

namespace bot {

using lichess_json::FieldError;
using lichess_json::ObjectReader;

namespace lichess_json {

int to_int(const ObjectReader& object, std::string_view key, std::int64_t value) {
  if (value < std::numeric_limits<int>::min() || value > std::numeric_limits<int>::max()) {
    object.fail(key, "is out of range");
  }
  return static_cast<int>(value);
}

std::optional<int> optional_int(const ObjectReader& object, std::string_view key) {
  const std::optional<std::int64_t> value = object.optional_integer(key);
  if (!value) return std::nullopt;
  return to_int(object, key, *value);
}

int required_int(const ObjectReader& object, std::string_view key) {
  return to_int(object, key, object.integer(key));
}

ParseError to_parse_error(std::string type, FieldError error) {
  return ParseError{std::move(type), std::move(error.field), std::move(error.problem)};
}

namespace {

std::optional<Compat> read_compat(const ObjectReader& parent) {
  const std::optional<ObjectReader> compat = parent.optional_object("compat");
  if (!compat) return std::nullopt;
  return Compat{compat->flag("bot"), compat->flag("board")};
}

GameOpponent read_opponent(const ObjectReader& opponent) {
  GameOpponent result;
  result.id = opponent.optional_string("id");
  result.username = opponent.optional_string("username").value_or("");
  result.rating = optional_int(opponent, "rating");
  result.ai_level = optional_int(opponent, "ai");
  result.title = opponent.optional_string("title");
  return result;
}

ChallengeUser read_challenge_user(const ObjectReader& user) {
  ChallengeUser result;
  result.id = user.string("id");
  result.name = user.optional_string("name").value_or(result.id);
  result.rating = optional_int(user, "rating");
  result.title = user.optional_string("title");
  result.provisional = user.flag("provisional");
  result.online = user.flag("online");
  return result;
}

TimeControl read_time_control(const ObjectReader& tc) {
  TimeControl result;
  const std::string type = tc.string("type");
  if (type == "clock") {
    result.type = TimeControl::Type::kClock;
    result.limit_s = required_int(tc, "limit");
    result.increment_s = required_int(tc, "increment");
  } else if (type == "correspondence") {
    result.type = TimeControl::Type::kCorrespondence;
    result.days_per_turn = required_int(tc, "daysPerTurn");
  } else if (type == "unlimited") {
    result.type = TimeControl::Type::kUnlimited;
  } else {
    tc.fail("type", "has unknown value '" + type + "'");
  }
  result.show = tc.optional_string("show").value_or("");
  return result;
}

ChallengeColor read_challenge_color(const ObjectReader& challenge) {
  const std::string color = challenge.string("color");
  if (color == "random") return ChallengeColor::kRandom;
  if (color == "white") return ChallengeColor::kWhite;
  if (color == "black") return ChallengeColor::kBlack;
  challenge.fail("color", "must be \"white\", \"black\" or \"random\"");
}

GamePlayer read_player(const ObjectReader& player) {
  GamePlayer result;
  result.id = player.optional_string("id");
  result.name = player.optional_string("name").value_or("");
  result.title = player.optional_string("title");
  result.rating = optional_int(player, "rating");
  result.provisional = player.flag("provisional");
  result.ai_level = optional_int(player, "aiLevel");
  return result;
}

GameFullEvent read_game_full(const ObjectReader& full) {
  GameFullEvent result;
  result.id = full.string("id");
  result.variant = full.object("variant").string("key");
  result.speed = full.optional_string("speed").value_or("");
  result.rated = full.flag("rated");
  result.created_at_ms = full.optional_integer("createdAt");
  result.white = read_player(full.object("white"));
  result.black = read_player(full.object("black"));
  result.initial_fen = full.string("initialFen");
  if (const std::optional<ObjectReader> clock = full.optional_object("clock")) {
    result.clock = GameClock{clock->integer("initial"), clock->integer("increment")};
  }
  result.days_per_turn = optional_int(full, "daysPerTurn");
  result.tournament_id = full.optional_string("tournamentId");
  result.state = read_game_state(full.object("state"));
  return result;
}

}  // namespace

GameEventInfo read_game_event_info(const ObjectReader& game) {
  GameEventInfo result;
  if (game.has("gameId")) {
    result.game_id = game.string("gameId");
  } else if (game.has("id")) {
    result.game_id = game.string("id");
  } else {
    game.fail("gameId", "missing");
  }
  result.full_id = game.optional_string("fullId").value_or("");
  result.color = game.color("color");
  result.fen = game.optional_string("fen").value_or("");
  result.last_move = game.optional_string("lastMove").value_or("");
  result.is_my_turn = game.flag("isMyTurn");
  result.seconds_left = optional_int(game, "secondsLeft");
  if (const std::optional<ObjectReader> variant = game.optional_object("variant")) {
    result.variant = variant->string("key");
  }
  result.speed = game.optional_string("speed").value_or("");
  // `perf` is a key string here; other shapes ({name}) are not needed.
  if (const nlohmann::json* perf = game.find("perf"); perf && perf->is_string()) {
    result.perf = perf->get<std::string>();
  }
  result.rated = game.flag("rated");
  if (const nlohmann::json* status = game.find("status"); status && status->is_string()) {
    result.status = status->get<std::string>();
  } else if (const std::optional<ObjectReader> object = game.optional_object("status")) {
    result.status = object->optional_string("name").value_or("");
    result.status_id = optional_int(*object, "id");
  }
  if (const std::optional<ObjectReader> opponent = game.optional_object("opponent")) {
    result.opponent = read_opponent(*opponent);
  }
  result.compat = read_compat(game);
  result.source = game.optional_string("source").value_or("");
  result.has_moved = game.flag("hasMoved");
  result.winner = game.optional_color("winner");
  result.tournament_id = game.optional_string("tournamentId");
  result.swiss_id = game.optional_string("swissId");
  return result;
}

ChallengeInfo read_challenge(const ObjectReader& challenge) {
  ChallengeInfo result;
  result.id = challenge.string("id");
  result.url = challenge.optional_string("url").value_or("");
  result.status = challenge.string("status");
  if (const std::optional<ObjectReader> user = challenge.optional_object("challenger")) {
    result.challenger = read_challenge_user(*user);
  }
  if (const std::optional<ObjectReader> user = challenge.optional_object("destUser")) {
    result.dest_user = read_challenge_user(*user);
  }
  result.variant = challenge.object("variant").string("key");
  result.rated = challenge.boolean("rated");
  result.speed = challenge.string("speed");
  result.time_control = read_time_control(challenge.object("timeControl"));
  result.color = read_challenge_color(challenge);
  result.final_color = challenge.optional_color("finalColor");
  result.initial_fen = challenge.optional_string("initialFen");
  result.rematch_of = challenge.optional_string("rematchOf");
  result.decline_reason = challenge.optional_string("declineReason");
  result.decline_reason_key = challenge.optional_string("declineReasonKey");
  result.direction = challenge.optional_string("direction");
  return result;
}

GameStateEvent read_game_state(const ObjectReader& state) {
  GameStateEvent result;
  result.moves = state.string("moves");
  result.wtime_ms = state.integer("wtime");
  result.btime_ms = state.integer("btime");
  result.winc_ms = state.integer("winc");
  result.binc_ms = state.integer("binc");
  result.status = state.string("status");
  result.winner = state.optional_color("winner");
  result.wdraw = state.flag("wdraw");
  result.bdraw = state.flag("bdraw");
  result.wtakeback = state.flag("wtakeback");
  result.btakeback = state.flag("btakeback");
  result.rematch = state.optional_string("rematch");
  if (const std::optional<ObjectReader> expiration = state.optional_object("expiration")) {
    result.expiration =
        GameExpiration{expiration->integer("idleMillis"), expiration->integer("millisToMove")};
  }
  return result;
}

}  // namespace lichess_json

namespace {

bool is_blank(std::string_view line) {
  return line.find_first_not_of(" \t\r") == std::string_view::npos;
}

// Parses one line into Event with `dispatch(type, root)`; every failure,
// whatever its origin, becomes a ParseError naming the line's type.
template <typename Event, typename Dispatch>
std::expected<Event, ParseError> parse_line(std::string_view line, Dispatch dispatch) {
  if (is_blank(line)) return KeepAlive{};
  std::string type;
  try {
    const nlohmann::json doc = lichess_json::parse_document(line);
    const ObjectReader root(doc, "");
    type = root.string("type");
    return dispatch(type, root);
  } catch (FieldError& error) {
    return std::unexpected(lichess_json::to_parse_error(std::move(type), std::move(error)));
  } catch (const std::exception& error) {
    return std::unexpected(ParseError{std::move(type), "", error.what()});
  }
}

}  // namespace

std::string ParseError::describe() const {
  std::string text = type.empty() ? "line" : type;
  text += ": ";
  if (!field.empty()) text += "field '" + field + "' ";
  text += problem;
  return text;
}

bool is_game_over_status(std::string_view status) {
  return status != "created" && status != "started";
}

std::string_view to_string(ChallengeColor color) {
  switch (color) {
    case ChallengeColor::kWhite:
      return "white";
    case ChallengeColor::kBlack:
      return "black";
    case ChallengeColor::kRandom:
      return "random";
  }
  return "random";
}

std::expected<EventStreamEvent, ParseError> parse_event_stream_line(std::string_view line) {
  using lichess_json::read_challenge;
  return parse_line<EventStreamEvent>(
      line, [](const std::string& type, const ObjectReader& root) -> EventStreamEvent {
        if (type == "gameStart") {
          return GameStartEvent{lichess_json::read_game_event_info(root.object("game"))};
        }
        if (type == "gameFinish") {
          return GameFinishEvent{lichess_json::read_game_event_info(root.object("game"))};
        }
        if (type == "challenge") {
          ChallengeEvent event{read_challenge(root.object("challenge")), std::nullopt};
          if (const std::optional<ObjectReader> compat = root.optional_object("compat")) {
            event.compat = Compat{compat->flag("bot"), compat->flag("board")};
          }
          return event;
        }
        if (type == "challengeCanceled") {
          return ChallengeCanceledEvent{read_challenge(root.object("challenge"))};
        }
        if (type == "challengeDeclined") {
          return ChallengeDeclinedEvent{read_challenge(root.object("challenge"))};
        }
        return IgnoredEvent{type};
      });
}

std::expected<GameStreamEvent, ParseError> parse_game_stream_line(std::string_view line) {
  return parse_line<GameStreamEvent>(
      line, [](const std::string& type, const ObjectReader& root) -> GameStreamEvent {
        if (type == "gameFull") return lichess_json::read_game_full(root);
        if (type == "gameState") return lichess_json::read_game_state(root);
        if (type == "chatLine") {
          return ChatLineEvent{root.string("room"), root.string("username"), root.string("text")};
        }
        if (type == "opponentGone") {
          return OpponentGoneEvent{root.boolean("gone"),
                                   lichess_json::optional_int(root, "claimWinInSeconds")};
        }
        return IgnoredEvent{type};
      });
}

}  // namespace bot
