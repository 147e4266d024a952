// SPDX-License-Identifier: GPL-3.0-or-later
#include "daemon/lichess/request_params.h"

#include <array>
#include <cctype>
#include <utility>

namespace bot {

namespace {

bool is_continuation_byte(char c) {
  return (static_cast<unsigned char>(c) & 0xC0) == 0x80;
}

}  // namespace

std::string_view to_string(ChatRoom room) {
  return room == ChatRoom::kSpectator ? "spectator" : "player";
}

std::string truncate_chat(std::string_view text) {
  std::size_t characters = 0;
  std::size_t end = 0;
  while (end < text.size()) {
    if (characters == kMaxChatCharacters) break;
    ++end;  // the lead byte, then its continuation bytes
    while (end < text.size() && is_continuation_byte(text[end])) ++end;
    ++characters;
  }
  return std::string(text.substr(0, end));
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
