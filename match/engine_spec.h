// SPDX-License-Identifier: GPL-3.0-or-later
// What the runner knows about each engine before it starts: the program and its arguments,
// UCI options, and the search limits of its games (the match-wide limits with this engine's
// own overrides). Also the command-line pre-pass that collects the multi-word options
// (--engine WORD..., --sprt WORD...) before the shared option parser sees the rest.
// Pure value types and functions.
#pragma once

#include <cstdint>
#include <expected>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace match {

// A clock: base time and increment per move, milliseconds.
struct TimeControl {
  int base_ms = 0;
  int increment_ms = 0;
  bool operator==(const TimeControl&) const = default;
};

// "BASE+INC" or "BASE" in milliseconds, e.g. "10000+100".
std::expected<TimeControl, std::string> parse_time_control(const std::string& text);
// PGN TimeControl value in seconds: "10+0.1".
std::string time_control_tag(const TimeControl& tc);

struct Limits {
  std::optional<TimeControl> tc;
  std::optional<int> movetime_ms;
  std::optional<std::uint64_t> nodes;
  std::optional<int> depth;
  bool any() const { return tc || movetime_ms || nodes || depth; }
};

// `own` overrides `global` field by field.
Limits merge_limits(const Limits& global, const Limits& own);

struct EngineSpec {
  std::string name;
  std::string cmd;
  std::vector<std::string> args;
  std::vector<std::pair<std::string, std::string>> options;  // setoption name N value V
  Limits limits;                                             // this engine's overrides
  // The runner ponders for this engine: after its move it sends "go ponder" on the reply the
  // engine expects, then "ponderhit" when that reply is played, else "stop" and a new search.
  bool ponder = false;
};

// Reads the words after --engine: cmd=PATH (required), name=NAME (default: the file name of
// cmd), arg=ARG (repeatable), option.NAME=VALUE (repeatable), tc=BASE+INC, movetime=MS,
// nodes=N, depth=D, ponder=on|off. Errors name the bad word.
std::expected<EngineSpec, std::string> parse_engine_spec(const std::vector<std::string>& words);

// Splits args into the word groups that follow each occurrence of one of `group_options`
// (up to the next word starting with "--") and the remaining arguments, in order.
struct WordGroups {
  std::vector<std::pair<std::string, std::vector<std::string>>> groups;  // option, its words
  std::vector<std::string> rest;
};
WordGroups split_word_groups(const std::vector<std::string>& args,
                             const std::vector<std::string>& group_options);

}  // namespace match
