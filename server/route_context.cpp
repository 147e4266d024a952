// SPDX-License-Identifier: GPL-3.0-or-later
#include "server/route_context.h"

#include <exception>

#include "server/replies.h"

namespace server {
namespace {

using httplib::Request;
using httplib::Response;
using json = nlohmann::json;

constexpr const char* kBotOnly =
    "This endpoint can only be used with a Bot account. See "
    "https://lichess.org/api#operation/botAccountUpgrade";
constexpr const char* kBoardOnly =
    "This endpoint cannot be used with a Bot account: bots play through /api/bot/";

// Flattens a JSON body into form fields: {"clock":{"limit":60}} -> clock.limit=60.
void flatten(const json& j, const std::string& prefix, FormFields& out) {
  for (const auto& [key, value] : j.items()) {
    const std::string name = prefix.empty() ? key : prefix + "." + key;
    if (value.is_object())
      flatten(value, name, out);
    else if (value.is_string())
      out[name] = value.get<std::string>();
    else
      out[name] = value.dump();
  }
}

StreamFault stream_fault(TestHooks& hooks, bool enabled, const std::string& path) {
  if (!enabled) return {};
  auto rule = hooks.take_stream_fault(path);
  if (!rule) return {};
  StreamFault fault;
  fault.after_lines = rule->after;
  if (rule->action == HookAction::kDrop) fault.kind = StreamFault::Kind::kDrop;
  if (rule->action == HookAction::kSilent) fault.kind = StreamFault::Kind::kSilent;
  if (rule->action == HookAction::kMalformed) fault.kind = StreamFault::Kind::kMalformed;
  return fault;
}

}  // namespace

Result<FormFields> request_fields(const Request& req) {
  FormFields fields;
  for (const auto& [key, value] : req.params) fields[key] = value;
  const std::string type = req.get_header_value("Content-Type");
  if (type.starts_with("application/json") && !req.body.empty()) {
    json body = json::parse(req.body, nullptr, false);
    if (body.is_discarded() || !body.is_object())
      return bad_request("The body is not a JSON object");
    flatten(body, "", fields);
  } else if (type.starts_with("application/x-www-form-urlencoded") && !req.body.empty()) {
    httplib::Params params;
    httplib::detail::parse_query_text(req.body, params);
    for (const auto& [key, value] : params) fields[key] = value;
  }
  return fields;
}

Result<bool> yes_no(const std::string& text) {
  if (text == "yes" || text == "true") return true;
  if (text == "no" || text == "false") return false;
  return bad_request("accept: expected yes or no, not '" + text.substr(0, 20) + "'");
}

Result<int> int_param(const Request& req, const std::string& name, int fallback, int min, int max) {
  if (!req.has_param(name)) return fallback;
  const std::string text = req.get_param_value(name);
  try {
    std::size_t used = 0;
    int value = std::stoi(text, &used);
    if (used == text.size() && value >= min && value <= max) return value;
  } catch (const std::exception&) {
  }
  return bad_request(name + ": expected a whole number in " + std::to_string(min) + ".." +
                     std::to_string(max));
}

httplib::Server::Handler Context::authed(AuthedHandler f, AccountKind kind) {
  return [this, f = std::move(f), kind](const Request& req, Response& res) {
    auto caller = state.authenticate(req.get_header_value("Authorization"));
    if (!caller) return send_error(res, caller.error());
    if (kind == AccountKind::kBot && !caller->bot) return send_error(res, ApiError{400, kBotOnly});
    if (kind == AccountKind::kHuman && caller->bot)
      return send_error(res, ApiError{400, kBoardOnly});
    f(req, res, *caller);
  };
}

void Context::stream(Response& res, const Request& req, std::shared_ptr<StreamChannel> channel,
                     std::function<void()> release) {
  send_stream(res, std::move(channel), options.keepalive,
              stream_fault(hooks, options.test_hooks, req.path), std::move(release));
}

}  // namespace server
