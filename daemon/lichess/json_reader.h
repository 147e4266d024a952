// SPDX-License-Identifier: GPL-3.0-or-later
// Internal to daemon/lichess: typed access to the fields of one JSON object,
// with errors that name the field's path ("game.opponent.rating"). Errors
// are thrown as FieldError and caught by the public parse functions, which
// return them as values; nothing here escapes daemon/lichess.
// Plain functions over borrowed JSON; safe to use from any thread.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "engine/types.h"

namespace bot::lichess_json {

// A missing or mistyped field. `field` is the full path, `problem` says what is wrong.
struct FieldError {
  std::string field;
  std::string problem;
};

// One JSON object and its path from the root of the document ("" at the root).
// Required getters throw FieldError when the field is absent, null or
// mistyped; optional getters return nullopt for absent or null fields and
// throw only when the field is present with the wrong type.
class ObjectReader {
 public:
  // Throws FieldError (naming `path`) unless `value` is an object.
  ObjectReader(const nlohmann::json& value, std::string path);

  const nlohmann::json& json() const { return value_; }
  const std::string& path() const { return path_; }
  std::string path_of(std::string_view key) const;

  // nullptr when absent or null.
  const nlohmann::json* find(std::string_view key) const;
  bool has(std::string_view key) const { return find(key) != nullptr; }

  std::string string(std::string_view key) const;
  std::optional<std::string> optional_string(std::string_view key) const;
  std::int64_t integer(std::string_view key) const;
  std::optional<std::int64_t> optional_integer(std::string_view key) const;
  bool boolean(std::string_view key) const;
  // Absent or null: false.
  bool flag(std::string_view key) const;
  ObjectReader object(std::string_view key) const;
  std::optional<ObjectReader> optional_object(std::string_view key) const;
  // Throws unless the field is an array (absent/null: empty result handled by callers).
  const nlohmann::json& array(std::string_view key) const;

  // "white" / "black".
  engine::Color color(std::string_view key) const;
  std::optional<engine::Color> optional_color(std::string_view key) const;

  [[noreturn]] void fail(std::string_view key, std::string problem) const;

 private:
  const nlohmann::json& require(std::string_view key) const;

  const nlohmann::json& value_;
  std::string path_;
};

// "string", "number", "object", ... for messages.
std::string_view json_type_name(const nlohmann::json& value);

// Parses a document; throws FieldError{"", "invalid JSON: ..."} on syntax errors.
nlohmann::json parse_document(std::string_view text);

}  // namespace bot::lichess_json
