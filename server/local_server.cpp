// SPDX-License-Identifier: GPL-3.0-or-later
#include "server/local_server.h"

#include <sys/socket.h>

#include "server/http_priming.h"
#include "server/routes.h"
#include "server/worker_pool.h"

namespace server {

bool LocalServer::HttpServer::deepen_backlog(int backlog) {
  return ::listen(svr_sock_, backlog) == 0;
}

LocalServer::LocalServer(Accounts accounts, ServerOptions options, const base::Clock& clock,
                         base::ManualClock* manual_clock)
    : options_(std::move(options)), clock_(clock), manual_clock_(manual_clock) {
  for (const HookRule& rule : options_.hooks) hooks_.add(rule);
  if (!options_.hooks.empty()) options_.test_hooks = true;
  if (options_.test_hooks) options_.state.record_posts = true;
  state_ = std::make_unique<ServerState>(std::move(accounts), clock_, options_.state);
}

LocalServer::~LocalServer() {
  stop();
}

std::string LocalServer::base_url() const {
  const bool v6 = options_.host.find(':') != std::string::npos;
  return "http://" + (v6 ? "[" + options_.host + "]" : options_.host) + ":" + std::to_string(port_);
}

std::expected<int, std::string> LocalServer::start() {
  if (running_) return port_;
  const int threads = std::max(4, options_.threads);
  http_.new_task_queue = [threads] { return new WorkerPool(threads); };
  http_.set_payload_max_length(options_.max_body);
  http_.set_keep_alive_max_count(100000);
  http_.set_keep_alive_timeout(options_.keep_alive_timeout_s);
  http_.set_tcp_nodelay(true);
  // httplib's default adds SO_REUSEPORT, which lets a second server bind the same port
  // silently; SO_REUSEADDR alone still allows a quick restart.
  http_.set_socket_options([](socket_t sock) {
    int yes = 1;
    ::setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof(yes));
  });
  if (options_.logger) {
    http_.set_logger(
        [log = options_.logger](const httplib::Request& req, const httplib::Response& res) {
          log(req.method + " " + req.path + " " + std::to_string(res.status));
        });
  }
  RouteOptions routes;
  routes.keepalive = options_.keepalive;
  routes.test_hooks = options_.test_hooks;
  routes.manual_clock = manual_clock_;
  routes.web_files = options_.web_files;
  register_routes(http_, *state_, hooks_, routes);

  const std::string address = options_.host + ":" + std::to_string(options_.port);
  if (options_.port == 0) {
    port_ = http_.bind_to_any_port(options_.host);
    if (port_ <= 0) return std::unexpected("cannot listen on " + options_.host);
  } else if (http_.bind_to_port(options_.host, options_.port)) {
    port_ = options_.port;
  } else {
    return std::unexpected("cannot listen on " + address + " (address in use or unavailable)");
  }
  http_.deepen_backlog(1024);
  state_->set_base_url(base_url());
  prime_httplib_statics();  // before the workers exist (server/http_priming.h says why)
  listener_ = std::thread([this] { http_.listen_after_bind(); });
  for (int i = 0; i < 2000 && !http_.is_running(); ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  if (options_.tick.count() > 0) ticker_ = std::thread([this] { tick_loop(); });
  running_ = true;
  return port_;
}

void LocalServer::tick_loop() {
  std::unique_lock lock(tick_mutex_);
  while (!stopping_) {
    tick_cv_.wait_for(lock, options_.tick, [this] { return stopping_; });
    if (stopping_) break;
    lock.unlock();
    state_->tick();
    lock.lock();
  }
}

void LocalServer::stop() {
  if (!running_) return;
  running_ = false;
  {
    std::lock_guard lock(tick_mutex_);
    stopping_ = true;
  }
  tick_cv_.notify_all();
  if (ticker_.joinable()) ticker_.join();
  state_->shutdown();
  http_.stop();
  if (listener_.joinable()) listener_.join();
}

}  // namespace server
