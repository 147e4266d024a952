// SPDX-License-Identifier: GPL-3.0-or-later
#include "server/routes.h"

#include "server/replies.h"
#include "server/route_context.h"
#include "server/test_routes.h"
#include "server/web_routes.h"

namespace server {
namespace {

using httplib::Request;
using httplib::Response;
using json = nlohmann::json;

struct PlayApi {
  const char* prefix;  // "/api/bot" or "/api/board"
  AccountKind kind;
};
constexpr PlayApi kPlayApis[] = {{"/api/bot", AccountKind::kBot},
                                 {"/api/board", AccountKind::kHuman}};

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
  if (options.test_hooks) register_test_routes(http, *cx);
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
