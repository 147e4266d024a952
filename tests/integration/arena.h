// SPDX-License-Identifier: GPL-3.0-or-later
// A local arena for whole-system tests: `paxbot serve` with bot accounts alice, bob and
// dave (and any more a test asks for) and a human account carol, `paxbot run` daemons for the bots,
// and an HTTP client per account for what a person would do by hand (challenge, look at games).
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "base/clock.h"
#include "base/logging.h"
#include "config/config.h"
#include "daemon/http/curl_http_client.h"
#include "daemon/lichess/client.h"
#include "tests/integration/processes.h"

namespace paxbot_test {

struct GameOutcome {
  std::string status;  // "mate", "resign", "draw", ... or "" while the game runs
  std::string winner;  // "white", "black" or ""
  int plies = 0;
  std::string variant;  // Lichess key
  std::string white;    // the white player's id
};

class Arena {
 public:
  // extra_server_args: e.g. {"--test-hooks"}; extra_bots: more bot accounts (token
  // "tok_<name>", like the others).
  explicit Arena(std::vector<std::string> extra_server_args = {},
                 std::vector<std::string> extra_bots = {});
  ~Arena();

  const std::string& base_url() const { return base_url_; }
  int server_pid() const { return server_.pid(); }
  // An account's API token.
  static std::string token(const std::string& name);
  TempDir& dir() { return dir_; }

  // Starts `paxbot run` for a bot account with a small-think config that `adjust` may change
  // (written by config::describe, the one config writer).
  ChildProcess start_bot(const std::string& name,
                         const std::function<void(config::Config&)>& adjust = {},
                         std::map<std::string, std::string> env = {});

  // The account's own API client, as its owner would use it.
  bot::LichessClient& client(const std::string& name);
  // Its raw HTTP client (with its token), for what LichessClient does not speak: the Board API.
  bot::HttpClient& http(const std::string& name);

  // POST /api/challenge/{to} as `from`; returns the challenge (= game) id.
  std::string challenge(const std::string& from, const std::string& to, const std::string& variant,
                        int limit_s = 60, int increment_s = 1, const std::string& fen = "");
  // The game as the server reports it (JSON export).
  GameOutcome outcome(const std::string& game_id);
  bool wait_for_end(const std::string& game_id, std::chrono::seconds timeout);
  // The challenge's status as its challenger sees it (GET /api/challenge/{id}/show):
  // "created" while pending, "accepted", "declined", "canceled", ...; "" when unknown.
  std::string challenge_status(const std::string& challenger, const std::string& id);
  // Adds a fault rule through the loopback-only /_test/hooks endpoint.
  void add_hook(const nlohmann::json& rule);
  // The fault rules not yet used up (GET /_test/hooks); an empty array when unreadable.
  nlohmann::json hooks();

  std::string log_of(const std::string& name) { return dir_.read(name + ".log"); }

 private:
  struct Account {
    std::unique_ptr<bot::CurlHttpClient> http;
    std::unique_ptr<bot::LichessClient> client;
  };

  TempDir dir_;
  std::string base_url_;
  ChildProcess server_;
  base::SystemClock clock_;
  std::ostringstream quiet_;
  base::Logger log_{quiet_, base::LogLevel::kError};
  std::map<std::string, Account> accounts_;
};

}  // namespace paxbot_test
