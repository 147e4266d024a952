// SPDX-License-Identifier: GPL-3.0-or-later
// Test hooks: faults the server injects on request, for the daemon's fault tests.
// Off unless switched on (serve --hook / --test-hooks, or the loopback-only control
// endpoint /_test/hooks). A rule matches requests by path prefix (and optionally
// method) and applies a number of times or until cleared. TestHooks is thread-safe.
#pragma once

#include <expected>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace server {

enum class HookAction {
  kDrop,       // stream: close the connection abruptly after `after` data lines
  kSilent,     // stream: after `after` data lines send nothing (not even keep-alives)
  kMalformed,  // stream: after `after` data lines emit one line of broken JSON
  kStatus,     // answer with `code` (429 with ratelimit.seconds, or 5xx), JSON or HTML body
  kSlow,       // wait `ms` before handling the request
};

struct HookRule {
  HookAction action = HookAction::kStatus;
  std::string path = "/";  // request path prefix
  std::string method;      // GET or POST; empty matches both
  int after = 0;
  int code = 429;
  int seconds = 60;  // 429: ratelimit.seconds and Retry-After
  bool html = false;
  int ms = 0;
  int times = -1;  // remaining applications; -1 = until cleared
};

// "action=drop,path=/api/stream/event,after=3,times=1" (keys as in HookRule; action is
// drop, silent, malformed, status or slow). Errors name the bad key.
std::expected<HookRule, std::string> parse_hook_rule(std::string_view spec);
// The same keys as a JSON object: {"action":"status","path":"/api/challenge/","code":429}.
std::expected<HookRule, std::string> hook_rule_from_json(const nlohmann::json& j);
nlohmann::json hook_rule_to_json(const HookRule& rule);

// The response body a Status rule sends, and its content type.
std::string hook_status_body(const HookRule& rule, std::string& content_type);

class TestHooks {
 public:
  void add(HookRule rule);
  void clear();
  std::vector<HookRule> rules() const;
  // The first Status or Slow rule matching the request; uses up one application.
  std::optional<HookRule> take_request_fault(std::string_view method, std::string_view path);
  // The first Drop, Silent or Malformed rule matching a stream request.
  std::optional<HookRule> take_stream_fault(std::string_view path);

 private:
  std::optional<HookRule> take(std::string_view method, std::string_view path, bool stream);

  mutable std::mutex mutex_;
  std::vector<HookRule> rules_;
};

}  // namespace server
