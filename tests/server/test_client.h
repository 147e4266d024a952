// SPDX-License-Identifier: GPL-3.0-or-later
// Shared helpers for the server tests and the benchmark: an in-process server on
// a free loopback port (manual clock, fast keep-alives), an HTTP client per account,
// and readers for NDJSON streams.
#pragma once

#include <chrono>
#include <memory>
#include <string>

#include <httplib.h>
#include <nlohmann/json.hpp>

#include "server/local_server.h"
#include "server/stream_client.h"

namespace server::testing {

using json = nlohmann::json;
using namespace std::chrono_literals;

// alice, bob and carol are bots; human is not.
inline constexpr const char* kAccounts =
    "alice:alice_token:bot\nbob:bob_token:bot\ncarol:carol_token:bot\nhuman:human_token\n";

struct Reply {
  int status = 0;  // -1: no response
  std::string body;
  std::string content_type;
  json parsed() const;
};

// A LocalServer on 127.0.0.1 with a manual clock and no ticker: tests call advance().
class TestServer {
 public:
  explicit TestServer(ServerOptions options = fast_options(),
                      const std::string& accounts = kAccounts);
  ~TestServer();
  static ServerOptions fast_options();

  int port() const { return server_->port(); }
  base::ManualClock& clock() { return clock_; }
  ServerState& state() { return server_->state(); }
  LocalServer& server() { return *server_; }
  // Moves time forward and applies deadlines.
  void advance(std::int64_t ms);

 private:
  base::ManualClock clock_;
  std::unique_ptr<LocalServer> server_;
};

// HTTP requests as one account (token may be empty: no Authorization header).
class Api {
 public:
  Api(int port, std::string token);
  Reply get(const std::string& path, httplib::Headers extra = {});
  Reply post(const std::string& path, const std::string& body = "",
             const std::string& content_type = "application/x-www-form-urlencoded");
  Reply del(const std::string& path);
  // Opens a stream and returns once the server answered (its status is known).
  std::unique_ptr<StreamClient> stream(const std::string& path,
                                       const std::string& user_agent = "paxbot-test");

 private:
  int port_;
  std::string token_;
  httplib::Client client_;
};

// Percent-encodes a form or query value.
inline std::string url_encode(const std::string& value) {
  return httplib::detail::encode_query_param(value);
}

// The next non-empty line as JSON (keep-alives skipped); null on timeout or end of stream.
json next_json(StreamClient& s, std::chrono::milliseconds timeout = 3s);
// The next line with this "type", skipping others; null when none comes.
json next_of_type(StreamClient& s, const std::string& type, std::chrono::milliseconds timeout = 3s);
// Whether the stream ends (EOF or connection closed) within the timeout; lines are skipped.
bool wait_ended(StreamClient& s, std::chrono::milliseconds timeout = 3s);

// challenger challenges dest_name with the form fields; dest accepts. Returns the game id,
// or "" with the reason in *error.
std::string start_game(Api& challenger, Api& dest, const std::string& dest_name,
                       const std::string& fields, std::string* error = nullptr);

}  // namespace server::testing
