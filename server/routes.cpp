// SPDX-License-Identifier: GPL-3.0-or-later
#include "server/routes.h"

#include <thread>

#include "server/web_routes.h"

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

// Who may call an endpoint: the Bot API and the Board API share their handlers and
// differ only in this check.
enum class AccountKind { kAny, kBot, kHuman };
struct PlayApi {
  const char* prefix;  // "/api/bot" or "/api/board"
  AccountKind kind;
};
constexpr PlayApi kPlayApis[] = {{"/api/bot", AccountKind::kBot},
                                 {"/api/board", AccountKind::kHuman}};

void send_json(Response& res, int status, const json& body) {
  res.status = status;
  res.set_content(body.dump(), "application/json");
}
void send_error(Response& res, const ApiError& e) {
  send_json(res, e.status, e.body());
}
void send_ok(Response& res) {
  send_json(res, 200, {{"ok", true}});
}

template <typename T>
void send_result(Response& res, const Result<T>& r) {
  if (!r) return send_error(res, r.error());
  if constexpr (std::is_same_v<T, void>)
    send_ok(res);
  else
    send_json(res, 200, *r);
}

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

// Query parameters and the form (urlencoded or JSON) body, by name.
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

// Everything the handlers share.
struct Context {
  ServerState& state;
  TestHooks& hooks;
  RouteOptions options;

  using AuthedHandler = std::function<void(const Request&, Response&, const Caller&)>;
  // Wraps a handler that needs a token and, unless kind is Any, a bot account (Bot API)
  // or an account without the bot flag (Board API).
  httplib::Server::Handler authed(AuthedHandler f, AccountKind kind = AccountKind::kAny) {
    return [this, f = std::move(f), kind](const Request& req, Response& res) {
      auto caller = state.authenticate(req.get_header_value("Authorization"));
      if (!caller) return send_error(res, caller.error());
      if (kind == AccountKind::kBot && !caller->bot)
        return send_error(res, ApiError{400, kBotOnly});
      if (kind == AccountKind::kHuman && caller->bot)
        return send_error(res, ApiError{400, kBoardOnly});
      f(req, res, *caller);
    };
  }

  void stream(Response& res, const Request& req, std::shared_ptr<StreamChannel> channel,
              std::function<void()> release) {
    res.set_header("Cache-Control", "no-cache");
    res.set_chunked_content_provider(
        "application/x-ndjson",
        ndjson_provider(channel, options.keepalive,
                        stream_fault(hooks, options.test_hooks, req.path)),
        [release = std::move(release)](bool) { release(); });
  }
};

void register_account_routes(httplib::Server& http, Context& cx) {
  ServerState& st = cx.state;
  http.Get("/api/account", cx.authed([&st](const Request&, Response& res, const Caller& me) {
    send_json(res, 200, st.account(me.id));
  }));
  http.Post("/api/bot/account/upgrade",
            cx.authed([&st](const Request&, Response& res, const Caller& me) {
              send_result(res, st.upgrade(me.id));
            }));
  http.Post("/api/token/test", [&st](const Request& req, Response& res) {
    send_result(res, st.token_test(req.body));
  });
  http.Get("/api/account/playing",
           cx.authed([&st](const Request& req, Response& res, const Caller& me) {
             auto nb = int_param(req, "nb", 9, 1, 50);
             if (!nb) return send_error(res, nb.error());
             send_json(res, 200, st.playing(me.id, *nb));
           }));
  http.Get("/api/bot/online", [&st](const Request& req, Response& res) {
    auto nb = int_param(req, "nb", 100, 1, 512);
    if (!nb) return send_error(res, nb.error());
    std::string body;
    for (const json& user : st.online_bots(*nb)) body += user.dump() + "\n";
    res.set_content(body, "application/x-ndjson");
  });
  http.Get("/api/users/status", [&st](const Request& req, Response& res) {
    send_result(res, st.users_status(req.get_param_value("ids"),
                                     req.get_param_value("withGameIds") == "true"));
  });
  http.Get(R"(/api/user/([^/]+))",
           [&st](const Request& req, Response& res) { send_result(res, st.user(req.matches[1])); });
  http.Get(R"(/game/export/([^/]+))", [&st](const Request& req, Response& res) {
    const bool as_json =
        req.get_header_value("Accept").find("application/json") != std::string::npos;
    auto exported =
        st.export_game(req.matches[1], as_json, req.get_param_value("clocks") == "true");
    if (!exported) return send_error(res, exported.error());
    res.set_content(exported->body, exported->content_type.c_str());
  });
}

void register_stream_routes(httplib::Server& http, Context& cx) {
  ServerState& st = cx.state;
  http.Get("/api/stream/event",
           cx.authed([&st, &cx](const Request& req, Response& res, const Caller& me) {
             auto channel = st.open_event_stream(me.id);
             cx.stream(res, req, channel,
                       [&st, id = me.id, channel] { st.release_event_stream(id, channel); });
           }));
  for (const PlayApi& api : kPlayApis) {
    http.Get(std::string(api.prefix) + R"(/game/stream/([^/]+))",
             cx.authed(
                 [&st, &cx](const Request& req, Response& res, const Caller& me) {
                   const std::string id = req.matches[1];
                   auto channel =
                       st.open_game_stream(me.id, id, req.get_header_value("User-Agent"));
                   if (!channel) return send_error(res, channel.error());
                   cx.stream(res, req, *channel,
                             [&st, id, ch = *channel] { st.release_game_stream(id, ch); });
                 },
                 api.kind));
  }
}

void register_game_routes(httplib::Server& http, Context& cx, const PlayApi& api) {
  ServerState& st = cx.state;
  const std::string game = std::string(api.prefix) + R"(/game/([^/]+))";
  http.Post(game + R"(/move/([^/]+))",
            cx.authed(
                [&st](const Request& req, Response& res, const Caller& me) {
                  auto fields = request_fields(req);
                  if (!fields) return send_error(res, fields.error());
                  auto offering = parse_bool_field(*fields, "offeringDraw", false);
                  if (!offering) return send_error(res, offering.error());
                  send_result(res, st.move(me.id, req.matches[1], req.matches[2], *offering));
                },
                api.kind));
  http.Post(game + "/chat", cx.authed(
                                [&st](const Request& req, Response& res, const Caller& me) {
                                  auto fields = request_fields(req);
                                  if (!fields) return send_error(res, fields.error());
                                  auto room = fields->contains("room") ? fields->at("room")
                                                                       : std::string("player");
                                  auto text = fields->contains("text") ? fields->at("text") : "";
                                  send_result(res, st.chat(me.id, req.matches[1], room, text));
                                },
                                api.kind));
  http.Get(game + "/chat", cx.authed(
                               [&st](const Request& req, Response& res, const Caller& me) {
                                 send_result(res, st.chat_log(me.id, req.matches[1]));
                               },
                               api.kind));
  using Command = Result<void> (ServerState::*)(const std::string&, const std::string&);
  for (auto [name, command] : {std::pair<const char*, Command>{"abort", &ServerState::abort},
                               {"resign", &ServerState::resign},
                               {"claim-victory", &ServerState::claim_victory},
                               {"claim-draw", &ServerState::claim_draw}}) {
    http.Post(game + "/" + name,
              cx.authed(
                  [&st, command](const Request& req, Response& res, const Caller& me) {
                    send_result(res, (st.*command)(me.id, req.matches[1]));
                  },
                  api.kind));
  }
  using Offer = Result<void> (ServerState::*)(const std::string&, const std::string&, bool);
  for (auto [name, offer] : {std::pair<const char*, Offer>{"draw", &ServerState::draw},
                             {"takeback", &ServerState::takeback}}) {
    http.Post(game + "/" + name + "/([^/]+)",
              cx.authed(
                  [&st, offer](const Request& req, Response& res, const Caller& me) {
                    auto yes = yes_no(req.matches[2]);
                    if (!yes) return send_error(res, yes.error());
                    send_result(res, (st.*offer)(me.id, req.matches[1], *yes));
                  },
                  api.kind));
  }
  http.Post(game + "/berserk", cx.authed(
                                   [](const Request&, Response& res, const Caller&) {
                                     send_error(res, ApiError{400, "Cannot berserk"});
                                   },
                                   api.kind));
}

void register_challenge_routes(httplib::Server& http, Context& cx) {
  ServerState& st = cx.state;
  http.Get("/api/challenge", cx.authed([&st](const Request&, Response& res, const Caller& me) {
    send_json(res, 200, st.list_challenges(me.id));
  }));
  http.Get(R"(/api/challenge/([^/]+)/show)",
           cx.authed([&st](const Request& req, Response& res, const Caller&) {
             send_result(res, st.show_challenge(req.matches[1]));
           }));
  http.Post(R"(/api/challenge/([^/]+)/accept)",
            cx.authed([&st](const Request& req, Response& res, const Caller& me) {
              send_result(res, st.accept_challenge(me.id, req.matches[1]));
            }));
  http.Post(R"(/api/challenge/([^/]+)/decline)",
            cx.authed([&st](const Request& req, Response& res, const Caller& me) {
              auto fields = request_fields(req);
              if (!fields) return send_error(res, fields.error());
              auto reason = fields->contains("reason") ? fields->at("reason") : "generic";
              send_result(res, st.decline_challenge(me.id, req.matches[1], reason));
            }));
  http.Post(R"(/api/challenge/([^/]+)/cancel)",
            cx.authed([&st](const Request& req, Response& res, const Caller& me) {
              send_result(res, st.cancel_challenge(me.id, req.matches[1]));
            }));
  http.Post(R"(/api/challenge/([^/]+))",
            cx.authed([&st, &cx](const Request& req, Response& res, const Caller& me) {
              auto fields = request_fields(req);
              if (!fields) return send_error(res, fields.error());
              auto created = st.create_challenge(me.id, req.matches[1], *fields);
              if (!created) return send_error(res, created.error());
              if (!created->stream) return send_json(res, 200, created->challenge);
              const std::string id = created->challenge["id"];
              cx.stream(res, req, created->stream,
                        [&st, id, ch = created->stream] { st.release_challenge_stream(id, ch); });
            }));
}

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
              cx.options.manual_clock->advance(*ms);
              cx.state.tick();
              send_json(res, 200, {{"ok", true}, {"now", cx.options.manual_clock->now_ms()}});
            }));
}

}  // namespace

bool is_loopback_address(const std::string& address) {
  return address.starts_with("127.") || address == "::1" || address.starts_with("::ffff:127.") ||
         address == "localhost";
}

void register_routes(httplib::Server& http, ServerState& state, TestHooks& hooks,
                     const RouteOptions& options) {
  // The handlers refer to one shared context, owned by the error handler below.
  auto cx = std::make_shared<Context>(Context{state, hooks, options});
  register_account_routes(http, *cx);
  register_stream_routes(http, *cx);
  for (const PlayApi& api : kPlayApis) register_game_routes(http, *cx, api);
  register_challenge_routes(http, *cx);
  register_web_routes(http, state, WebRouteOptions{options.keepalive, options.web_files});
  if (options.test_hooks) {
    register_test_routes(http, *cx);
    http.set_pre_routing_handler([cx](const Request& req, Response& res) {
      if (req.path.starts_with("/_test/")) return httplib::Server::HandlerResponse::Unhandled;
      auto rule = cx->hooks.take_request_fault(req.method, req.path);
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
  // The error handler also keeps the shared context alive as long as the server.
  http.set_error_handler([cx](const Request&, Response& res) {
    if (!res.body.empty()) return;
    std::string message = res.status == 404   ? "Not found"
                          : res.status == 413 ? "Request body too large"
                          : res.status == 400 ? "Bad request"
                                              : "HTTP error " + std::to_string(res.status);
    send_json(res, res.status, lichess::error_body_json(message));
  });
  http.set_exception_handler([](const Request&, Response& res, std::exception_ptr) {
    send_json(res, 500, lichess::error_body_json("Internal server error"));
  });
}

}  // namespace server
