// SPDX-License-Identifier: GPL-3.0-or-later
#include "daemon/lichess/json_reader.h"

#include <cmath>
#include <limits>
#include <utility>

namespace bot::lichess_json {

namespace {

std::optional<std::int64_t> as_integer(const nlohmann::json& value) {
  if (value.is_number_integer()) return value.get<std::int64_t>();
  if (value.is_number_unsigned()) {
    const auto n = value.get<std::uint64_t>();
    if (n > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) {
      return std::nullopt;
    }
    return static_cast<std::int64_t>(n);
  }
  if (value.is_number_float()) {
    // Integral floats (1500.0) are accepted; fractions are not integers.
    const double d = value.get<double>();
    if (std::isfinite(d) && std::trunc(d) == d && std::fabs(d) < 9.0e18) {
      return static_cast<std::int64_t>(d);
    }
  }
  return std::nullopt;
}

std::optional<engine::Color> as_color(const nlohmann::json& value) {
  if (!value.is_string()) return std::nullopt;
  const auto& text = value.get_ref<const std::string&>();
  if (text == "white") return engine::White;
  if (text == "black") return engine::Black;
  return std::nullopt;
}

}  // namespace

std::string_view json_type_name(const nlohmann::json& value) {
  if (value.is_number()) return "number";
  return value.type_name();
}

nlohmann::json parse_document(std::string_view text) {
  try {
    return nlohmann::json::parse(text);
  } catch (const nlohmann::json::exception& e) {
    throw FieldError{"", std::string("invalid JSON: ") + e.what()};
  }
}

ObjectReader::ObjectReader(const nlohmann::json& value, std::string path)
    : value_(value), path_(std::move(path)) {
  if (!value_.is_object()) {
    throw FieldError{path_.empty() ? "(root)" : path_,
                     "must be an object, got " + std::string(json_type_name(value_))};
  }
}

std::string ObjectReader::path_of(std::string_view key) const {
  if (path_.empty()) return std::string(key);
  return path_ + "." + std::string(key);
}

const nlohmann::json* ObjectReader::find(std::string_view key) const {
  const auto it = value_.find(key);
  if (it == value_.end() || it->is_null()) return nullptr;
  return &*it;
}

void ObjectReader::fail(std::string_view key, std::string problem) const {
  throw FieldError{path_of(key), std::move(problem)};
}

const nlohmann::json& ObjectReader::require(std::string_view key) const {
  const nlohmann::json* value = find(key);
  if (!value) fail(key, "missing");
  return *value;
}

std::string ObjectReader::string(std::string_view key) const {
  const nlohmann::json& value = require(key);
  if (!value.is_string()) {
    fail(key, "must be a string, got " + std::string(json_type_name(value)));
  }
  return value.get<std::string>();
}

std::optional<std::string> ObjectReader::optional_string(std::string_view key) const {
  if (!has(key)) return std::nullopt;
  return string(key);
}

std::int64_t ObjectReader::integer(std::string_view key) const {
  const nlohmann::json& value = require(key);
  const std::optional<std::int64_t> n = as_integer(value);
  if (!n) fail(key, "must be an integer, got " + std::string(json_type_name(value)));
  return *n;
}

std::optional<std::int64_t> ObjectReader::optional_integer(std::string_view key) const {
  if (!has(key)) return std::nullopt;
  return integer(key);
}

bool ObjectReader::boolean(std::string_view key) const {
  const nlohmann::json& value = require(key);
  if (!value.is_boolean()) {
    fail(key, "must be a boolean, got " + std::string(json_type_name(value)));
  }
  return value.get<bool>();
}

bool ObjectReader::flag(std::string_view key) const {
  return has(key) && boolean(key);
}

ObjectReader ObjectReader::object(std::string_view key) const {
  return ObjectReader(require(key), path_of(key));
}

std::optional<ObjectReader> ObjectReader::optional_object(std::string_view key) const {
  if (!has(key)) return std::nullopt;
  return object(key);
}

const nlohmann::json& ObjectReader::array(std::string_view key) const {
  const nlohmann::json& value = require(key);
  if (!value.is_array()) {
    fail(key, "must be an array, got " + std::string(json_type_name(value)));
  }
  return value;
}

engine::Color ObjectReader::color(std::string_view key) const {
  const nlohmann::json& value = require(key);
  const std::optional<engine::Color> c = as_color(value);
  if (!c) fail(key, "must be \"white\" or \"black\"");
  return *c;
}

std::optional<engine::Color> ObjectReader::optional_color(std::string_view key) const {
  if (!has(key)) return std::nullopt;
  return color(key);
}

}  // namespace bot::lichess_json
