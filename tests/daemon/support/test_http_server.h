// SPDX-License-Identifier: GPL-3.0-or-later
// A tiny HTTP/1.1 server on 127.0.0.1 for loopback tests of the HTTP client.
// Plain POSIX sockets; one thread per connection; every answer closes the
// connection. Route handlers write raw bytes, so tests can split chunks at
// odd places, go silent, or stall.
#pragma once

#include <atomic>
#include <chrono>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

namespace bot::test {

struct ReceivedRequest {
  std::string method;
  std::string target;                                        // path and query as sent
  std::vector<std::pair<std::string, std::string>> headers;  // names lower-case
  std::string body;

  std::string path() const { return target.substr(0, target.find('?')); }
  std::optional<std::string> header(std::string_view name) const;
};

// The server side of one connection, handed to a route handler. Owned by
// the server; used only on that connection's thread.
class TestConnection {
 public:
  TestConnection(int fd, const std::atomic<bool>& stopping) : fd_(fd), stopping_(stopping) {}

  // Writes all bytes; false once the peer is gone.
  bool send(std::string_view bytes);
  // A complete answer with Content-Length.
  bool send_response(int status, std::string_view content_type, std::string_view body,
                     const std::vector<std::pair<std::string, std::string>>& headers = {});
  // Chunked transfer encoding: the head, then one chunk per call, then the end.
  bool send_chunked_head(int status, std::string_view content_type);
  bool send_chunk(std::string_view data);
  bool end_chunks();
  // Blocks until the peer closes the connection (true), or the server stops
  // or `limit` passes (false). Incoming bytes are discarded.
  bool wait_for_close(std::chrono::milliseconds limit);
  bool stopping() const { return stopping_.load(); }

 private:
  int fd_;
  const std::atomic<bool>& stopping_;
};

using RouteHandler = std::function<void(const ReceivedRequest&, TestConnection&)>;

// Owns the listening socket and the connection threads. Routes must be
// added before requests arrive; requests() may be read from any thread.
class TestHttpServer {
 public:
  TestHttpServer();  // listens on 127.0.0.1 with an ephemeral port
  ~TestHttpServer();
  TestHttpServer(const TestHttpServer&) = delete;
  TestHttpServer& operator=(const TestHttpServer&) = delete;

  // Exact match on method and path (query ignored). Unrouted requests get 404.
  void route(std::string method, std::string path, RouteHandler handler);

  int port() const { return port_; }
  std::string base_url() const { return "http://127.0.0.1:" + std::to_string(port_); }
  std::vector<ReceivedRequest> requests() const;
  void stop();

 private:
  void accept_loop();
  void serve(int fd);

  int listen_fd_ = -1;
  int port_ = 0;
  std::atomic<bool> stopping_{false};
  std::thread acceptor_;
  mutable std::mutex mutex_;  // guards everything below
  std::map<std::pair<std::string, std::string>, RouteHandler> routes_;
  std::vector<ReceivedRequest> requests_;
  std::vector<std::thread> connections_;
};

// A port on 127.0.0.1 where nothing listens (bound, then closed).
int unused_local_port();

}  // namespace bot::test
