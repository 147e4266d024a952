// SPDX-License-Identifier: GPL-3.0-or-later
// Internal to daemon/lichess: readers for the JSON objects that appear both
// in stream lines and in REST bodies (GameEventInfo in /api/account/playing,
// ChallengeJson in challenge lists). They throw lichess_json::FieldError;
// the public parse functions turn that into a ParseError.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "daemon/lichess/json_reader.h"
#include "daemon/lichess/types.h"

namespace bot::lichess_json {

GameEventInfo read_game_event_info(const ObjectReader& game);
ChallengeInfo read_challenge(const ObjectReader& challenge);
GameStateEvent read_game_state(const ObjectReader& state);

// An int field; values outside int's range are an error.
int to_int(const ObjectReader& object, std::string_view key, std::int64_t value);
std::optional<int> optional_int(const ObjectReader& object, std::string_view key);
int required_int(const ObjectReader& object, std::string_view key);

// The ParseError for a FieldError met while parsing something of `type`.
ParseError to_parse_error(std::string type, FieldError error);

}  // namespace bot::lichess_json
