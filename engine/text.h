// SPDX-License-Identifier: GPL-3.0-or-later
// Small string helpers shared by the engine's notation code (g++ 12 has no std::format).
#pragma once

#include <concepts>
#include <string>
#include <string_view>

namespace engine {

namespace detail {
inline void append(std::string& out, std::string_view s) {
  out += s;
}
inline void append(std::string& out, char c) {
  out += c;
}
template <std::integral T>
requires(!std::same_as<T, char>) void append(std::string& out, T value) {
  out += std::to_string(value);
}
}  // namespace detail

// Concatenates strings, characters and integers: cat("rank ", 3, ": '", text, "'").
template <typename... Parts>
std::string cat(const Parts&... parts) {
  std::string out;
  (detail::append(out, parts), ...);
  return out;
}

}  // namespace engine
