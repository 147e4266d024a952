// SPDX-License-Identifier: GPL-3.0-or-later
#include "server/test_hooks.h"

#include "lichess/error_body.h"

#include <charconv>
#include <chrono>

namespace server {
namespace {

constexpr std::pair<std::string_view, HookAction> kActions[] = {
    {"drop", HookAction::kDrop},           {"silent", HookAction::kSilent},
    {"malformed", HookAction::kMalformed}, {"status", HookAction::kStatus},
    {"slow", HookAction::kSlow},
};

std::string_view action_name(HookAction a) {
  for (auto [name, action] : kActions)
    if (action == a) return name;
  return "status";
}

std::expected<int, std::string> to_int(std::string_view key, std::string_view text, int min,
                                       int max) {
  int value = 0;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || error != std::errc() || end != text.data() + text.size() || value < min ||
      value > max)
    return std::unexpected("hook " + std::string(key) + ": '" + std::string(text) +
                           "' is not a number in " + std::to_string(min) + ".." +
                           std::to_string(max));
  return value;
}

// Applies one key=value to a rule.
std::expected<void, std::string> set_field(HookRule& rule, std::string_view key,
                                           std::string_view value, bool& has_action) {
  auto set_int = [&](int& target, int min, int max) -> std::expected<void, std::string> {
    auto v = to_int(key, value, min, max);
    if (!v) return std::unexpected(v.error());
    target = *v;
    return {};
  };
  if (key == "action") {
    for (auto [name, action] : kActions) {
      if (name == value) {
        rule.action = action;
        has_action = true;
        return {};
      }
    }
    return std::unexpected("hook action '" + std::string(value) +
                           "' is not one of drop, silent, malformed, status, slow");
  }
  if (key == "path") {
    if (value.empty() || value.front() != '/')
      return std::unexpected("hook path must start with '/'");
    rule.path = std::string(value);
    return {};
  }
  if (key == "method") {
    if (value != "GET" && value != "POST" && !value.empty())
      return std::unexpected("hook method must be GET or POST");
    rule.method = std::string(value);
    return {};
  }
  if (key == "html") {
    if (value != "true" && value != "false")
      return std::unexpected("hook html must be true or false");
    rule.html = value == "true";
    return {};
  }
  if (key == "after") return set_int(rule.after, 0, 1000000);
  if (key == "code") return set_int(rule.code, 400, 599);
  if (key == "seconds") return set_int(rule.seconds, 0, 86400);
  if (key == "ms") return set_int(rule.ms, 0, 600000);
  if (key == "times") {
    if (value == "0") return std::unexpected("hook times must be -1 (always) or at least 1");
    return set_int(rule.times, -1, 1000000);
  }
  return std::unexpected("unknown hook key '" + std::string(key) +
                         "'; keys are action, path, method, after, code, seconds, html, ms, times");
}

}  // namespace

std::expected<HookRule, std::string> parse_hook_rule(std::string_view spec) {
  HookRule rule;
  bool has_action = false;
  while (!spec.empty()) {
    std::size_t comma = spec.find(',');
    std::string_view item = spec.substr(0, comma);
    spec = comma == std::string_view::npos ? std::string_view() : spec.substr(comma + 1);
    std::size_t eq = item.find('=');
    if (eq == std::string_view::npos)
      return std::unexpected("hook item '" + std::string(item) + "' is not key=value");
    if (auto ok = set_field(rule, item.substr(0, eq), item.substr(eq + 1), has_action); !ok)
      return std::unexpected(ok.error());
  }
  if (!has_action) return std::unexpected("hook needs action=drop|silent|malformed|status|slow");
  return rule;
}

std::expected<HookRule, std::string> hook_rule_from_json(const nlohmann::json& j) {
  if (!j.is_object()) return std::unexpected("a hook must be a JSON object");
  HookRule rule;
  bool has_action = false;
  for (const auto& [key, value] : j.items()) {
    std::string text;
    if (value.is_string())
      text = value.get<std::string>();
    else if (value.is_number_integer() || value.is_boolean())
      text = value.dump();
    else
      return std::unexpected("hook " + key + ": expected a string, number or boolean");
    if (auto ok = set_field(rule, key, text, has_action); !ok) return std::unexpected(ok.error());
  }
  if (!has_action) return std::unexpected("hook needs action=drop|silent|malformed|status|slow");
  return rule;
}

nlohmann::json hook_rule_to_json(const HookRule& rule) {
  return {{"action", action_name(rule.action)},
          {"path", rule.path},
          {"method", rule.method},
          {"after", rule.after},
          {"code", rule.code},
          {"seconds", rule.seconds},
          {"html", rule.html},
          {"ms", rule.ms},
          {"times", rule.times}};
}

std::string hook_status_body(const HookRule& rule, std::string& content_type) {
  if (rule.html) {
    content_type = "text/html; charset=utf-8";
    const std::string title =
        rule.code == 429 ? "Too many requests" : "Server error " + std::to_string(rule.code);
    return "<!DOCTYPE html><html><head><title>" + title + "</title></head><body><h1>" + title +
           "</h1><p>Please try again later.</p></body></html>\n";
  }
  content_type = "application/json";
  if (rule.code == 429) {
    return lichess::error_body_json(
               "Too many requests. Try again later.",
               lichess::RateLimit{"paxbot.test", std::chrono::seconds(rule.seconds)})
        .dump();
  }
  return lichess::error_body_json("Server error " + std::to_string(rule.code) + " (test hook)")
      .dump();
}

void TestHooks::add(HookRule rule) {
  std::lock_guard lock(mutex_);
  rules_.push_back(std::move(rule));
}

void TestHooks::clear() {
  std::lock_guard lock(mutex_);
  rules_.clear();
}

std::vector<HookRule> TestHooks::rules() const {
  std::lock_guard lock(mutex_);
  return rules_;
}

std::optional<HookRule> TestHooks::take_request_fault(std::string_view method,
                                                      std::string_view path) {
  return take(method, path, false);
}

std::optional<HookRule> TestHooks::take_stream_fault(std::string_view path) {
  return take("GET", path, true);
}

std::optional<HookRule> TestHooks::take(std::string_view method, std::string_view path,
                                        bool stream) {
  std::lock_guard lock(mutex_);
  for (auto it = rules_.begin(); it != rules_.end(); ++it) {
    const bool stream_rule = it->action == HookAction::kDrop || it->action == HookAction::kSilent ||
                             it->action == HookAction::kMalformed;
    if (stream_rule != stream || !path.starts_with(it->path)) continue;
    if (!it->method.empty() && it->method != method) continue;
    HookRule rule = *it;
    if (it->times > 0 && --it->times == 0) rules_.erase(it);
    return rule;
  }
  return std::nullopt;
}

}  // namespace server
