// SPDX-License-Identifier: GPL-3.0-or-later
#include "tests/integration/arena.h"

#include <gtest/gtest.h>
#include <signal.h>

#include "config/defaults.h"
#include "config/describe.h"

namespace paxbot_test {

namespace {
const char* const kAccounts[] = {"alice", "bob", "dave", "carol"};
}  // namespace

std::string Arena::token(const std::string& name) {
  return "tok_" + name;
}

Arena::Arena(std::vector<std::string> extra_server_args, std::vector<std::string> extra_bots) {
  std::vector<std::string> names(std::begin(kAccounts), std::end(kAccounts));
  names.insert(names.end(), extra_bots.begin(), extra_bots.end());
  const int port = free_port();
  base_url_ = "http://127.0.0.1:" + std::to_string(port);
  std::vector<std::string> argv = {PAXBOT_BINARY,    "serve",
                                   "--listen",       "127.0.0.1:" + std::to_string(port),
                                   "--keepalive-ms", "500"};
  for (const std::string& name : names) {
    argv.push_back("--account");
    argv.push_back(name + ":" + token(name) + (name == "carol" ? "" : ":bot"));
  }
  argv.insert(argv.end(), extra_server_args.begin(), extra_server_args.end());
  server_ = ChildProcess(argv, {}, dir_.file("server.log"));
  for (const std::string& name : names) {
    Account a;
    a.http = std::make_unique<bot::CurlHttpClient>(bot::CurlHttpClient::Options{
        .base_url = base_url_, .token = token(name), .user_name = name});
    a.client = std::make_unique<bot::LichessClient>(*a.http, clock_, log_);
    accounts_.emplace(name, std::move(a));
  }
  bool up = wait_until([this] { return client("carol").account().has_value(); },
                       std::chrono::seconds(10));
  EXPECT_TRUE(up) << "paxbot serve did not come up: " << dir_.read("server.log");
}

Arena::~Arena() {
  server_.signal(SIGTERM);
  server_.wait(std::chrono::seconds(5));
}

ChildProcess Arena::start_bot(const std::string& name,
                              const std::function<void(config::Config&)>& adjust,
                              std::map<std::string, std::string> env) {
  config::Config config = config::default_config();
  config.url = base_url_;
  config.log_level = config::LogLevel::kDebug;
  config.abort_time_s = 20;
  config.engine.hash_mb = 4;
  config.engine.max_think_ms = 60;
  config.engine.move_overhead_ms = 30;
  config.engine.first_move_max_ms = 200;
  if (adjust) adjust(config);
  dir_.write(name + ".yml", config::describe(config));
  env["LICHESS_BOT_TOKEN"] = token(name);
  return ChildProcess({PAXBOT_BINARY, "run", "--config", dir_.file(name + ".yml")}, env,
                      dir_.file(name + ".log"));
}

bot::LichessClient& Arena::client(const std::string& name) {
  return *accounts_.at(name).client;
}

bot::HttpClient& Arena::http(const std::string& name) {
  return *accounts_.at(name).http;
}

std::string Arena::challenge(const std::string& from, const std::string& to,
                             const std::string& variant, int limit_s, int increment_s,
                             const std::string& fen) {
  bot::ChallengeRequest request;
  request.username = to;
  request.clock_limit_s = limit_s;
  request.clock_increment_s = increment_s;
  request.variant = variant;
  request.fen = fen;
  auto created = client(from).create_challenge(request);
  EXPECT_TRUE(created.has_value()) << (created ? "" : created.error().describe());
  return created ? created->id : "";
}

GameOutcome Arena::outcome(const std::string& game_id) {
  auto exported = client("carol").export_game(game_id, bot::GameExportFormat::kJson);
  if (!exported) return {};
  auto j = nlohmann::json::parse(*exported, nullptr, false);
  if (j.is_discarded()) return {};
  GameOutcome o;
  std::string status = j.value("status", "");
  if (status != "created" && status != "started") o.status = status;
  o.winner = j.value("winner", "");
  o.variant = j.value("variant", "");
  o.white = j.value(nlohmann::json::json_pointer("/players/white/user/id"), std::string());
  std::string moves = j.value("moves", "");
  for (std::size_t i = 0; i < moves.size(); ++i)
    if (moves[i] != ' ' && (i == 0 || moves[i - 1] == ' ')) ++o.plies;
  return o;
}

bool Arena::wait_for_end(const std::string& game_id, std::chrono::seconds timeout) {
  return wait_until([&] { return !outcome(game_id).status.empty(); }, timeout,
                    std::chrono::milliseconds(250));
}

std::string Arena::challenge_status(const std::string& challenger, const std::string& id) {
  auto r = http(challenger).request(bot::HttpRequest::get("/api/challenge/" + id + "/show"));
  const auto c = r.ok() ? nlohmann::json::parse(r.body, nullptr, false) : nlohmann::json();
  return c.is_object() ? c.value("status", "") : "";
}

void Arena::add_hook(const nlohmann::json& rule) {
  bot::CurlHttpClient http({.base_url = base_url_, .token = "", .user_name = ""});
  auto r =
      http.request(bot::HttpRequest::post_text("/_test/hooks", "application/json", rule.dump()));
  EXPECT_TRUE(r.ok()) << r.status << " " << r.body;
}

nlohmann::json Arena::hooks() {
  bot::CurlHttpClient http({.base_url = base_url_, .token = "", .user_name = ""});
  auto r = http.request(bot::HttpRequest::get("/_test/hooks"));
  EXPECT_TRUE(r.ok()) << r.status << " " << r.body;
  nlohmann::json rules = r.ok() ? nlohmann::json::parse(r.body, nullptr, false) : nlohmann::json();
  return rules.is_array() ? rules : nlohmann::json::array();
}

}  // namespace paxbot_test
