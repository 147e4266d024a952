// SPDX-License-Identifier: GPL-3.0-or-later
// YAML text -> Config. Every key the file omits keeps its default (config/defaults.h); every
// problem found on the way (syntax, wrong types, unknown or duplicate keys) becomes a
// Diagnostic, and loading goes on so that one run reports all of them. Nothing here throws.
// Semantic rules (ranges, min <= max, ...) are config/validate.h's job.
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "config/config.h"
#include "config/diagnostic.h"

namespace config {

struct LoadResult {
  Config config;
  std::vector<Diagnostic> diagnostics;
  // Where each key present in the file was written, by key path ("challenge.max_base",
  // "matchmaking.time_controls[1].weight"); used to give validation findings a line number.
  std::map<std::string, Location, std::less<>> locations;

  bool ok() const { return !has_errors(diagnostics); }
};

// Parses YAML text. Paths in the config are kept as written.
LoadResult load_string(std::string_view yaml_text);

// Reads and parses a file. Relative paths in it (token_file, matchmaking.state_file,
// pgn.directory, engine.book files) are made absolute against the directory that holds the file.
LoadResult load_file(const std::filesystem::path& file);

// Gives each diagnostic without a location the place where its key was written.
void attach_locations(std::vector<Diagnostic>& diagnostics,
                      const std::map<std::string, Location, std::less<>>& locations);

}  // namespace config
