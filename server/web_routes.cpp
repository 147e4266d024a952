// SPDX-License-Identifier: GPL-3.0-or-later
#include "server/web_routes.h"

#include <filesystem>
#include <fstream>
#include <sstream>

#include "server/replies.h"

namespace server {
namespace {

using httplib::Request;
using httplib::Response;

// One page of the front end, or the reason it cannot be shown.
void send_page(Response& res, const WebFiles& files, const std::string& name) {
  if (files.dir.empty()) {
    res.status = 404;
    res.set_content("paxbot serve: " + missing_web_files_message(files) +
                        ". The JSON API under /api/ works without them.\n",
                    "text/plain; charset=utf-8");
    return;
  }
  std::ifstream in(std::filesystem::path(files.dir) / name, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  if (!in) {
    res.status = 404;
    res.set_content("paxbot serve: " + name + " is missing from " + files.dir + "\n",
                    "text/plain; charset=utf-8");
    return;
  }
  res.set_header("Cache-Control", "no-cache");
  res.set_content(text.str(), "text/html; charset=utf-8");
}

}  // namespace

void register_web_routes(httplib::Server& http, ServerState& st, const WebRouteOptions& options) {
  const auto keepalive = options.keepalive;
  http.Get("/api/web/lobby", [&st](const Request&, Response& res) {
    res.set_content(st.lobby().dump(), "application/json");
  });
  http.Get("/api/web/lobby/stream", [&st, keepalive](const Request&, Response& res) {
    auto channel = st.open_lobby_stream();
    send_stream(res, channel, keepalive, {}, [&st, channel] { st.release_lobby_stream(channel); });
  });
  http.Get(R"(/api/web/game/([^/]+))", [&st](const Request& req, Response& res) {
    send_result(res, st.web_game(req.matches[1]));
  });
  http.Get(R"(/api/web/game/([^/]+)/stream)", [&st, keepalive](const Request& req, Response& res) {
    const std::string id = req.matches[1];
    auto channel = st.open_watch_stream(id);
    if (!channel) return send_error(res, channel.error());
    send_stream(res, *channel, keepalive, {},
                [&st, id, ch = *channel] { st.release_watch_stream(id, ch); });
  });

  const WebFiles files = options.files;
  http.Get("/", [files](const Request&, Response& res) { send_page(res, files, "index.html"); });
  // Game pages live where Lichess puts them (the challenge's `url`): /{8-character id}.
  http.Get(R"(/([A-Za-z0-9]{8}))",
           [files](const Request&, Response& res) { send_page(res, files, "game.html"); });
  if (!files.dir.empty()) {
    http.set_file_extension_and_mimetype_mapping("js", "text/javascript");
    http.set_file_extension_and_mimetype_mapping("css", "text/css");
    http.set_file_extension_and_mimetype_mapping("html", "text/html");
    http.set_file_extension_and_mimetype_mapping("svg", "image/svg+xml");
    http.set_mount_point("/web", files.dir);
  }
}

}  // namespace server
