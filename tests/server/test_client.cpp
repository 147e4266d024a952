// SPDX-License-Identifier: GPL-3.0-or-later
#include "tests/server/test_client.h"

#include <thread>

namespace server::testing {

json Reply::parsed() const {
  return json::parse(body, nullptr, false);
}

ServerOptions TestServer::fast_options() {
  ServerOptions options;
  options.keepalive = 50ms;
  options.tick = 0ms;
  options.threads = 128;
  options.keep_alive_timeout_s = 1;
  options.state.seed = 42;
  return options;
}

TestServer::TestServer(ServerOptions options, const std::string& accounts) {
  auto parsed = Accounts::parse(accounts, "test accounts");
  if (!parsed) throw std::runtime_error(parsed.error());
  server_ = std::make_unique<LocalServer>(std::move(*parsed), std::move(options), clock_, &clock_);
  auto port = server_->start();
  if (!port) throw std::runtime_error(port.error());
}

TestServer::~TestServer() {
  server_->stop();
}

void TestServer::advance(std::int64_t ms) {
  clock_.advance(std::chrono::milliseconds(ms));
  server_->state().tick();
}

Api::Api(int port, std::string token)
    : port_(port), token_(std::move(token)), client_("127.0.0.1", port) {
  client_.set_read_timeout(10s);
  if (!token_.empty()) client_.set_default_headers({{"Authorization", "Bearer " + token_}});
}

namespace {
Reply to_reply(const httplib::Result& r) {
  if (!r) return {-1, "", ""};
  return {r->status, r->body, r->get_header_value("Content-Type")};
}
}  // namespace

Reply Api::get(const std::string& path, httplib::Headers extra) {
  return to_reply(client_.Get(path, extra));
}

Reply Api::post(const std::string& path, const std::string& body, const std::string& content_type) {
  return to_reply(client_.Post(path, body, content_type));
}

Reply Api::del(const std::string& path) {
  return to_reply(client_.Delete(path));
}

std::unique_ptr<StreamClient> Api::stream(const std::string& path, const std::string& user_agent) {
  auto stream = std::make_unique<StreamClient>("127.0.0.1", port_, path, token_, user_agent);
  // Once the status line arrived the server has registered the stream: events that
  // happen from now on reach it.
  for (int i = 0; i < 1000 && stream->status() == 0; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  return stream;
}

json next_json(StreamClient& s, std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (true) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) return nullptr;
    StreamClient::Next n = s.next(left);
    if (n.kind != StreamClient::Next::Kind::kLine) return nullptr;
    if (n.line.empty()) continue;
    return json::parse(n.line, nullptr, false);
  }
}

json next_of_type(StreamClient& s, const std::string& type, std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (true) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    json j = next_json(s, std::max(left, 1ms));
    if (j.is_null()) return j;
    if (j.is_object() && j.value("type", "") == type) return j;
  }
}

bool wait_ended(StreamClient& s, std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (std::chrono::steady_clock::now() < deadline) {
    auto n = s.next(10ms);
    if (n.kind == StreamClient::Next::Kind::kEnded) return true;
  }
  return false;
}

std::string start_game(Api& challenger, Api& dest, const std::string& dest_name,
                       const std::string& fields, std::string* error) {
  Reply created = challenger.post("/api/challenge/" + dest_name, fields);
  if (created.status != 200) {
    if (error) *error = "challenge: " + std::to_string(created.status) + " " + created.body;
    return "";
  }
  const std::string id = created.parsed()["id"];
  Reply accepted = dest.post("/api/challenge/" + id + "/accept");
  if (accepted.status != 200) {
    if (error) *error = "accept: " + std::to_string(accepted.status) + " " + accepted.body;
    return "";
  }
  return id;
}

}  // namespace server::testing
