// SPDX-License-Identifier: GPL-3.0-or-later
// Lichess usernames: what a valid one looks like, and the user id the server derives from
// it (the lower-cased name; names compare without regard to case). Used by the config's
// user lists and the daemon's online block lists. Pure functions; any thread.
#pragma once

#include <string>
#include <string_view>

namespace lichess {

// 2-30 letters, digits, '_' or '-', starting with a letter or digit.
bool is_username(std::string_view name);

// The user id of `name`: its ASCII letters lower-cased.
std::string user_id(std::string_view name);

}  // namespace lichess
