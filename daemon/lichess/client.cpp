// SPDX-License-Identifier: GPL-3.0-or-later
#include "daemon/lichess/client.h"

#include <algorithm>
#include <utility>

namespace bot {

namespace {

constexpr std::size_t kUsersStatusBatch = 100;  // /api/users/status takes at most 100 ids
// /api/bot/online trickles users out (about 50 per second): allow for 512.
constexpr std::chrono::milliseconds kOnlineBotsTimeout{30'000};

std::string yes_no(bool accept) {
  return accept ? "yes" : "no";
}

// `line` cut to at most `limit` bytes, without splitting a UTF-8 character.
std::string_view excerpt(std::string_view line, std::size_t limit) {
  if (line.size() <= limit) return line;
  std::size_t end = limit;
  while (end > 0 && (static_cast<unsigned char>(line[end]) & 0xC0) == 0x80) --end;
  return line.substr(0, end);
}

}  // namespace

LichessClient::LichessClient(HttpClient& http, const base::Clock& clock, base::Logger& log,
                             RequestExecutor::Options options)
    : log_(log), executor_(http, clock, log, std::move(options)) {}

std::chrono::milliseconds LichessClient::cooldown_remaining(Endpoint endpoint) const {
  return executor_.cooldowns().remaining(endpoint_info(endpoint).rate_key);
}

LichessResult<HttpResult> LichessClient::send(Endpoint endpoint, HttpRequest request) {
  return executor_.send(endpoint, request);
}

LichessResult<void> LichessClient::send_command(Endpoint endpoint, HttpRequest request) {
  LichessResult<HttpResult> result = send(endpoint, std::move(request));
  if (!result) return std::unexpected(std::move(result.error()));
  return {};
}

template <typename T, typename Parse>
LichessResult<T> LichessClient::send_and_parse(Endpoint endpoint, HttpRequest request,
                                               Parse parse) {
  LichessResult<HttpResult> result = send(endpoint, std::move(request));
  if (!result) return std::unexpected(std::move(result.error()));
  std::expected<T, ParseError> value = parse(result->body);
  if (!value) {
    return std::unexpected(bad_response_error(endpoint, result->status, value.error().describe()));
  }
  return std::move(*value);
}

void LichessClient::log_malformed(std::string_view stream, std::string_view line,
                                  const ParseError& error) {
  const std::string_view shown = excerpt(line, kMaxLoggedLine);
  log_.warning("lichess ", stream, ": dropping malformed line (", error.describe(), "): ", shown,
               shown.size() < line.size() ? "..." : "");
}

// ---- Account and users ----

LichessResult<User> LichessClient::account() {
  return send_and_parse<User>(Endpoint::kAccount,
                              HttpRequest::get(endpoint_path(Endpoint::kAccount)), parse_user);
}

LichessResult<std::optional<TokenInfo>> LichessClient::test_token(std::string_view token) {
  HttpRequest request =
      HttpRequest::post_text(endpoint_path(Endpoint::kTokenTest), "text/plain", std::string(token));
  return send_and_parse<std::optional<TokenInfo>>(
      Endpoint::kTokenTest, std::move(request),
      [token](std::string_view body) { return parse_token_test(body, token); });
}

LichessResult<void> LichessClient::upgrade_to_bot() {
  return send_command(Endpoint::kUpgrade, HttpRequest::post(endpoint_path(Endpoint::kUpgrade)));
}

LichessResult<std::vector<GameEventInfo>> LichessClient::playing(int nb) {
  nb = std::clamp(nb, 1, 50);
  return send_and_parse<std::vector<GameEventInfo>>(
      Endpoint::kPlaying,
      HttpRequest::get(endpoint_path(Endpoint::kPlaying) + "?nb=" + std::to_string(nb)),
      parse_playing);
}

LichessResult<User> LichessClient::user(std::string_view username) {
  return send_and_parse<User>(
      Endpoint::kUser, HttpRequest::get(endpoint_path(Endpoint::kUser, {username})), parse_user);
}

LichessResult<std::vector<UserStatus>> LichessClient::users_status(
    std::span<const std::string> ids) {
  std::vector<UserStatus> all;
  for (std::size_t start = 0; start < ids.size(); start += kUsersStatusBatch) {
    std::string query;
    const std::size_t end = std::min(ids.size(), start + kUsersStatusBatch);
    for (std::size_t i = start; i < end; ++i) {
      if (i > start) query += ',';
      query += url_encode_component(ids[i]);
    }
    auto batch = send_and_parse<std::vector<UserStatus>>(
        Endpoint::kUsersStatus,
        HttpRequest::get(endpoint_path(Endpoint::kUsersStatus) + "?ids=" + query),
        parse_users_status);
    if (!batch) return std::unexpected(std::move(batch.error()));
    std::move(batch->begin(), batch->end(), std::back_inserter(all));
  }
  return all;
}

LichessResult<std::vector<User>> LichessClient::online_bots(int nb) {
  nb = std::clamp(nb, 1, 512);
  HttpRequest request =
      HttpRequest::get(endpoint_path(Endpoint::kBotOnline) + "?nb=" + std::to_string(nb));
  request.timeout = kOnlineBotsTimeout;
  LichessResult<HttpResult> result = send(Endpoint::kBotOnline, std::move(request));
  if (!result) return std::unexpected(std::move(result.error()));

  std::vector<User> bots;
  std::string_view body = result->body;
  while (!body.empty()) {
    const std::size_t newline = body.find('\n');
    std::string_view line = body.substr(0, newline);
    body.remove_prefix(newline == std::string_view::npos ? body.size() : newline + 1);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.empty()) continue;
    std::expected<User, ParseError> user = parse_user(line);
    if (user) {
      bots.push_back(std::move(*user));
    } else {
      log_malformed("bot-online", line, user.error());
    }
  }
  return bots;
}

LichessResult<std::string> LichessClient::export_game(std::string_view game_id,
                                                      GameExportFormat format) {
  HttpRequest request = HttpRequest::get(endpoint_path(Endpoint::kGameExport, {game_id}));
  request.headers.push_back({"Accept", format == GameExportFormat::kPgn ? "application/x-chess-pgn"
                                                                        : "application/json"});
  LichessResult<HttpResult> result = send(Endpoint::kGameExport, std::move(request));
  if (!result) return std::unexpected(std::move(result.error()));
  return std::move(result->body);
}

// ---- Game commands ----

LichessResult<void> LichessClient::move(std::string_view game_id, std::string_view uci,
                                        bool offering_draw) {
  std::string path = endpoint_path(Endpoint::kMove, {game_id, uci});
  if (offering_draw) path += "?offeringDraw=true";
  return send_command(Endpoint::kMove, HttpRequest::post(std::move(path)));
}

LichessResult<void> LichessClient::post_chat(std::string_view game_id, ChatRoom room,
                                             std::string_view text) {
  FormFields fields = {{"room", std::string(to_string(room))}, {"text", truncate_chat(text)}};
  return send_command(
      Endpoint::kChatPost,
      HttpRequest::post_form(endpoint_path(Endpoint::kChatPost, {game_id}), std::move(fields)));
}

LichessResult<std::vector<ChatMessage>> LichessClient::chat(std::string_view game_id) {
  return send_and_parse<std::vector<ChatMessage>>(
      Endpoint::kChatGet, HttpRequest::get(endpoint_path(Endpoint::kChatGet, {game_id})),
      parse_chat);
}

LichessResult<void> LichessClient::abort_game(std::string_view game_id) {
  return send_command(Endpoint::kAbort,
                      HttpRequest::post(endpoint_path(Endpoint::kAbort, {game_id})));
}

LichessResult<void> LichessClient::resign(std::string_view game_id) {
  return send_command(Endpoint::kResign,
                      HttpRequest::post(endpoint_path(Endpoint::kResign, {game_id})));
}

LichessResult<void> LichessClient::draw(std::string_view game_id, bool accept) {
  return send_command(Endpoint::kDraw,
                      HttpRequest::post(endpoint_path(Endpoint::kDraw, {game_id, yes_no(accept)})));
}

LichessResult<void> LichessClient::takeback(std::string_view game_id, bool accept) {
  return send_command(Endpoint::kTakeback, HttpRequest::post(endpoint_path(
                                               Endpoint::kTakeback, {game_id, yes_no(accept)})));
}

LichessResult<void> LichessClient::claim_victory(std::string_view game_id) {
  return send_command(Endpoint::kClaimVictory,
                      HttpRequest::post(endpoint_path(Endpoint::kClaimVictory, {game_id})));
}

LichessResult<void> LichessClient::claim_draw(std::string_view game_id) {
  return send_command(Endpoint::kClaimDraw,
                      HttpRequest::post(endpoint_path(Endpoint::kClaimDraw, {game_id})));
}

// ---- Challenges ----

LichessResult<ChallengeInfo> LichessClient::create_challenge(const ChallengeRequest& request) {
  return send_and_parse<ChallengeInfo>(
      Endpoint::kChallengeCreate,
      HttpRequest::post_form(endpoint_path(Endpoint::kChallengeCreate, {request.username}),
                             challenge_form(request)),
      parse_challenge);
}

LichessResult<void> LichessClient::accept_challenge(std::string_view challenge_id) {
  return send_command(Endpoint::kChallengeAccept,
                      HttpRequest::post(endpoint_path(Endpoint::kChallengeAccept, {challenge_id})));
}

LichessResult<void> LichessClient::decline_challenge(std::string_view challenge_id,
                                                     DeclineReason reason) {
  return send_command(
      Endpoint::kChallengeDecline,
      HttpRequest::post_form(endpoint_path(Endpoint::kChallengeDecline, {challenge_id}),
                             {{"reason", std::string(to_string(reason))}}));
}

LichessResult<void> LichessClient::cancel_challenge(std::string_view challenge_id) {
  return send_command(Endpoint::kChallengeCancel,
                      HttpRequest::post(endpoint_path(Endpoint::kChallengeCancel, {challenge_id})));
}

LichessResult<ChallengeList> LichessClient::challenges() {
  return send_and_parse<ChallengeList>(Endpoint::kChallengeList,
                                       HttpRequest::get(endpoint_path(Endpoint::kChallengeList)),
                                       parse_challenge_list);
}

LichessResult<ChallengeInfo> LichessClient::show_challenge(std::string_view challenge_id) {
  return send_and_parse<ChallengeInfo>(
      Endpoint::kChallengeShow,
      HttpRequest::get(endpoint_path(Endpoint::kChallengeShow, {challenge_id})), parse_challenge);
}

// ---- Streams ----

StreamOutcome LichessClient::stream_events(const EventStreamHandler& handler,
                                           const StreamControl& control) {
  std::size_t malformed = 0;
  const LineHandler on_line = [&](std::string_view line) {
    std::expected<EventStreamEvent, ParseError> event = parse_event_stream_line(line);
    if (!event) {
      ++malformed;
      log_malformed("event-stream", line, event.error());
      return StreamAction::kContinue;
    }
    return handler(*event);
  };
  StreamOutcome outcome =
      executor_.stream(Endpoint::kEventStream,
                       HttpRequest::get(endpoint_path(Endpoint::kEventStream)), on_line, control);
  outcome.malformed = malformed;
  return outcome;
}

StreamOutcome LichessClient::stream_game(std::string_view game_id, const GameStreamHandler& handler,
                                         const StreamControl& control) {
  std::size_t malformed = 0;
  const LineHandler on_line = [&](std::string_view line) {
    std::expected<GameStreamEvent, ParseError> event = parse_game_stream_line(line);
    if (!event) {
      ++malformed;
      log_malformed("game-stream", line, event.error());
      return StreamAction::kContinue;
    }
    return handler(*event);
  };
  StreamOutcome outcome = executor_.stream(
      Endpoint::kGameStream, HttpRequest::get(endpoint_path(Endpoint::kGameStream, {game_id})),
      on_line, control);
  outcome.malformed = malformed;
  return outcome;
}

}  // namespace bot
