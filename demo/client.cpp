// SPDX-License-Identifier: GPL-3.0-or-later
#include "demo/client.h"

#include <sstream>

#include <httplib.h>

#include "demo/moves.h"
#include "engine/types.h"
#include "server/accounts.h"
#include "server/stream_client.h"

namespace demo {
namespace {

using json = nlohmann::json;
using namespace std::chrono_literals;

engine::Variant rules_for(const std::string& key) {
  if (key == "pacifist") return engine::Variant::Pacifist;
  if (key == "standard") return engine::Variant::Standard;
  return engine::Variant::Chess960;  // chess960 and fromPosition
}

std::vector<std::string> split_words(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

}  // namespace

DemoPlayer::DemoPlayer(DemoPlayerOptions options) : options_(std::move(options)) {}

DemoPlayer::~DemoPlayer() {
  stop();
}

void DemoPlayer::set_observer(Observer observer) {
  std::lock_guard lock(mutex_);
  observer_ = std::move(observer);
}

std::expected<void, std::string> DemoPlayer::start() {
  events_ = std::make_unique<server::StreamClient>(
      options_.host, options_.port, "/api/stream/event", options_.token, "paxbot-demo/1.0");
  for (int i = 0; i < 500 && events_->status() == 0; ++i) std::this_thread::sleep_for(10ms);
  if (events_->status() != 200)
    return std::unexpected(options_.username + ": event stream answered " +
                           std::to_string(events_->status()) + " " + events_->error_body());
  event_thread_ = std::thread([this] { event_loop(); });
  return {};
}

void DemoPlayer::stop() {
  std::map<std::string, std::thread> games;
  {
    std::lock_guard lock(mutex_);
    if (stopping_) return;
    stopping_ = true;
    games.swap(games_);
  }
  cv_.notify_all();
  if (events_) events_->close();
  if (event_thread_.joinable()) event_thread_.join();
  for (auto& [id, thread] : games)
    if (thread.joinable()) thread.join();
}

void DemoPlayer::note_error(std::string message) {
  std::lock_guard lock(mutex_);
  errors_.push_back(options_.username + ": " + std::move(message));
}

std::vector<std::string> DemoPlayer::errors() const {
  std::lock_guard lock(mutex_);
  return errors_;
}

std::expected<std::string, std::string> DemoPlayer::challenge(const std::string& dest,
                                                              const std::string& form) {
  return create_challenge(options_.host, options_.port, options_.token, dest, form);
}

std::expected<std::string, std::string> DemoPlayer::create_challenge(const std::string& host,
                                                                     int port,
                                                                     const std::string& token,
                                                                     const std::string& dest,
                                                                     const std::string& form) {
  httplib::Client http(host, port);
  http.set_default_headers({{"Authorization", "Bearer " + token}});
  auto res = http.Post("/api/challenge/" + dest, form, "application/x-www-form-urlencoded");
  if (!res) return std::unexpected("challenge: no answer from the server");
  json body = json::parse(res->body, nullptr, false);
  if (res->status != 200 || !body.is_object() || !body.contains("id"))
    return std::unexpected("challenge: " + std::to_string(res->status) + " " + res->body);
  return body["id"].get<std::string>();
}

std::optional<json> DemoPlayer::wait_finished(const std::string& game_id,
                                              std::chrono::milliseconds timeout) {
  std::unique_lock lock(mutex_);
  cv_.wait_for(lock, timeout, [&] { return finished_.contains(game_id) || stopping_; });
  auto it = finished_.find(game_id);
  if (it == finished_.end()) return std::nullopt;
  return it->second;
}

void DemoPlayer::event_loop() {
  const std::string me = server::lower_case(options_.username);
  httplib::Client http(options_.host, options_.port);
  http.set_default_headers({{"Authorization", "Bearer " + options_.token}});
  while (true) {
    server::StreamClient::Next next = events_->next(500ms);
    if (next.kind == server::StreamClient::Next::Kind::kEnded) break;
    if (next.kind == server::StreamClient::Next::Kind::kTimeout || next.line.empty()) continue;
    json event = json::parse(next.line, nullptr, false);
    if (!event.is_object()) {
      note_error("unreadable event line: " + next.line);
      continue;
    }
    const std::string type = event.value("type", "");
    if (type == "challenge") {
      const json& c = event["challenge"];
      const bool for_me = c["destUser"].is_object() && c["destUser"]["id"] == me;
      if (for_me && c["status"] == "created") {
        auto res = http.Post("/api/challenge/" + c["id"].get<std::string>() + "/accept");
        if (!res || res->status != 200) note_error("accept failed");
      }
    } else if (type == "gameStart") {
      const std::string id = event["game"]["gameId"];
      std::lock_guard lock(mutex_);
      if (!stopping_ && !games_.contains(id))
        games_.emplace(id, std::thread([this, id] { play_game(id); }));
    } else if (type == "gameFinish") {
      std::lock_guard lock(mutex_);
      finished_[event["game"]["gameId"]] = event["game"];
      cv_.notify_all();
    }
  }
}

void DemoPlayer::play_game(std::string game_id) {
  const std::string me = server::lower_case(options_.username);
  server::StreamClient stream(options_.host, options_.port, "/api/bot/game/stream/" + game_id,
                              options_.token, "paxbot-demo/1.0");
  httplib::Client http(options_.host, options_.port);
  http.set_default_headers({{"Authorization", "Bearer " + options_.token}});
  MoveChooser chooser(options_.movetime_ms);
  json full;
  engine::Color color = engine::White, first = engine::White;
  int played_ply = -1;
  while (true) {
    {
      std::lock_guard lock(mutex_);
      if (stopping_) return;
    }
    server::StreamClient::Next next = stream.next(500ms);
    if (next.kind == server::StreamClient::Next::Kind::kEnded) return;
    if (next.kind == server::StreamClient::Next::Kind::kTimeout || next.line.empty()) continue;
    json line = json::parse(next.line, nullptr, false);
    if (!line.is_object()) continue;
    json state;
    if (line["type"] == "gameFull") {
      full = line;
      state = line["state"];
      color = full["white"]["id"] == me ? engine::White : engine::Black;
      const std::vector<std::string> fen = split_words(full["initialFen"]);
      first = fen.size() > 1 && fen[1] == "b" ? engine::Black : engine::White;
    } else if (line["type"] == "gameState") {
      state = line;
    } else {
      continue;
    }
    Observer observer;
    {
      std::lock_guard lock(mutex_);
      observer = observer_;
    }
    if (observer) observer(game_id, line);
    if (full.is_null() || state["status"] != "started") {
      if (!full.is_null()) return;
      continue;
    }
    const std::vector<std::string> moves = split_words(state["moves"]);
    const int ply = int(moves.size());
    const engine::Color to_move = ply % 2 == 0 ? first : ~first;
    if (to_move != color || ply == played_ply) continue;
    const std::string uci =
        chooser.choose(rules_for(full["variant"]["key"]), full["initialFen"], moves);
    if (uci.empty()) continue;
    played_ply = ply;
    std::string path = "/api/bot/game/" + game_id + "/move/" + uci;
    if (ply >= options_.draw_after_plies) path += "?offeringDraw=true";
    auto res = http.Post(path);
    if (!res || res->status != 200)
      note_error("move " + uci + " refused: " + (res ? res->body : std::string("no answer")));
  }
}

}  // namespace demo
