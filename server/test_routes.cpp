// SPDX-License-Identifier: GPL-3.0-or-later
#include "server/test_routes.h"

#include <chrono>
#include <thread>
#include <vector>

#include "server/replies.h"

namespace server {
namespace {

using httplib::Request;
using httplib::Response;
using json = nlohmann::json;

}  // namespace

void register_test_routes(httplib::Server& http, Context& cx) {
  auto local_only = [](auto f) {
    return [f](const Request& req, Response& res) {
      if (!is_loopback_address(req.remote_addr))
        return send_error(res, ApiError{403, "Test endpoints answer loopback clients only"});
      f(req, res);
    };
  };
  http.Get("/_test/hooks", local_only([&cx](const Request&, Response& res) {
             json rules = json::array();
             for (const HookRule& r : cx.hooks.rules()) rules.push_back(hook_rule_to_json(r));
             send_json(res, 200, rules);
           }));
  http.Post("/_test/hooks", local_only([&cx](const Request& req, Response& res) {
              json body = json::parse(req.body, nullptr, false);
              if (body.is_discarded()) return send_error(res, ApiError{400, "Invalid JSON body"});
              std::vector<HookRule> rules;
              for (const json& item : body.is_array() ? body : json::array({body})) {
                auto rule = hook_rule_from_json(item);
                if (!rule) return send_error(res, ApiError{400, rule.error()});
                rules.push_back(*rule);
              }
              for (HookRule& r : rules) cx.hooks.add(std::move(r));
              send_ok(res);
            }));
  http.Delete("/_test/hooks", local_only([&cx](const Request&, Response& res) {
                cx.hooks.clear();
                send_ok(res);
              }));
  http.Get("/_test/streams", local_only([&cx](const Request&, Response& res) {
             send_json(res, 200, cx.state.game_stream_counts());
           }));
  http.Get("/_test/posts", local_only([&cx](const Request&, Response& res) {
             send_json(res, 200, cx.state.post_log());
           }));
  http.Post("/_test/tick", local_only([&cx](const Request&, Response& res) {
              cx.state.tick();
              send_ok(res);
            }));
  http.Post("/_test/clock/advance", local_only([&cx](const Request& req, Response& res) {
              if (!cx.options.manual_clock)
                return send_error(res, ApiError{400, "The server runs on the real clock"});
              auto ms = int_param(req, "ms", 0, 0, 1000000000);
              if (!ms) return send_error(res, ms.error());
              cx.options.manual_clock->advance(std::chrono::milliseconds(*ms));
              cx.state.tick();
              send_json(res, 200, {{"ok", true}, {"now", cx.options.manual_clock->now_ms()}});
            }));
  http.set_pre_routing_handler([&cx](const Request& req, Response& res) {
    if (req.path.starts_with("/_test/")) return httplib::Server::HandlerResponse::Unhandled;
    auto rule = cx.hooks.take_request_fault(req.method, req.path);
    if (!rule) return httplib::Server::HandlerResponse::Unhandled;
    if (rule->action == HookAction::kSlow) {
      std::this_thread::sleep_for(std::chrono::milliseconds(rule->ms));
      return httplib::Server::HandlerResponse::Unhandled;
    }
    std::string type;
    res.status = rule->code;
    if (rule->code == 429) res.set_header("Retry-After", std::to_string(rule->seconds));
    const std::string body = hook_status_body(*rule, type);
    res.set_content(body, type.c_str());
    return httplib::Server::HandlerResponse::Handled;
  });
}

}  // namespace server
