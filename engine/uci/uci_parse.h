// SPDX-License-Identifier: GPL-3.0-or-later
// Parsing of UCI command arguments into typed values. Pure functions; errors
// are values naming the offending token. Used by the UCI adapter (uci.h).
#pragma once

#include <expected>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/search/limits.h"

namespace engine::uci {

// Splits a line on spaces and tabs (a trailing '\r' is dropped).
std::vector<std::string> tokenize(std::string_view line);

// "go" arguments. A bad value is reported in `problems` and otherwise ignored, so that a
// GUI always gets a search (and a bestmove) for its go.
struct GoCommand {
  SearchLimits limits;
  std::optional<int> perft_depth;  // "go perft N"
  std::vector<std::string> problems;
};
GoCommand parse_go(const std::vector<std::string>& tokens);

// "setoption name <id...> value <x...>": the name and value may contain spaces.
struct SetOption {
  std::string name;
  std::string value;
};
std::expected<SetOption, std::string> parse_setoption(const std::vector<std::string>& tokens);

// "position startpos|fen <fields> [moves m1 m2 ...]".
struct PositionCommand {
  std::string start;  // "startpos" or the FEN
  std::vector<std::string> moves;
};
std::expected<PositionCommand, std::string> parse_position(const std::vector<std::string>& tokens);

// Case-insensitive comparison of option names ("move overhead" == "Move Overhead").
bool same_name(std::string_view a, std::string_view b);

}  // namespace engine::uci
