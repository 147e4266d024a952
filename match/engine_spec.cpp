// SPDX-License-Identifier: GPL-3.0-or-later
#include "match/engine_spec.h"

#include <algorithm>
#include <cstdio>

#include "cli/args.h"

namespace match {

using cli::parse_integer;

std::expected<TimeControl, std::string> parse_time_control(const std::string& text) {
  const auto plus = text.find('+');
  auto base = parse_integer(text.substr(0, plus), "time control base (ms)", 1, 86'400'000);
  if (!base) return std::unexpected(base.error() + " (want BASE+INC in ms, e.g. 10000+100)");
  TimeControl tc{int(*base), 0};
  if (plus != std::string::npos) {
    auto inc = parse_integer(text.substr(plus + 1), "time control increment (ms)", 0, 3'600'000);
    if (!inc) return std::unexpected(inc.error() + " (want BASE+INC in ms, e.g. 10000+100)");
    tc.increment_ms = int(*inc);
  }
  return tc;
}

std::string time_control_tag(const TimeControl& tc) {
  auto seconds = [](int ms) {
    char text[32];
    std::snprintf(text, sizeof text, "%g", ms / 1000.0);
    return std::string(text);
  };
  return seconds(tc.base_ms) + "+" + seconds(tc.increment_ms);
}

Limits merge_limits(const Limits& global, const Limits& own) {
  Limits out = global;
  if (own.tc || own.movetime_ms) {  // a clock of the engine's own replaces the match's clock
    out.tc = own.tc;
    out.movetime_ms = own.movetime_ms;
  }
  if (own.nodes) out.nodes = own.nodes;
  if (own.depth) out.depth = own.depth;
  return out;
}

std::expected<EngineSpec, std::string> parse_engine_spec(const std::vector<std::string>& words) {
  EngineSpec spec;
  for (const std::string& word : words) {
    const auto eq = word.find('=');
    auto bad = [&](const std::string& why) {
      return std::unexpected("--engine: '" + word + "': " + why);
    };
    if (eq == std::string::npos || eq == 0) return bad("not key=value");
    const std::string key = word.substr(0, eq), value = word.substr(eq + 1);
    if (key == "name") {
      spec.name = value;
    } else if (key == "cmd") {
      spec.cmd = value;
    } else if (key == "arg") {
      spec.args.push_back(value);
    } else if (key.rfind("option.", 0) == 0 && key.size() > 7) {
      spec.options.emplace_back(key.substr(7), value);
    } else if (key == "tc") {
      auto tc = parse_time_control(value);
      if (!tc) return bad(tc.error());
      spec.limits.tc = *tc;
    } else if (key == "movetime" || key == "nodes" || key == "depth") {
      const long long max = key == "nodes" ? 1'000'000'000'000 : key == "depth" ? 127 : 3'600'000;
      auto n = parse_integer(value, key, 1, max);
      if (!n) return bad(n.error());
      if (key == "movetime") spec.limits.movetime_ms = int(*n);
      if (key == "nodes") spec.limits.nodes = std::uint64_t(*n);
      if (key == "depth") spec.limits.depth = int(*n);
    } else if (key == "ponder") {
      if (value != "on" && value != "off") return bad("ponder is on or off");
      spec.ponder = value == "on";
    } else {
      return bad("unknown key '" + key +
                 "' (cmd, name, arg, option.NAME, tc, movetime, nodes, depth, ponder)");
    }
  }
  if (spec.cmd.empty()) return std::unexpected("--engine needs cmd=PATH");
  if (spec.name.empty()) spec.name = spec.cmd.substr(spec.cmd.find_last_of('/') + 1);
  return spec;
}

WordGroups split_word_groups(const std::vector<std::string>& args,
                             const std::vector<std::string>& group_options) {
  WordGroups out;
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (std::find(group_options.begin(), group_options.end(), args[i]) == group_options.end()) {
      out.rest.push_back(args[i]);
      continue;
    }
    std::vector<std::string> words;
    while (i + 1 < args.size() && args[i + 1].rfind("--", 0) != 0) words.push_back(args[++i]);
    out.groups.emplace_back(args[i - words.size()], std::move(words));
  }
  return out;
}

}  // namespace match
