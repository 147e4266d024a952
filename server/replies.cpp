// SPDX-License-Identifier: GPL-3.0-or-later
#include "server/replies.h"

namespace server {

void send_json(httplib::Response& res, int status, const nlohmann::json& body) {
  res.status = status;
  res.set_content(body.dump(), "application/json");
}

void send_error(httplib::Response& res, const ApiError& e) {
  send_json(res, e.status, e.body());
}

void send_ok(httplib::Response& res) {
  send_json(res, 200, {{"ok", true}});
}

void send_stream(httplib::Response& res, std::shared_ptr<StreamChannel> channel,
                 std::chrono::milliseconds keepalive, StreamFault fault,
                 std::function<void()> release) {
  res.set_header("Cache-Control", "no-cache");
  res.set_chunked_content_provider("application/x-ndjson",
                                   ndjson_provider(std::move(channel), keepalive, fault),
                                   [release = std::move(release)](bool) { release(); });
}

}  // namespace server
