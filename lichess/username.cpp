// SPDX-License-Identifier: GPL-3.0-or-later
#include "lichess/username.h"

#include <algorithm>
#include <cctype>

namespace lichess {

bool is_username(std::string_view name) {
  const auto allowed = [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-';
  };
  return name.size() >= 2 && name.size() <= 30 &&
         std::isalnum(static_cast<unsigned char>(name.front())) &&
         std::ranges::all_of(name, allowed);
}

std::string user_id(std::string_view name) {
  std::string out(name);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

}  // namespace lichess
