// SPDX-License-Identifier: GPL-3.0-or-later
// The HTTP surface: cpp-httplib handlers for the Lichess Bot and Board API paths, and
// register_routes, which also installs the test-hook endpoints (test_routes.h), the web
// pages (web_routes.h) and the error/exception handlers. Handlers only translate HTTP to
// ServerState calls and back (route_context.h, replies.h); they hold no state of their own.
#pragma once

#include <chrono>

#include <httplib.h>

#include "base/clock.h"
#include "server/state.h"
#include "server/test_hooks.h"
#include "server/web_files.h"

namespace server {

struct RouteOptions {
  std::chrono::milliseconds keepalive{6000};  // empty line on idle streams
  bool test_hooks = false;                    // fault hooks and the /_test/ endpoints
  base::ManualClock* manual_clock = nullptr;  // enables POST /_test/clock/advance
  WebFiles web_files;                         // the pages' static files (web_routes.h)
};

// Registers every route on `http`; state and hooks must outlive it.
void register_routes(httplib::Server& http, ServerState& state, TestHooks& hooks,
                     const RouteOptions& options);

// Whether a peer address is loopback (127.0.0.0/8, ::1, ::ffff:127.x).
bool is_loopback_address(const std::string& address);

}  // namespace server
