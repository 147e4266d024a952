// SPDX-License-Identifier: GPL-3.0-or-later
#include "tests/daemon/support/test_http_server.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdio>

namespace bot::test {

namespace {

constexpr int kPollMs = 20;
constexpr std::size_t kMaxHead = 64u << 10;

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::string trim(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '\r')) {
    text.remove_suffix(1);
  }
  return std::string(text);
}

std::string_view reason_phrase(int status) {
  switch (status) {
    case 200:
      return "OK";
    case 302:
      return "Found";
    case 400:
      return "Bad Request";
    case 404:
      return "Not Found";
    case 429:
      return "Too Many Requests";
    case 500:
      return "Internal Server Error";
    case 503:
      return "Service Unavailable";
    default:
      return "Status";
  }
}

// Reads whatever is available within one poll period. Returns bytes read,
// 0 on orderly close, -1 on error, -2 when nothing arrived yet.
long read_some(int fd, std::string& into) {
  pollfd p{fd, POLLIN, 0};
  const int ready = ::poll(&p, 1, kPollMs);
  if (ready == 0) return -2;
  if (ready < 0) return errno == EINTR ? -2 : -1;
  char buffer[4096];
  const ssize_t n = ::recv(fd, buffer, sizeof buffer, 0);
  if (n > 0) into.append(buffer, static_cast<std::size_t>(n));
  if (n < 0) return errno == EINTR || errno == EAGAIN ? -2 : -1;
  return n;
}

}  // namespace

std::optional<std::string> ReceivedRequest::header(std::string_view name) const {
  const std::string key = lower(name);
  for (const auto& [n, v] : headers) {
    if (n == key) return v;
  }
  return std::nullopt;
}

bool TestConnection::send(std::string_view bytes) {
  while (!bytes.empty()) {
    const ssize_t n = ::send(fd_, bytes.data(), bytes.size(), MSG_NOSIGNAL);
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    bytes.remove_prefix(static_cast<std::size_t>(n));
  }
  return true;
}

bool TestConnection::send_response(
    int status, std::string_view content_type, std::string_view body,
    const std::vector<std::pair<std::string, std::string>>& headers) {
  std::string head =
      "HTTP/1.1 " + std::to_string(status) + " " + std::string(reason_phrase(status)) + "\r\n";
  head += "Content-Type: " + std::string(content_type) + "\r\n";
  head += "Content-Length: " + std::to_string(body.size()) + "\r\n";
  for (const auto& [name, value] : headers) head += name + ": " + value + "\r\n";
  head += "Connection: close\r\n\r\n";
  return send(head) && send(body);
}

bool TestConnection::send_chunked_head(int status, std::string_view content_type) {
  std::string head =
      "HTTP/1.1 " + std::to_string(status) + " " + std::string(reason_phrase(status)) + "\r\n";
  head += "Content-Type: " + std::string(content_type) + "\r\n";
  head += "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n";
  return send(head);
}

bool TestConnection::send_chunk(std::string_view data) {
  if (data.empty()) return true;  // an empty chunk would end the body
  char size[32];
  std::snprintf(size, sizeof size, "%zx\r\n", data.size());
  return send(std::string(size) + std::string(data) + "\r\n");
}

bool TestConnection::end_chunks() {
  return send("0\r\n\r\n");
}

bool TestConnection::wait_for_close(std::chrono::milliseconds limit) {
  const auto deadline = std::chrono::steady_clock::now() + limit;
  std::string discard;
  while (!stopping() && std::chrono::steady_clock::now() < deadline) {
    const long n = read_some(fd_, discard);
    if (n == 0 || n == -1) return true;
    discard.clear();
  }
  return false;
}

TestHttpServer::TestHttpServer() {
  listen_fd_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  const int one = 1;
  ::setsockopt(listen_fd_, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  address.sin_port = 0;
  if (::bind(listen_fd_, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0 ||
      ::listen(listen_fd_, 16) != 0) {
    std::perror("test server bind/listen");
    return;
  }
  socklen_t length = sizeof address;
  ::getsockname(listen_fd_, reinterpret_cast<sockaddr*>(&address), &length);
  port_ = ntohs(address.sin_port);
  acceptor_ = std::thread([this] { accept_loop(); });
}

TestHttpServer::~TestHttpServer() {
  stop();
}

void TestHttpServer::route(std::string method, std::string path, RouteHandler handler) {
  std::lock_guard lock(mutex_);
  routes_[{std::move(method), std::move(path)}] = std::move(handler);
}

std::vector<ReceivedRequest> TestHttpServer::requests() const {
  std::lock_guard lock(mutex_);
  return requests_;
}

void TestHttpServer::stop() {
  if (stopping_.exchange(true)) return;
  if (acceptor_.joinable()) acceptor_.join();
  std::vector<std::thread> connections;
  {
    std::lock_guard lock(mutex_);
    connections.swap(connections_);
  }
  for (std::thread& t : connections) t.join();
  if (listen_fd_ >= 0) ::close(listen_fd_);
  listen_fd_ = -1;
}

void TestHttpServer::accept_loop() {
  while (!stopping_.load()) {
    pollfd p{listen_fd_, POLLIN, 0};
    if (::poll(&p, 1, kPollMs) <= 0) continue;
    const int fd = ::accept4(listen_fd_, nullptr, nullptr, SOCK_CLOEXEC);
    if (fd < 0) continue;
    const int one = 1;
    ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    std::lock_guard lock(mutex_);
    connections_.emplace_back([this, fd] {
      serve(fd);
      ::close(fd);
    });
  }
}

void TestHttpServer::serve(int fd) {
  TestConnection connection(fd, stopping_);
  std::string data;
  std::size_t head_end = std::string::npos;
  while (head_end == std::string::npos) {
    if (stopping_.load() || data.size() > kMaxHead) return;
    const long n = read_some(fd, data);
    if (n == 0 || n == -1) return;
    // A TLS ClientHello starts with record type 0x16: answer in plain HTTP,
    // which the client's TLS layer must reject.
    if (!data.empty() && data[0] == '\x16') {
      connection.send("HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n");
      return;
    }
    head_end = data.find("\r\n\r\n");
  }

  ReceivedRequest request;
  const std::string_view head(data.data(), head_end);
  const std::size_t first_eol = head.find("\r\n");
  const std::string_view request_line = head.substr(0, first_eol);
  const std::size_t sp1 = request_line.find(' ');
  const std::size_t sp2 = request_line.find(' ', sp1 + 1);
  request.method = std::string(request_line.substr(0, sp1));
  request.target = std::string(request_line.substr(sp1 + 1, sp2 - sp1 - 1));
  std::size_t content_length = 0;
  if (first_eol != std::string_view::npos) {
    std::string_view rest = head.substr(first_eol + 2);
    while (!rest.empty()) {
      const std::size_t eol = rest.find("\r\n");
      const std::string_view line = rest.substr(0, eol);
      const std::size_t colon = line.find(':');
      if (colon != std::string_view::npos) {
        request.headers.emplace_back(lower(trim(line.substr(0, colon))),
                                     trim(line.substr(colon + 1)));
        if (request.headers.back().first == "content-length") {
          content_length = std::stoul(request.headers.back().second);
        }
      }
      if (eol == std::string_view::npos) break;
      rest.remove_prefix(eol + 2);
    }
  }
  request.body = data.substr(head_end + 4);
  while (request.body.size() < content_length) {
    if (stopping_.load()) return;
    const long n = read_some(fd, request.body);
    if (n == 0 || n == -1) return;
  }

  RouteHandler handler;
  {
    std::lock_guard lock(mutex_);
    requests_.push_back(request);
    if (auto it = routes_.find({request.method, request.path()}); it != routes_.end()) {
      handler = it->second;
    }
  }
  if (handler) {
    handler(request, connection);
  } else {
    connection.send_response(404, "application/json", R"({"error":"Not found"})");
  }
  ::shutdown(fd, SHUT_WR);
}

int unused_local_port() {
  const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  ::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address);
  socklen_t length = sizeof address;
  ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length);
  ::close(fd);  // never listened: connections to it are refused
  return ntohs(address.sin_port);
}

}  // namespace bot::test
