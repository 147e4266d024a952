// SPDX-License-Identifier: GPL-3.0-or-later
// The test-hook endpoints under /_test/, for loopback clients only (the fault rules:
// list, add, clear; game-stream counts; the post log; a state tick; advancing the manual
// clock), and the pre-routing handler that fires the request faults of the hooks (slow
// answers, canned statuses) before any other route sees a request. register_routes
// installs both only when RouteOptions::test_hooks is set. Same thread contract as
// route_context.h.
#pragma once

#include <httplib.h>

#include "server/route_context.h"

namespace server {

// Registers the endpoints and the fault handler; `cx` must outlive `http`.
void register_test_routes(httplib::Server& http, Context& cx);

}  // namespace server
