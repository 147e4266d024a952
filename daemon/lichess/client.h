// SPDX-License-Identifier: GPL-3.0-or-later
// The Lichess Bot API as typed calls: one method per endpoint, results as
// values (LichessResult<T> = std::expected<T, LichessError>), streams as
// typed events. Paths and rate-limit keys come from endpoints.h; cooldowns,
// serialization and retries from RequestExecutor.
#pragma once

#include <chrono>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "base/clock.h"
#include "base/logging.h"
#include "daemon/http/http_client.h"
#include "daemon/lichess/lichess_error.h"
#include "daemon/lichess/request_executor.h"
#include "daemon/lichess/request_params.h"
#include "daemon/lichess/responses.h"
#include "daemon/lichess/types.h"

namespace bot {

// Handlers get every parsed line, keep-alives (KeepAlive) and lines of
// unknown type (IgnoredEvent) included, so a caller's watchdog sees liveness.
// Malformed lines are logged and dropped; the stream continues.
using EventStreamHandler = std::function<StreamAction(const EventStreamEvent& event)>;
using GameStreamHandler = std::function<StreamAction(const GameStreamEvent& event)>;

enum class GameExportFormat { kPgn, kJson };

// Owns the account's request executor (cooldowns, serializer, retries);
// borrows the HttpClient (which holds the token and adds the Authorization
// header), the Clock and the Logger, which must outlive it. The token never
// reaches a log line: request bodies are never logged, and parse errors of
// the token-test answer never quote it.
//
// Thread contract: every method may be called from any thread concurrently
// (the event-stream reader, game sessions and the main loop share one client).
// Request/response calls block their caller; stream calls block until the
// stream ends, and call the handler on the calling thread.
class LichessClient {
 public:
  LichessClient(HttpClient& http, const base::Clock& clock, base::Logger& log,
                RequestExecutor::Options options = {});
  LichessClient(const LichessClient&) = delete;
  LichessClient& operator=(const LichessClient&) = delete;

  // ---- Account and users ----
  LichessResult<User> account();
  // The token's entry of POST /api/token/test; nullopt when it is invalid.
  LichessResult<std::optional<TokenInfo>> test_token(std::string_view token);
  LichessResult<void> upgrade_to_bot();
  // Ongoing games, most urgent first; nb in 1..50.
  LichessResult<std::vector<GameEventInfo>> playing(int nb = 50);
  LichessResult<User> user(std::string_view username);
  // Any number of ids; sent in batches of 100.
  LichessResult<std::vector<UserStatus>> users_status(std::span<const std::string> ids);
  // Online bots (NDJSON); unparsable lines are logged and skipped. nb in 1..512.
  LichessResult<std::vector<User>> online_bots(int nb = 100);
  // The game as PGN text or a JSON document, unparsed.
  LichessResult<std::string> export_game(std::string_view game_id,
                                         GameExportFormat format = GameExportFormat::kPgn);

  // ---- Game commands ----
  // `uci` is sent exactly as given (callers send king-takes-rook castling).
  // Retried quickly on 5xx/network errors, so a 400 "Not your turn" with
  // error.attempts > 1 may mean an earlier attempt was accepted.
  LichessResult<void> move(std::string_view game_id, std::string_view uci,
                           bool offering_draw = false);
  // The text is cut to 140 characters.
  LichessResult<void> post_chat(std::string_view game_id, ChatRoom room, std::string_view text);
  LichessResult<std::vector<ChatMessage>> chat(std::string_view game_id);
  LichessResult<void> abort_game(std::string_view game_id);
  LichessResult<void> resign(std::string_view game_id);
  // accept = true offers or accepts a draw; false declines an offer.
  LichessResult<void> draw(std::string_view game_id, bool accept);
  // accept = true proposes or accepts a takeback; false declines.
  LichessResult<void> takeback(std::string_view game_id, bool accept);
  LichessResult<void> claim_victory(std::string_view game_id);
  LichessResult<void> claim_draw(std::string_view game_id);

  // ---- Challenges ----
  LichessResult<ChallengeInfo> create_challenge(const ChallengeRequest& request);
  LichessResult<void> accept_challenge(std::string_view challenge_id);
  LichessResult<void> decline_challenge(std::string_view challenge_id,
                                        DeclineReason reason = DeclineReason::kGeneric);
  LichessResult<void> cancel_challenge(std::string_view challenge_id);
  LichessResult<ChallengeList> challenges();
  LichessResult<ChallengeInfo> show_challenge(std::string_view challenge_id);

  // ---- Streams ----
  // Blocks until the stream ends: EOF, error, silence (control.silence_limit),
  // control.stop, or the handler returning kStop.
  StreamOutcome stream_events(const EventStreamHandler& handler, const StreamControl& control);
  StreamOutcome stream_game(std::string_view game_id, const GameStreamHandler& handler,
                            const StreamControl& control);

  // Time left in the 429 cooldown of `endpoint`'s rate-limit key; zero if free.
  std::chrono::milliseconds cooldown_remaining(Endpoint endpoint) const;
  // Shutdown: end retry waits now and retry no more (see RequestExecutor).
  void stop_retries() { executor_.stop_retries(); }
  RequestExecutor& executor() { return executor_; }

  // Longest malformed line excerpt written to the log.
  static constexpr std::size_t kMaxLoggedLine = 200;

 private:
  LichessResult<HttpResult> send(Endpoint endpoint, HttpRequest request);
  LichessResult<void> send_command(Endpoint endpoint, HttpRequest request);
  template <typename T, typename Parse>
  LichessResult<T> send_and_parse(Endpoint endpoint, HttpRequest request, Parse parse);
  void log_malformed(std::string_view stream, std::string_view line, const ParseError& error);

  base::Logger& log_;
  RequestExecutor executor_;
};

}  // namespace bot
