// SPDX-License-Identifier: GPL-3.0-or-later
// The operator's status page (config section status_http, off by default): a
// loopback-only HTTP listener answering GET /status with the latest StatusReport
// as JSON, GET / with the same report as text, and GET /metrics with the page the
// metrics provider renders (the Prometheus text format, daemon/metrics.h). The bot's
// main loop publishes a fresh report every loop tick; the listener never touches the
// bot's state.
//
// Thread contract: start() and the destructor are called by the owner (the main
// loop); publish() may be called from any thread; requests are answered on the
// listener's own threads, reading only the published copy under a mutex, or calling
// the metrics provider, which must be thread-safe.
#pragma once

#include <expected>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include <nlohmann/json.hpp>

namespace bot {

class StatusServer {
 public:
  // metrics renders the /metrics page; empty: /metrics answers 404.
  explicit StatusServer(std::function<std::string()> metrics = {});
  ~StatusServer();  // stops listening and joins
  StatusServer(const StatusServer&) = delete;
  StatusServer& operator=(const StatusServer&) = delete;

  // listen is HOST:PORT as validated by the config (loopback host, "[::1]" allowed);
  // port 0 picks a free port. The error names the address.
  std::expected<void, std::string> start(const std::string& listen);
  int port() const { return port_; }

  void publish(nlohmann::json report);

 private:
  class Listener;
  nlohmann::json latest() const;

  const std::function<std::string()> metrics_;
  std::unique_ptr<Listener> http_;
  std::thread thread_;
  int port_ = 0;
  mutable std::mutex mutex_;
  nlohmann::json report_;
};

}  // namespace bot
