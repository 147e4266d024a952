// SPDX-License-Identifier: GPL-3.0-or-later
#include "daemon/lichess/endpoints.h"

#include <array>

namespace bot {

namespace {

using enum Endpoint;
using enum RetryClass;
constexpr HttpMethod kGet = HttpMethod::kGet;
constexpr HttpMethod kPost = HttpMethod::kPost;

// One row per Endpoint, in enum order (checked below).
constexpr std::array<EndpointInfo, 25> kEndpoints = {{
    {kAccount, "account", kGet, "/api/account", "account", kNormal},
    {kTokenTest, "token-test", kPost, "/api/token/test", "token-test", kNormal},
    {kUpgrade, "upgrade", kPost, "/api/bot/account/upgrade", "account", kNormal},
    {kEventStream, "event-stream", kGet, "/api/stream/event", "event-stream", kStream},
    {kGameStream, "game-stream", kGet, "/api/bot/game/stream/{gameId}", "game-stream", kStream},
    {kMove, "move", kPost, "/api/bot/game/{gameId}/move/{move}", "move", kQuick},
    {kChatPost, "chat-post", kPost, "/api/bot/game/{gameId}/chat", "chat", kNone},
    {kChatGet, "chat-get", kGet, "/api/bot/game/{gameId}/chat", "chat", kNormal},
    {kAbort, "abort", kPost, "/api/bot/game/{gameId}/abort", "game-command", kNormal},
    {kResign, "resign", kPost, "/api/bot/game/{gameId}/resign", "game-command", kNormal},
    {kDraw, "draw", kPost, "/api/bot/game/{gameId}/draw/{accept}", "game-command", kNormal},
    {kTakeback, "takeback", kPost, "/api/bot/game/{gameId}/takeback/{accept}", "game-command",
     kNormal},
    {kClaimVictory, "claim-victory", kPost, "/api/bot/game/{gameId}/claim-victory", "game-command",
     kNormal},
    {kClaimDraw, "claim-draw", kPost, "/api/bot/game/{gameId}/claim-draw", "game-command", kNormal},
    {kChallengeCreate, "challenge-create", kPost, "/api/challenge/{username}", "challenge", kNone},
    {kChallengeAccept, "challenge-accept", kPost, "/api/challenge/{challengeId}/accept",
     "challenge-answer", kNormal},
    {kChallengeDecline, "challenge-decline", kPost, "/api/challenge/{challengeId}/decline",
     "challenge-answer", kNormal},
    {kChallengeCancel, "challenge-cancel", kPost, "/api/challenge/{challengeId}/cancel",
     "challenge-answer", kNormal},
    {kChallengeList, "challenge-list", kGet, "/api/challenge", "challenge-read", kNormal},
    {kChallengeShow, "challenge-show", kGet, "/api/challenge/{challengeId}/show", "challenge-read",
     kNormal},
    {kPlaying, "playing", kGet, "/api/account/playing", "playing", kNormal},
    {kBotOnline, "bot-online", kGet, "/api/bot/online", "bot-online", kNormal},
    {kUsersStatus, "users-status", kGet, "/api/users/status", "users", kNormal},
    {kUser, "user", kGet, "/api/user/{username}", "users", kNormal},
    {kGameExport, "game-export", kGet, "/game/export/{gameId}", "game-export", kNormal},
}};

constexpr bool table_in_enum_order() {
  for (std::size_t i = 0; i < kEndpoints.size(); ++i) {
    if (static_cast<std::size_t>(kEndpoints[i].endpoint) != i) return false;
  }
  return static_cast<std::size_t>(kGameExport) + 1 == kEndpoints.size();
}
static_assert(table_in_enum_order(), "kEndpoints rows must follow the Endpoint enum");

}  // namespace

std::span<const EndpointInfo> all_endpoints() {
  return kEndpoints;
}

const EndpointInfo& endpoint_info(Endpoint endpoint) {
  return kEndpoints[static_cast<std::size_t>(endpoint)];
}

std::string endpoint_path(Endpoint endpoint, std::initializer_list<std::string_view> args) {
  const std::string_view pattern = endpoint_info(endpoint).path_template;
  std::string path;
  path.reserve(pattern.size() + 16);
  auto arg = args.begin();
  std::size_t pos = 0;
  while (pos < pattern.size()) {
    const std::size_t open = pattern.find('{', pos);
    if (open == std::string_view::npos) {
      path.append(pattern.substr(pos));
      break;
    }
    path.append(pattern.substr(pos, open - pos));
    const std::size_t close = pattern.find('}', open);
    if (arg != args.end()) path += url_encode_component(*arg++);
    pos = close == std::string_view::npos ? pattern.size() : close + 1;
  }
  return path;
}

bool never_succeeds(int http_status) {
  return http_status >= 400 && http_status < 500 && http_status != 408 && http_status != 429;
}

}  // namespace bot
