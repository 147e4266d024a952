// SPDX-License-Identifier: GPL-3.0-or-later
// Config values as the YAML file spells them, for messages ("fix: ... (default: 64)") and
// the names an enum accepts. Pure functions; safe to use from any thread.
#pragma once

#include <sstream>
#include <string>
#include <vector>

#include "config/config.h"

namespace config {

// "a, b, c".
inline std::string join(const std::vector<std::string>& names) {
  std::string text;
  for (const std::string& name : names) text += (text.empty() ? "" : ", ") + name;
  return text;
}

// The spellings of E that the config file accepts (accepted_in_config), in enumerator order.
template <NamedEnum E>
std::vector<std::string> accepted_names() {
  std::vector<std::string> names;
  for (std::size_t i = 0; i < names_of(E{}).size(); ++i) {
    if (accepted_in_config(static_cast<E>(i))) names.emplace_back(names_of(E{})[i]);
  }
  return names;
}

inline std::string as_text(bool value) {
  return value ? "true" : "false";
}
inline std::string as_text(int value) {
  return std::to_string(value);
}
inline std::string as_text(double value) {
  std::ostringstream out;
  out << value;
  return out.str();
}
inline std::string as_text(const std::string& value) {
  return "\"" + value + "\"";
}
template <NamedEnum E>
std::string as_text(E value) {
  return std::string(to_string(value));
}
template <class T>
std::string as_text(const std::vector<T>& values) {
  std::string text = "[";
  for (const T& value : values) text += (text.size() > 1 ? ", " : "") + as_text(value);
  return text + "]";
}

}  // namespace config
