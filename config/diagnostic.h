// SPDX-License-Identifier: GPL-3.0-or-later
// One finding about a configuration file: a warning or an error, the key it is about, what
// is wrong and how to fix it. Loading and validation return lists of these instead of
// stopping at the first problem.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace config {

enum class Severity { kWarning, kError };

// 1-based position in the YAML file.
struct Location {
  int line = 0;
  int column = 0;
  bool operator==(const Location&) const = default;
};

struct Diagnostic {
  Severity severity = Severity::kError;
  std::string key;      // dotted key path ("challenge.max_base", "matchmaking.variants[1].weight");
                        // empty when the finding is about the whole file
  std::string message;  // what is wrong, with the offending value where it is not secret
  std::string fix;      // what to do about it
  std::optional<Location> location;
  bool operator==(const Diagnostic&) const = default;
};

// "challenge.max_base: must be >= challenge.min_base (60); fix: raise max_base or lower min_base"
std::string to_string(const Diagnostic& diagnostic);

// Compiler style, for terminals and editors:
// "paxbot.yml:12:3: error: challenge.max_base: must be ...; fix: ..."
std::string format_diagnostic(const Diagnostic& diagnostic, std::string_view file_name);

bool has_errors(std::span<const Diagnostic> diagnostics);
int count(std::span<const Diagnostic> diagnostics, Severity severity);

}  // namespace config
