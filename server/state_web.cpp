// SPDX-License-Identifier: GPL-3.0-or-later
// ServerState: the read-only views behind the web pages (the lobby and one game) and
// their live streams. Game records are only kept in step while someone watches.
#include <algorithm>

#include "engine/fen.h"
#include "engine/status.h"
#include "server/state.h"
#include "server/views.h"

namespace server {
namespace {

constexpr std::size_t kLobbyFinishedGames = 50;  // newest finished games in the lobby

nlohmann::json web_player_json(const Accounts& accounts, const std::string& id) {
  const Account* a = accounts.find(id);
  if (!a) return {{"id", id}, {"name", id}, {"bot", false}};
  return {{"id", a->id}, {"name", a->username}, {"bot", a->bot}};
}

nlohmann::json game_summary_json(const Game& game, const Accounts& accounts) {
  const GameSetup& s = game.setup();
  nlohmann::json j = {{"id", s.id},
                      {"variant", variant_json(s.variant)},
                      {"speed", s.time_control.speed()},
                      {"timeControl", s.time_control.show()},
                      {"rated", s.rated},
                      {"white", web_player_json(accounts, s.users[engine::White])},
                      {"black", web_player_json(accounts, s.users[engine::Black])},
                      {"status", status_name(game.status())},
                      {"ply", game.ply()},
                      {"fen", engine::to_fen(game.position())},
                      {"createdAt", game.created_wall()}};
  if (game.winner()) j["winner"] = color_name(*game.winner());
  if (!game.moves().empty()) j["lastMove"] = game.moves().back();
  return j;
}

}  // namespace

nlohmann::json ServerState::lobby_json() const {
  nlohmann::json accounts = nlohmann::json::array();
  for (const Account* a : accounts_.all()) {
    nlohmann::json j = {
        {"id", a->id}, {"name", a->username}, {"bot", a->bot}, {"online", online(a->id)}};
    for (const auto& [gid, e] : games_)
      if (!e.game.over() && e.game.color_of(a->id)) j["playing"] = gid;
    accounts.push_back(std::move(j));
  }
  std::vector<const Game*> ongoing, finished;
  for (const auto& [gid, e] : games_) (e.game.over() ? finished : ongoing).push_back(&e.game);
  auto newest_first = [](const Game* a, const Game* b) {
    return a->last_move_wall() > b->last_move_wall();
  };
  std::sort(finished.begin(), finished.end(), newest_first);
  if (finished.size() > kLobbyFinishedGames) finished.resize(kLobbyFinishedGames);
  nlohmann::json playing = nlohmann::json::array(), done = nlohmann::json::array();
  for (const Game* g : ongoing) playing.push_back(game_summary_json(*g, accounts_));
  for (const Game* g : finished) done.push_back(game_summary_json(*g, accounts_));
  nlohmann::json challenges = nlohmann::json::array();
  for (const auto& [cid, c] : challenges_)
    if (c.pending()) challenges.push_back(challenge_view(c));
  return {{"type", "lobby"},
          {"accounts", accounts},
          {"playing", playing},
          {"finished", done},
          {"challenges", challenges}};
}

nlohmann::json ServerState::web_state_json(const GameEntry& e) const {
  const Game& game = e.game;
  const std::int64_t t = now();
  nlohmann::json j = {
      {"status", status_name(game.status())},
      {"ply", game.ply()},
      {"turn", color_name(game.turn())},
      {"wtime", game.time_left_ms(engine::White, t)},
      {"btime", game.time_left_ms(engine::Black, t)},
      {"clockRunning", game.setup().time_control.realtime() && !game.over() && game.ply() >= 2},
      {"wdraw", game.draw_offer(engine::White)},
      {"bdraw", game.draw_offer(engine::Black)}};
  if (game.winner()) j["winner"] = color_name(*game.winner());
  if (game.over() && game.termination() != engine::Termination::None)
    j["reason"] = engine::termination_text(game.termination());
  if (!game.over()) j["legal"] = legal_destinations_json(legal_destinations(game.position()));
  return j;
}

nlohmann::json ServerState::web_game_json(GameEntry& e) {
  e.record.sync(e.game);
  const GameSetup& s = e.game.setup();
  nlohmann::json moves = nlohmann::json::array();
  for (const MoveRecord& m : e.record.moves()) moves.push_back(move_record_json(m));
  nlohmann::json chat = nlohmann::json::array();
  for (const ChatLine& line : e.game.chat())
    if (line.room == "spectator") chat.push_back(chat_line_json(line));
  nlohmann::json j = game_summary_json(e.game, accounts_);
  j["type"] = "game";
  j["initialFen"] = s.initial_fen;
  j["startFen"] = e.record.start_fen();
  j["moves"] = moves;
  j["chat"] = chat;
  j["state"] = web_state_json(e);
  if (s.time_control.realtime())
    j["clock"] = {{"initial", s.time_control.limit_s * 1000LL},
                  {"increment", s.time_control.increment_s * 1000LL}};
  return j;
}

nlohmann::json ServerState::lobby() const {
  Lock lock(mutex_);
  return lobby_json();
}

Result<nlohmann::json> ServerState::web_game(const std::string& id) {
  Lock lock(mutex_);
  auto it = games_.find(id);
  if (it == games_.end()) return not_found("No such game");
  refresh(it->second);
  return web_game_json(it->second);
}

void ServerState::lobby_changed() {
  if (lobby_streams_.empty()) return;
  const std::string line = lobby_json().dump();
  for (auto& ch : lobby_streams_) ch->push(line);
}

void ServerState::lobby_game_changed(const GameEntry& e) {
  if (lobby_streams_.empty()) return;
  const std::string line =
      nlohmann::json{{"type", "lobbyGame"}, {"game", game_summary_json(e.game, accounts_)}}.dump();
  for (auto& ch : lobby_streams_) ch->push(line);
}

void ServerState::notify_watchers(GameEntry& e) {
  if (e.watchers.empty()) return;
  const std::size_t from = e.record.sync(e.game);
  nlohmann::json moves = nlohmann::json::array();
  for (std::size_t i = from; i < e.record.moves().size(); ++i)
    moves.push_back(move_record_json(e.record.moves()[i]));
  const std::string line = nlohmann::json{
      {"type", "state"},
      {"from", from},
      {"moves", moves},
      {"state",
       web_state_json(e)}}.dump();
  for (auto& ch : e.watchers) ch->push(line);
}

std::shared_ptr<StreamChannel> ServerState::open_lobby_stream() {
  auto channel = std::make_shared<StreamChannel>();
  Lock lock(mutex_);
  channel->push(lobby_json().dump());
  if (shut_down_)
    channel->close();
  else
    lobby_streams_.push_back(channel);
  return channel;
}

void ServerState::release_lobby_stream(const std::shared_ptr<StreamChannel>& ch) {
  Lock lock(mutex_);
  std::erase(lobby_streams_, ch);
}

Result<std::shared_ptr<StreamChannel>> ServerState::open_watch_stream(const std::string& game_id) {
  Lock lock(mutex_);
  auto it = games_.find(game_id);
  if (it == games_.end()) return not_found("No such game");
  GameEntry& e = it->second;
  refresh(e);
  auto channel = std::make_shared<StreamChannel>();
  channel->push(web_game_json(e).dump());
  if (e.game.over() || shut_down_)
    channel->close();
  else
    e.watchers.push_back(channel);
  return channel;
}

void ServerState::release_watch_stream(const std::string& game_id,
                                       const std::shared_ptr<StreamChannel>& ch) {
  Lock lock(mutex_);
  auto it = games_.find(game_id);
  if (it != games_.end()) std::erase(it->second.watchers, ch);
}

}  // namespace server
