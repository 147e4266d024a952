// SPDX-License-Identifier: GPL-3.0-or-later
#include "lichess/chat.h"

namespace lichess {
namespace {

bool is_continuation_byte(char c) {
  return (static_cast<unsigned char>(c) & 0xC0) == 0x80;
}

// The byte length of the first `characters` characters of `text` (all of it when shorter).
std::size_t prefix_bytes(std::string_view text, std::size_t characters) {
  std::size_t counted = 0;
  std::size_t end = 0;
  while (end < text.size() && counted < characters) {
    ++end;  // the lead byte, then its continuation bytes
    while (end < text.size() && is_continuation_byte(text[end])) ++end;
    ++counted;
  }
  return end;
}

}  // namespace

std::size_t chat_characters(std::string_view text) {
  std::size_t n = 0;
  for (char c : text)
    if (!is_continuation_byte(c)) ++n;
  return n;
}

std::string truncate_chat(std::string_view text) {
  return std::string(text.substr(0, prefix_bytes(text, kMaxChatCharacters)));
}

}  // namespace lichess
