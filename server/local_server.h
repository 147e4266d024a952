// SPDX-License-Identifier: GPL-3.0-or-later
// LocalServer: the whole `paxbot serve` server in one object. It owns the HTTP
// server and its worker pool, the server state, the test hooks and a ticker
// thread that applies deadlines. start() returns once the port is bound and
// requests are being served (in background threads); stop() (or the destructor)
// ends every stream and joins every thread. start/stop from one thread only.
#pragma once

#include <chrono>
#include <condition_variable>
#include <expected>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include <httplib.h>

#include "base/clock.h"
#include "server/accounts.h"
#include "server/clocks.h"
#include "server/state.h"
#include "server/test_hooks.h"
#include "server/web_files.h"

namespace server {

struct ServerOptions {
  std::string host = "127.0.0.1";
  int port = 0;  // 0: any free port
  StateOptions state;
  std::chrono::milliseconds keepalive{6000};  // empty line on idle streams
  std::chrono::milliseconds tick{100};        // deadline checks; 0: none (tests call tick())
  int threads = 128;                          // HTTP worker threads: each open stream holds one
  std::size_t max_body = 1 << 20;
  int keep_alive_timeout_s = 5;  // idle HTTP keep-alive connections
  bool test_hooks = false;       // fault hooks and the /_test/ endpoints
  std::vector<HookRule> hooks;   // initial rules (imply test_hooks)
  WebFiles web_files;            // the web pages' files; dir "" serves a message instead
  // Called from worker threads with "METHOD PATH STATUS" after each request (may be empty).
  std::function<void(const std::string&)> logger;
};

class LocalServer {
 public:
  // clock must outlive the server; manual_clock (may be null) enables /_test/clock/advance.
  LocalServer(Accounts accounts, ServerOptions options, const base::Clock& clock,
              base::ManualClock* manual_clock = nullptr);
  ~LocalServer();
  LocalServer(const LocalServer&) = delete;
  LocalServer& operator=(const LocalServer&) = delete;

  // Binds and starts serving; returns the port. Errors name the address.
  std::expected<int, std::string> start();
  void stop();

  int port() const { return port_; }
  std::string base_url() const;
  ServerState& state() { return *state_; }
  TestHooks& hooks() { return hooks_; }

 private:
  void tick_loop();

  ServerOptions options_;
  const base::Clock& clock_;
  base::ManualClock* manual_clock_;
  std::unique_ptr<ServerState> state_;
  TestHooks hooks_;
  // httplib::Server with a deeper listen queue: httplib listens with a backlog of 5, so a
  // burst of clients connecting at once (many streams) would see SYNs dropped and retried.
  class HttpServer : public httplib::Server {
   public:
    bool deepen_backlog(int backlog);
  };
  HttpServer http_;
  std::thread listener_;
  std::thread ticker_;
  std::mutex tick_mutex_;
  std::condition_variable tick_cv_;
  bool stopping_ = false;
  bool running_ = false;
  int port_ = 0;
};

}  // namespace server
