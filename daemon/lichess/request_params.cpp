// SPDX-License-Identifier: GPL-3.0-or-later
#include "daemon/lichess/request_params.h"

#include <array>
#include <cctype>
#include <utility>

namespace bot {

std::string_view to_string(ChatRoom room) {
  return room == ChatRoom::kSpectator ? "spectator" : "player";
}

FormFields challenge_form(const ChallengeRequest& request) {
  FormFields fields;
  if (request.clock_limit_s) {
    fields.emplace_back("clock.limit", std::to_string(*request.clock_limit_s));
    fields.emplace_back("clock.increment", std::to_string(request.clock_increment_s.value_or(0)));
  } else if (request.days) {
    fields.emplace_back("days", std::to_string(*request.days));
  }
  fields.emplace_back("rated", request.rated ? "true" : "false");
  fields.emplace_back("color", std::string(to_string(request.color)));
  fields.emplace_back("variant", request.variant.empty() ? "standard" : request.variant);
  if (!request.fen.empty()) fields.emplace_back("fen", request.fen);
  return fields;
}

}  // namespace bot
