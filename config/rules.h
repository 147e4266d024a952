// SPDX-License-Identifier: GPL-3.0-or-later
// Internal to validate*.cpp: collects findings about config values with one wording for each
// kind of rule, so that every message names the key, the value and the fix the same way.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "config/config.h"
#include "config/diagnostic.h"

namespace config {

class Rules {
 public:
  void error(std::string key, std::string message, std::string fix);
  void warning(std::string key, std::string message, std::string fix);

  // "engine.threads: must be between 1 and 256 (got 0); fix: ..."
  void range(const std::string& key, long long value, long long low, long long high,
             std::string fix = {});

  // min_key >= floor (when given) and max_key >= min_key, as in
  // "challenge.max_base: must be >= challenge.min_base (60); fix: raise max_base or lower min_base"
  void ordered(const std::string& min_key, int min, const std::string& max_key, int max,
               std::optional<int> floor);

  // A warning that an empty list has the effect `consequence`.
  void not_empty(const std::string& key, std::size_t size, std::string_view consequence);

  // A warning for each value listed twice; `normalize` decides what counts as the same.
  // (Scalar list items are named by value: items that failed to load are not in `values`.)
  template <class T, class Normalize = std::identity>
  void no_duplicates(const std::string& key, const std::vector<T>& values,
                     Normalize normalize = {}) {
    for (std::size_t i = 0; i < values.size(); ++i) {
      for (std::size_t j = 0; j < i; ++j) {
        if (normalize(values[j]) != normalize(values[i])) continue;
        warning(key, "lists '" + text_of(values[i]) + "' twice", "remove the repeated entry");
        break;
      }
    }
  }

  std::vector<Diagnostic> take() { return std::move(found_); }

 private:
  static std::string text_of(const std::string& value) { return value; }
  template <NamedEnum E>
  static std::string text_of(E value) {
    return std::string(to_string(value));
  }

  std::vector<Diagnostic> found_;
};

// The matchmaking rules (validate_matchmaking.cpp); they read the challenge section too.
void check_matchmaking(const Config& config, Rules& rules);
// The fairness keys of the challenge section and engine.overrides (validate_fairness.cpp).
void check_fairness(const Challenge& challenge, Rules& rules);
void check_engine_overrides(const Engine& engine, Rules& rules);

// The correspondence section, and engine.overrides entries that would set its think time
// (validate_correspondence.cpp).
void check_correspondence(const Config& config, Rules& rules);

// The takebacks and online_block_list sections (validate_takebacks_block_lists.cpp).
void check_takebacks(const Takebacks& takebacks, Rules& rules);
void check_online_block_list(const OnlineBlockList& lists, Rules& rules);

}  // namespace config
