// SPDX-License-Identifier: GPL-3.0-or-later
#include "config/yaml_reader.h"

#include <algorithm>
#include <type_traits>

#include "config/defaults.h"
#include "config/schema.h"
#include "config/suggest.h"
#include "config/value_text.h"

namespace config {

std::optional<Location> location_of(const YAML::Mark& mark) {
  if (mark.is_null()) return std::nullopt;
  return Location{mark.line + 1, mark.column + 1};
}

bool looks_like_token(std::string_view text) {
  return text.starts_with("lip_");
}

std::string quoted(const YAML::Node& node) {
  if (node.IsNull()) return "nothing";
  if (!node.IsScalar()) return node.IsSequence() ? "a list" : "a map";
  std::string text = node.Scalar();
  if (looks_like_token(text)) return "a token (not shown)";
  if (text.size() > 40) text = text.substr(0, 37) + "...";
  return "'" + text + "'";
}

std::optional<Location> find_location(const Locations& locations, std::string_view key) {
  while (!key.empty()) {
    if (const auto it = locations.find(key); it != locations.end()) return it->second;
    const auto cut = key.find_last_of(".[");
    key = cut == std::string_view::npos ? std::string_view() : key.substr(0, cut);
  }
  return std::nullopt;
}

namespace {

// Walks visit_config() over the YAML tree, one map ("frame") at a time.
class Reader {
 public:
  Reader(std::vector<Diagnostic>& diagnostics, Locations& locations)
      : diagnostics_(diagnostics), locations_(locations) {}

  // Reads the whole document into `config`.
  void read(const YAML::Node& root, Config& config) {
    frames_.push_back({"", root, {}});
    visit_config(*this, config);
    finish_frame();
  }

  template <class T>
  void field(std::string_view key, T& value) {
    read_value(key, value, /*required=*/false);
  }
  template <class T>
  void required(std::string_view key, T& value) {
    read_value(key, value, /*required=*/true);
  }

  template <class F>
  void section(std::string_view key, F body) {
    const YAML::Node node = lookup(key);
    const std::string path = path_of(key);
    if (node.IsDefined() && !node.IsNull() && !node.IsMap()) {
      error(path, "expected a map of keys, got " + quoted(node),
            "indent the keys of " + std::string(key) + " under it");
    }
    frames_.push_back({path, node.IsMap() ? node : YAML::Node(), {}});
    body();
    finish_frame();
  }

  template <class E, class F>
  void list(std::string_view key, std::vector<E>& entries, F body) {
    const YAML::Node node = lookup(key);
    if (!node.IsDefined()) return;
    const std::string path = path_of(key);
    if (!node.IsNull() && !node.IsSequence()) {
      error(path, "expected a list of maps, got " + quoted(node),
            "write one '- key: value' entry per line under " + std::string(key));
      return;
    }
    entries.clear();
    for (std::size_t i = 0; i < node.size(); ++i) {
      const YAML::Node item = node[i];
      const std::string item_path = path + "[" + std::to_string(i) + "]";
      if (const auto where = location_of(item.Mark())) locations_[item_path] = *where;
      if (!item.IsMap()) {
        error(item_path, "expected a map, got " + quoted(item),
              "write the entry as '- key: value' lines");
        entries.push_back(default_entry<E>());  // keeps later entries at their file index
        continue;
      }
      E entry = default_entry<E>();
      frames_.push_back({item_path, item, {}});
      body(entry);
      finish_frame();
      entries.push_back(entry);
    }
  }

 private:
  struct Frame {
    std::string path;
    YAML::Node node;  // a map, or undefined when the section is absent or broken
    std::vector<std::string> known;
  };

  std::string path_of(std::string_view key) const {
    const std::string& prefix = frames_.back().path;
    return prefix.empty() ? std::string(key) : prefix + "." + std::string(key);
  }

  // Marks `key` as known in the current map and returns its value node (undefined if absent).
  YAML::Node lookup(std::string_view key) {
    Frame& frame = frames_.back();
    frame.known.emplace_back(key);
    if (!frame.node.IsMap()) return YAML::Node(YAML::NodeType::Undefined);
    for (const auto& entry : frame.node) {
      if (entry.first.IsScalar() && entry.first.Scalar() == key) {
        if (const auto where = location_of(entry.first.Mark())) locations_[path_of(key)] = *where;
        return entry.second;
      }
    }
    return YAML::Node(YAML::NodeType::Undefined);
  }

  template <class T>
  void read_value(std::string_view key, T& value, bool required) {
    const YAML::Node node = lookup(key);
    const std::string path = path_of(key);
    if (!node.IsDefined()) {
      if (required && frames_.back().node.IsMap()) {
        error(path, "missing", "add '" + std::string(key) + ": <value>' to this entry");
      }
      return;
    }
    decode(path, node, value, required);
  }

  // Scalars: bool, int, double.
  template <class T>
  void decode(const std::string& path, const YAML::Node& node, T& value, bool required) {
    T decoded{};
    if (node.IsScalar() && YAML::convert<T>::decode(node, decoded)) {
      value = decoded;
      return;
    }
    error(path, std::string("expected ") + kind_of<T>() + ", got " + quoted(node),
          fix_with_default(path, value, required));
  }

  // Settings that may be absent (entries of engine.overrides): absent stays nullopt.
  template <class T>
  void decode(const std::string& path, const YAML::Node& node, std::optional<T>& value, bool) {
    T decoded{};
    const std::size_t before = diagnostics_.size();
    decode(path, node, decoded, /*required=*/true);
    if (diagnostics_.size() == before) value = decoded;
  }

  void decode(const std::string& path, const YAML::Node& node, std::string& value, bool required) {
    if (node.IsNull()) {
      value.clear();
    } else if (node.IsScalar()) {
      value = node.Scalar();
    } else {
      error(path, "expected text, got " + quoted(node), fix_with_default(path, value, required));
    }
  }

  template <NamedEnum E>
  void decode(const std::string& path, const YAML::Node& node, E& value, bool) {
    if (node.IsScalar()) {
      if (const auto parsed = parse_enum<E>(node.Scalar()); parsed && accepted_in_config(*parsed)) {
        value = *parsed;
        return;
      }
    }
    error(path, "unknown value " + quoted(node), enum_fix<E>(node));
  }

  template <class T>
  void decode(const std::string& path, const YAML::Node& node, std::vector<T>& values, bool) {
    if (node.IsNull()) {  // "key:" with every entry commented out
      values.clear();
      return;
    }
    if (!node.IsSequence()) {
      error(path, "expected a list, got " + quoted(node),
            "write it as [a, b] or as '- a' lines (default: " + as_text(values) + ")");
      return;
    }
    // Items that fail are left out, so validation names list items by value, not index.
    std::vector<T> decoded;
    for (std::size_t i = 0; i < node.size(); ++i) {
      const std::string item_path = path + "[" + std::to_string(i) + "]";
      if (const auto where = location_of(node[i].Mark())) locations_[item_path] = *where;
      T item{};
      const std::size_t before = diagnostics_.size();
      decode(item_path, node[i], item, true);
      if (diagnostics_.size() == before) decoded.push_back(std::move(item));
    }
    values = std::move(decoded);
  }

  template <class T>
  static const char* kind_of() {
    if constexpr (std::is_same_v<T, bool>) return "true or false";
    if constexpr (std::is_same_v<T, int>) return "a whole number";
    return "a number";
  }

  template <class T>
  static std::string fix_with_default(const std::string& path, const T& current, bool required) {
    const std::string key = path.substr(path.rfind('.') + 1);
    if (required) return "give " + key + " a value of that kind";
    return "write a value of that kind, or delete the line to use the default (" +
           as_text(current) + ")";
  }

  template <NamedEnum E>
  static std::string enum_fix(const YAML::Node& node) {
    const std::vector<std::string> candidates = accepted_names<E>();
    std::string fix = "use one of " + join(candidates);
    if (node.IsScalar()) {
      if (const auto close = closest_match(node.Scalar(), candidates)) {
        fix = "did you mean " + *close + "? " + fix;
      }
    }
    if constexpr (std::is_same_v<E, Speed>) {
      const auto speed = node.IsScalar() ? lichess::parse_speed(node.Scalar()) : std::nullopt;
      if (speed && !lichess::bots_may_play(*speed)) {
        fix = "remove it: Lichess does not let bots play " + node.Scalar() + "; " + fix;
      }
    }
    return fix;
  }

  // Reports keys of the current map that the schema did not ask for, and duplicates.
  void finish_frame() {
    const Frame frame = std::move(frames_.back());
    frames_.pop_back();
    if (!frame.node.IsMap()) return;
    std::vector<std::string> seen;
    for (const auto& entry : frame.node) {
      const std::optional<Location> where = location_of(entry.first.Mark());
      if (!entry.first.IsScalar()) {
        diagnostics_.push_back({Severity::kError, frame.path, "a key must be plain text",
                                "write keys as 'name: value'", where});
        continue;
      }
      const std::string& key = entry.first.Scalar();
      const std::string path = frame.path.empty() ? key : frame.path + "." + key;
      if (path == "token" || looks_like_token(key)) {
        // Never echo it: a secret that must not be in this file at all.
        diagnostics_.push_back(
            {Severity::kError, key == "token" ? path : frame.path,
             "the token must not be in the config file (it was ignored)",
             "delete the line, revoke the token on the server if the file was shared, and "
             "provide it through LICHESS_BOT_TOKEN, token_file or the systemd credential 'token'",
             where});
        continue;
      }
      if (std::ranges::find(seen, key) != seen.end()) {
        diagnostics_.push_back({Severity::kError, path, "duplicate key (the first one is used)",
                                "keep only one " + key + " line", where});
        continue;
      }
      seen.push_back(key);
      if (std::ranges::find(frame.known, key) != frame.known.end()) continue;
      // A misspelt key of an engine override would quietly play with other settings.
      const bool in_override = frame.path.starts_with("engine.overrides[");
      diagnostics_.push_back({in_override ? Severity::kError : Severity::kWarning, path,
                              in_override ? "unknown key" : "unknown key, ignored",
                              unknown_key_fix(path, frame.known), where});
    }
  }

  void error(const std::string& path, std::string message, std::string fix) {
    diagnostics_.push_back({Severity::kError, path, std::move(message), std::move(fix),
                            find_location(locations_, path)});
  }

  std::vector<Diagnostic>& diagnostics_;
  Locations& locations_;
  std::vector<Frame> frames_;
};

}  // namespace

void read_config(const YAML::Node& root, Config& config, std::vector<Diagnostic>& diagnostics,
                 Locations& locations) {
  Reader(diagnostics, locations).read(root, config);
}

}  // namespace config
