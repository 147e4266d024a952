// SPDX-License-Identifier: GPL-3.0-or-later
// What the Lichess API handlers (routes.cpp) and the test endpoints (test_routes.cpp)
// share: query parameters and form or JSON bodies read into checked values, and the
// Context of every handler (the state, the test hooks, the route options) with its token
// check and its NDJSON streaming.
//
// Thread contract: handlers run on cpp-httplib's worker threads. The Context only refers
// to ServerState and TestHooks, which lock for themselves, and its options are fixed
// before the server starts.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include <httplib.h>

#include "server/challenges.h"
#include "server/errors.h"
#include "server/routes.h"
#include "server/state.h"
#include "server/streams.h"
#include "server/test_hooks.h"

namespace server {

// Query parameters and the form (urlencoded or JSON) body, by name; nested JSON objects
// are flattened to dotted names ({"clock":{"limit":60}} -> clock.limit=60).
Result<FormFields> request_fields(const httplib::Request& req);
// "yes"/"true" or "no"/"false".
Result<bool> yes_no(const std::string& text);
// The whole-number query parameter `name` in [min, max], or fallback when it is absent.
Result<int> int_param(const httplib::Request& req, const std::string& name, int fallback, int min,
                      int max);

// Who may call an endpoint: the Bot API and the Board API share their handlers and
// differ only in this check.
enum class AccountKind { kAny, kBot, kHuman };

struct Context {
  ServerState& state;
  TestHooks& hooks;
  RouteOptions options;

  using AuthedHandler =
      std::function<void(const httplib::Request&, httplib::Response&, const Caller&)>;
  // Wraps a handler that needs a token and, unless kind is kAny, a bot account (Bot API)
  // or an account without the bot flag (Board API).
  httplib::Server::Handler authed(AuthedHandler f, AccountKind kind = AccountKind::kAny);

  // Streams `channel` to the client, with the stream fault the test hooks hold for this
  // path (when enabled); `release` runs once the client is gone.
  void stream(httplib::Response& res, const httplib::Request& req,
              std::shared_ptr<StreamChannel> channel, std::function<void()> release);
};

}  // namespace server
