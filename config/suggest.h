// SPDX-License-Identifier: GPL-3.0-or-later
// "Did you mean ...?" for unknown keys and misspelt values, including the keys a lichess-bot
// config.yml uses where paxbot names the same setting differently.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace config {

// The candidate closest to `word`, if it is close enough to be a plausible typo: same letters
// ignoring case and '_'/'-'/' ', `word` plus a unit suffix ("abort_time" -> "abort_time_s"),
// or a small edit distance.
std::optional<std::string> closest_match(std::string_view word,
                                         const std::vector<std::string>& candidates);

// The "fix" text for an unknown key at dotted `path` ("engine.hash") in a section that accepts
// the keys `siblings`: a lichess-bot rename, a close sibling, the same key in another section,
// or else "remove it".
std::string unknown_key_fix(std::string_view path, const std::vector<std::string>& siblings);

}  // namespace config
