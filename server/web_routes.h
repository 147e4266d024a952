// SPDX-License-Identifier: GPL-3.0-or-later
// The HTTP surface of the web pages: the static files (the lobby at /, a game page
// at /{gameId} as Lichess links games, assets under /web/) and the read-only JSON and
// NDJSON views they read (/api/web/...). Handlers only translate HTTP to ServerState
// calls; they hold no state of their own.
#pragma once

#include <chrono>
#include <string>

#include <httplib.h>

#include "server/state.h"
#include "server/web_files.h"

namespace server {

struct WebRouteOptions {
  std::chrono::milliseconds keepalive{6000};
  WebFiles files;  // files.dir empty: the pages answer 404 with the reason
};

void register_web_routes(httplib::Server& http, ServerState& state, const WebRouteOptions& options);

}  // namespace server
