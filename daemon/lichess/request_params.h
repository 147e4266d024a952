// SPDX-License-Identifier: GPL-3.0-or-later
// Parameters of the Lichess requests a bot sends: chat rooms and text, and challenge creation; and
// how each is written on the wire. Plain values and pure functions; any thread.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "daemon/http/http_client.h"
#include "daemon/lichess/types.h"
#include "lichess/chat.h"
#include "lichess/decline_reason.h"

namespace bot {

// Decline reasons are Lichess vocabulary (lichess/decline_reason.h).
using lichess::DeclineReason;
using lichess::parse_decline_reason;

enum class ChatRoom { kPlayer, kSpectator };
std::string_view to_string(ChatRoom room);  // "player", "spectator"

// The chat limit is Lichess vocabulary (lichess/chat.h).
using lichess::kMaxChatCharacters;
using lichess::truncate_chat;

// POST /api/challenge/{username}. A clock when clock_limit_s is set, else
// correspondence when days is set, else unlimited.
struct ChallengeRequest {
  std::string username;
  std::optional<int> clock_limit_s;      // 0, 15, 30, 45, 60, 90 or n*60 up to 10800
  std::optional<int> clock_increment_s;  // 0-60; 0 when only the limit is set
  std::optional<int> days;               // 1, 2, 3, 5, 7, 10 or 14
  bool rated = false;
  ChallengeColor color = ChallengeColor::kRandom;
  std::string variant = "standard";  // Lichess key
  std::string fen;                   // empty: the variant's start position
};

// The form fields of a challenge: clock.limit + clock.increment or days,
// rated, color, variant, and fen when given. The username goes in the path.
FormFields challenge_form(const ChallengeRequest& request);

}  // namespace bot
