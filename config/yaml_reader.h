// SPDX-License-Identifier: GPL-3.0-or-later
// The walk of visit_config() (config/schema.h) over a YAML tree: each key the file has goes into
// the Config, each problem (wrong type, unknown value, unknown or duplicate key, a token) becomes
// a Diagnostic with the key's place in the file. Private to config/ (load.cpp and this reader's
// helpers that load.cpp shares). Pure functions of their arguments; no shared state.
#pragma once

#include <yaml-cpp/yaml.h>

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "config/config.h"
#include "config/diagnostic.h"

namespace config {

using Locations = std::map<std::string, Location, std::less<>>;

// Reads the map `root` into `config`; problems are appended to `diagnostics`, the place of every
// key found to `locations`.
void read_config(const YAML::Node& root, Config& config, std::vector<Diagnostic>& diagnostics,
                 Locations& locations);

// A YAML mark as a 1-based line and column (nothing for a null mark).
std::optional<Location> location_of(const YAML::Mark& mark);

// Lichess personal tokens start with "lip_": such text is never repeated in a message.
bool looks_like_token(std::string_view text);

// The value as the user wrote it, shortened: messages quote it, but never at length, and
// never a token pasted into the wrong key.
std::string quoted(const YAML::Node& node);

// Where `key` was written, else the closest enclosing key the file has ("challenge" for a
// "challenge.max_base" left at its default, the entry for a key missing from a list entry).
std::optional<Location> find_location(const Locations& locations, std::string_view key);

}  // namespace config
