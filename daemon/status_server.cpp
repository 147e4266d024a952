// SPDX-License-Identifier: GPL-3.0-or-later
#include "daemon/status_server.h"

#include <chrono>

#include <httplib.h>
#include <sys/socket.h>

#include "daemon/status_report.h"

namespace bot {

class StatusServer::Listener : public httplib::Server {};

StatusServer::StatusServer(std::function<std::string()> metrics)
    : metrics_(std::move(metrics)), http_(std::make_unique<Listener>()) {
  report_ = nlohmann::json::object();
}

StatusServer::~StatusServer() {
  http_->stop();
  if (thread_.joinable()) thread_.join();
}

std::expected<void, std::string> StatusServer::start(const std::string& listen) {
  const auto colon = listen.rfind(':');
  if (colon == std::string::npos)
    return std::unexpected("status_http.listen '" + listen + "' is not HOST:PORT");
  std::string host = listen.substr(0, colon);
  if (host.size() > 2 && host.front() == '[' && host.back() == ']')
    host = host.substr(1, host.size() - 2);
  int port = 0;
  try {
    port = std::stoi(listen.substr(colon + 1));
  } catch (const std::exception&) {
    return std::unexpected("status_http.listen '" + listen + "' has no port number");
  }
  http_->new_task_queue = [] { return new httplib::ThreadPool(2); };
  // httplib's default adds SO_REUSEPORT, which lets a second daemon bind the same port
  // silently; SO_REUSEADDR alone still allows a quick restart.
  http_->set_socket_options([](socket_t sock) {
    int yes = 1;
    ::setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof(yes));
  });
  http_->Get("/status", [this](const httplib::Request&, httplib::Response& res) {
    res.set_content(latest().dump(), "application/json");
  });
  if (metrics_) {
    http_->Get("/metrics", [this](const httplib::Request&, httplib::Response& res) {
      res.set_content(metrics_(), "text/plain; version=0.0.4; charset=utf-8");
    });
  }
  http_->Get("/", [this](const httplib::Request&, httplib::Response& res) {
    const auto now = std::chrono::duration_cast<std::chrono::seconds>(
                         std::chrono::system_clock::now().time_since_epoch())
                         .count();
    auto text = format_status(latest(), now);
    res.set_content(text ? *text : "no report yet\n", "text/plain; charset=utf-8");
  });
  port_ = port == 0 ? http_->bind_to_any_port(host) : (http_->bind_to_port(host, port) ? port : -1);
  if (port_ <= 0) {
    port_ = 0;
    return std::unexpected("status page: cannot listen on " + listen +
                           " (address in use or unavailable)");
  }
  thread_ = std::thread([this] { http_->listen_after_bind(); });
  // stop() only ends a listener that is already running: wait for it to run.
  for (int i = 0; i < 2000 && !http_->is_running(); ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  return {};
}

void StatusServer::publish(nlohmann::json report) {
  std::lock_guard lock(mutex_);
  report_ = std::move(report);
}

nlohmann::json StatusServer::latest() const {
  std::lock_guard lock(mutex_);
  return report_;
}

}  // namespace bot
