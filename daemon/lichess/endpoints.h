// SPDX-License-Identifier: GPL-3.0-or-later
// The table of Lichess API operations a bot uses: method, path template,
// rate-limit key and retry class of each, plus the one give-up rule that
// says which answers prove an operation can never succeed.
// Pure data and pure functions; safe to use from any thread.
#pragma once

#include <chrono>
#include <initializer_list>
#include <span>
#include <string>
#include <string_view>

#include "daemon/http/http_client.h"

namespace bot {

enum class Endpoint {
  kAccount,           // GET  /api/account
  kTokenTest,         // POST /api/token/test
  kUpgrade,           // POST /api/bot/account/upgrade
  kEventStream,       // GET  /api/stream/event (NDJSON stream)
  kGameStream,        // GET  /api/bot/game/stream/{gameId} (NDJSON stream)
  kMove,              // POST /api/bot/game/{gameId}/move/{move}
  kChatPost,          // POST /api/bot/game/{gameId}/chat
  kChatGet,           // GET  /api/bot/game/{gameId}/chat
  kAbort,             // POST /api/bot/game/{gameId}/abort
  kResign,            // POST /api/bot/game/{gameId}/resign
  kDraw,              // POST /api/bot/game/{gameId}/draw/{accept}
  kTakeback,          // POST /api/bot/game/{gameId}/takeback/{accept}
  kClaimVictory,      // POST /api/bot/game/{gameId}/claim-victory
  kClaimDraw,         // POST /api/bot/game/{gameId}/claim-draw
  kChallengeCreate,   // POST /api/challenge/{username}
  kChallengeAccept,   // POST /api/challenge/{challengeId}/accept
  kChallengeDecline,  // POST /api/challenge/{challengeId}/decline
  kChallengeCancel,   // POST /api/challenge/{challengeId}/cancel
  kChallengeList,     // GET  /api/challenge
  kChallengeShow,     // GET  /api/challenge/{challengeId}/show
  kPlaying,           // GET  /api/account/playing
  kBotOnline,         // GET  /api/bot/online (NDJSON body)
  kUsersStatus,       // GET  /api/users/status
  kUser,              // GET  /api/user/{username}
  kGameExport,        // GET  /game/export/{gameId}
};

// How a failed call of an endpoint may be repeated on 5xx or network errors.
enum class RetryClass {
  kNone,    // not idempotent (a repeat could post a second chat line or challenge)
  kQuick,   // moves: a few fast repeats; a duplicate move is rejected harmlessly
  kNormal,  // idempotent reads and commands: bounded exponential backoff
  kStream,  // streams: the owner reconnects with its own backoff
};

struct EndpointInfo {
  Endpoint endpoint;
  std::string_view name;  // for logs, e.g. "move"
  HttpMethod method;
  // Path with {placeholders} filled in order by endpoint_path(), e.g.
  // "/api/bot/game/{gameId}/move/{move}".
  std::string_view path_template;
  // Key of the endpoint's 429 cooldown in EndpointCooldowns; endpoints that
  // share a server-side limiter share a key.
  std::string_view rate_key;
  RetryClass retry;
};

// Every endpoint, in enum order.
std::span<const EndpointInfo> all_endpoints();
const EndpointInfo& endpoint_info(Endpoint endpoint);

// The path of `endpoint` with each {placeholder} replaced, in order, by the
// percent-encoded argument. Missing arguments leave the placeholder empty;
// surplus arguments are ignored.
std::string endpoint_path(Endpoint endpoint, std::initializer_list<std::string_view> args = {});

// The give-up rule. True when an HTTP answer proves that repeating the same
// call can never succeed: every 4xx except 408 (request timeout) and 429
// (rate limited). Examples: 404 "No such game", 400 "Not your turn, or game
// already over", 400 "Invalid UCI", 401 for a revoked token, 400 "No such
// user" when challenging. 5xx, 408, 429 and transport errors (status 0) may
// succeed later.
bool never_succeeds(int http_status);

}  // namespace bot
