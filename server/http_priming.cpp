// SPDX-License-Identifier: GPL-3.0-or-later
#include "server/http_priming.h"

#include <unistd.h>

#include <string>

#include <httplib.h>

#include "server/memory_stream.h"

namespace server {
namespace {

// process_request is protected; this server exists only to call it. httplib writes
// chunked content only while its server socket is open, so it binds one on loopback (and
// never listens on it).
class PrimingServer final : public httplib::Server {
 public:
  ~PrimingServer() override {
    if (svr_sock_ != INVALID_SOCKET) ::close(svr_sock_.exchange(INVALID_SOCKET));
  }
  std::string answer(std::string_view request) {
    if (bind_to_any_port("127.0.0.1") <= 0) return "";
    MemoryStream stream(request);
    bool closed = false;
    process_request(stream, true, closed, nullptr);
    return stream.output();
  }
};

}  // namespace

bool prime_httplib_statics() {
  PrimingServer http;
  http.Get("/", [](const httplib::Request&, httplib::Response& res) {
    res.set_chunked_content_provider("text/plain", [](std::size_t, httplib::DataSink& sink) {
      sink.write("x", 1);
      sink.done();
      return true;
    });
  });
  const std::string out = http.answer("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n");
  return out.starts_with("HTTP/1.1 200") && out.ends_with("0\r\n\r\n");
}

}  // namespace server
