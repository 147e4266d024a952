// SPDX-License-Identifier: GPL-3.0-or-later
// Lichess's chat limit: a game chat message holds at most 140 characters (Unicode code
// points; the server refuses longer ones). Owns the limit for the daemon, which cuts what
// it sends, and the local server, which refuses what is longer, as Lichess does.
// Constants and pure functions; safe to use from any thread.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace lichess {

inline constexpr std::size_t kMaxChatCharacters = 140;

// The number of characters (UTF-8 code points) of `text`.
std::size_t chat_characters(std::string_view text);

// The first kMaxChatCharacters characters of `text`; never splits a multi-byte character.
std::string truncate_chat(std::string_view text);

}  // namespace lichess
