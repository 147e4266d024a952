// SPDX-License-Identifier: GPL-3.0-or-later
#include "config/rules.h"

namespace config {
namespace {

std::string leaf(const std::string& key) {
  return key.substr(key.rfind('.') + 1);
}

}  // namespace

void Rules::error(std::string key, std::string message, std::string fix) {
  found_.push_back({Severity::kError, std::move(key), std::move(message), std::move(fix), {}});
}

void Rules::warning(std::string key, std::string message, std::string fix) {
  found_.push_back({Severity::kWarning, std::move(key), std::move(message), std::move(fix), {}});
}

void Rules::range(const std::string& key, long long value, long long low, long long high,
                  std::string fix) {
  if (value >= low && value <= high) return;
  if (fix.empty()) {
    fix = "set " + leaf(key) + " to a value from " + std::to_string(low) + " to " +
          std::to_string(high);
  }
  error(key,
        "must be between " + std::to_string(low) + " and " + std::to_string(high) + " (got " +
            std::to_string(value) + ")",
        std::move(fix));
}

void Rules::ordered(const std::string& min_key, int min, const std::string& max_key, int max,
                    std::optional<int> floor) {
  if (floor && min < *floor) {
    error(min_key, "must be >= " + std::to_string(*floor) + " (got " + std::to_string(min) + ")",
          "raise " + leaf(min_key) + " to " + std::to_string(*floor) + " or more");
  }
  if (max < min) {
    error(max_key, "must be >= " + min_key + " (" + std::to_string(min) + ")",
          "raise " + leaf(max_key) + " or lower " + leaf(min_key));
  }
}

void Rules::not_empty(const std::string& key, std::size_t size, std::string_view consequence) {
  if (size > 0) return;
  warning(key, "is empty: " + std::string(consequence),
          "list at least one value, or delete the key to use the default");
}

}  // namespace config
