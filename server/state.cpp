// SPDX-License-Identifier: GPL-3.0-or-later
// ServerState: construction, authentication, users, streams, presence and tick.
// Challenges are in state_challenges.cpp, game commands in state_games.cpp.
#include "server/state.h"

#include <algorithm>

#include "server/views.h"

namespace server {

ServerState::ServerState(Accounts accounts, const base::Clock& clock, StateOptions options)
    : accounts_(std::move(accounts)),
      clock_(clock),
      options_(std::move(options)),
      rng_(options_.seed ? options_.seed : std::random_device{}()) {
  const std::int64_t created = clock_.wall_ms();
  for (const Account* a : accounts_.all()) {
    Account* account = accounts_.find(a->id);
    account->created_at = created;
    account->seen_at = created;
  }
}

void ServerState::set_base_url(std::string url) {
  Lock lock(mutex_);
  options_.base_url = std::move(url);
}

Result<Caller> ServerState::authenticate(const std::string& authorization) const {
  constexpr std::string_view kBearer = "Bearer ";
  if (authorization.empty()) return unauthorized("Missing authorization header (Bearer token)");
  if (!authorization.starts_with(kBearer)) return unauthorized("No such token");
  const std::string token = authorization.substr(kBearer.size());
  Lock lock(mutex_);
  const Account* account = accounts_.by_token(token);
  if (!account) return unauthorized("No such token");
  accounts_.find(account->id)->seen_at = wall();
  return Caller{account->id, account->bot};
}

bool ServerState::online(const std::string& id) const {
  return event_streams_.contains(id);
}

bool ServerState::connected(const GameEntry& e, engine::Color c) const {
  return std::any_of(e.streams.begin(), e.streams.end(),
                     [c](const GameStream& s) { return s.color == c; });
}

int ServerState::ongoing_games(const std::string& id) const {
  int n = 0;
  for (const auto& [gid, e] : games_)
    if (!e.game.over() && e.game.color_of(id)) ++n;
  return n;
}

nlohmann::json ServerState::account(const std::string& me) const {
  Lock lock(mutex_);
  return user_json(*accounts_.find(me), options_.base_url, online(me), ongoing_games(me));
}

Result<void> ServerState::upgrade(const std::string& me) {
  Lock lock(mutex_);
  Account* account = accounts_.find(me);
  if (account->bot) return bad_request("This account is already a bot account.");
  const bool played = std::any_of(games_.begin(), games_.end(), [&](const auto& g) {
    return g.second.game.color_of(me).has_value();
  });
  if (played || account->games > 0)
    return bad_request("This account has played games and cannot become a bot account.");
  account->bot = true;
  return {};
}

Result<nlohmann::json> ServerState::token_test(const std::string& body) const {
  std::vector<std::string> tokens;
  std::size_t start = 0;
  while (start <= body.size()) {
    std::size_t comma = body.find(',', start);
    if (comma == std::string::npos) comma = body.size();
    std::string token = body.substr(start, comma - start);
    token.erase(0, token.find_first_not_of(" \t\r\n"));
    token.erase(token.find_last_not_of(" \t\r\n") + 1);
    if (!token.empty()) tokens.push_back(token);
    start = comma + 1;
  }
  if (tokens.empty())
    return bad_request("No tokens given: send them comma-separated as text/plain");
  if (tokens.size() > 1000) return bad_request("Too many tokens: at most 1000");
  Lock lock(mutex_);
  nlohmann::json out = nlohmann::json::object();
  for (const std::string& token : tokens) {
    const Account* a = accounts_.by_token(token);
    out[token] = a ? nlohmann::json{{"userId", a->id},
                                    {"scopes", "bot:play,challenge:read,challenge:write"},
                                    {"expires", nullptr}}
                   : nlohmann::json(nullptr);
  }
  return out;
}

Result<nlohmann::json> ServerState::user(const std::string& name) const {
  Lock lock(mutex_);
  const Account* a = accounts_.find(name);
  if (!a) return not_found("Not found");
  return user_json(*a, options_.base_url, online(a->id), ongoing_games(a->id));
}

Result<nlohmann::json> ServerState::users_status(const std::string& ids, bool with_game_ids) const {
  std::vector<std::string> names;
  std::size_t start = 0;
  while (start < ids.size()) {
    std::size_t comma = ids.find(',', start);
    if (comma == std::string::npos) comma = ids.size();
    if (comma > start) names.push_back(ids.substr(start, comma - start));
    start = comma + 1;
  }
  if (names.empty()) return bad_request("ids: give up to 100 comma-separated user ids");
  if (names.size() > 100) return bad_request("ids: at most 100 user ids");
  Lock lock(mutex_);
  nlohmann::json out = nlohmann::json::array();
  for (const std::string& name : names) {
    const Account* a = accounts_.find(name);
    if (!a) continue;
    nlohmann::json j = {{"id", a->id}, {"name", a->username}};
    if (a->bot) j["title"] = "BOT";
    if (online(a->id)) j["online"] = true;
    for (const auto& [gid, e] : games_) {
      if (e.game.over() || !e.game.color_of(a->id)) continue;
      j["playing"] = true;
      if (with_game_ids) j["playingId"] = gid;
      break;
    }
    out.push_back(j);
  }
  return out;
}

std::vector<nlohmann::json> ServerState::online_bots(int nb) const {
  Lock lock(mutex_);
  std::vector<nlohmann::json> out;
  for (const Account* a : accounts_.all()) {
    if (int(out.size()) >= nb) break;
    if (a->bot && online(a->id))
      out.push_back(user_json(*a, options_.base_url, true, ongoing_games(a->id)));
  }
  return out;
}

nlohmann::json ServerState::playing(const std::string& me, int nb) const {
  Lock lock(mutex_);
  const std::int64_t t = now();
  std::vector<nlohmann::json> games;
  for (const auto& [gid, e] : games_) {
    auto color = e.game.color_of(me);
    if (e.game.over() || !color) continue;
    games.push_back(game_event_json(e.game, *color, accounts_, t));
  }
  // Most urgent first: my turn, then least time left.
  std::stable_sort(games.begin(), games.end(), [](const auto& a, const auto& b) {
    if (a["isMyTurn"] != b["isMyTurn"]) return a["isMyTurn"].template get<bool>();
    return a.value("secondsLeft", 1LL << 40) < b.value("secondsLeft", 1LL << 40);
  });
  int my_turn = 0;
  for (const auto& g : games) my_turn += g["isMyTurn"].get<bool>() ? 1 : 0;
  if (int(games.size()) > nb) games.resize(nb);
  return {{"nbMyTurn", my_turn}, {"nowPlaying", games}};
}

void ServerState::send_event(const std::string& account, const nlohmann::json& line) {
  auto it = event_streams_.find(account);
  if (it != event_streams_.end()) it->second->push(line.dump());
}

void ServerState::broadcast(GameEntry& e, const std::string& line) {
  for (GameStream& s : e.streams) s.channel->push(line);
}

void ServerState::send_to(GameEntry& e, engine::Color c, const std::string& line) {
  for (GameStream& s : e.streams)
    if (s.color == c) s.channel->push(line);
}

std::shared_ptr<StreamChannel> ServerState::open_event_stream(const std::string& me) {
  auto channel = std::make_shared<StreamChannel>();
  Lock lock(mutex_);
  if (shut_down_) {
    channel->close();
    return channel;
  }
  if (auto old = event_streams_.find(me); old != event_streams_.end()) old->second->close();
  event_streams_[me] = channel;
  const std::int64_t t = now();
  for (const auto& [gid, e] : games_) {
    auto color = e.game.color_of(me);
    if (e.game.over() || !color) continue;
    channel->push(nlohmann::json{{"type", "gameStart"},
                                 {"game", game_event_json(e.game, *color, accounts_, t)}}
                      .dump());
  }
  for (const auto& [cid, c] : challenges_) {
    if (!c.pending() || (c.challenger != me && c.dest != me)) continue;
    channel->push(nlohmann::json{{"type", "challenge"},
                                 {"challenge", challenge_view(c)},
                                 {"compat", {{"bot", true}, {"board", true}}}}
                      .dump());
  }
  lobby_changed();
  return channel;
}

void ServerState::release_event_stream(const std::string& me,
                                       const std::shared_ptr<StreamChannel>& ch) {
  Lock lock(mutex_);
  auto it = event_streams_.find(me);
  if (it == event_streams_.end() || it->second != ch) return;
  event_streams_.erase(it);
  lobby_changed();
}

Result<std::shared_ptr<StreamChannel>> ServerState::open_game_stream(
    const std::string& me, const std::string& game_id, const std::string& user_agent) {
  Lock lock(mutex_);
  auto found = player_game(me, game_id);
  if (!found) return std::unexpected(found.error());
  auto [entry, color] = *found;
  refresh(*entry);
  auto channel = std::make_shared<StreamChannel>();
  channel->push(game_full_json(entry->game, accounts_, now()).dump());
  if (entry->game.over() || shut_down_) {
    channel->close();
    return channel;
  }
  // One stream per (player, User-Agent): a reconnect replaces the older stream.
  std::erase_if(entry->streams, [&](const GameStream& s) {
    if (s.color != color || s.user_agent != user_agent) return false;
    s.channel->close();
    return true;
  });
  Presence& presence = entry->presence[color];
  if (!connected(*entry, color) && presence.notified)
    send_to(*entry, ~color, R"({"type":"opponentGone","gone":false})");
  presence = Presence{};
  entry->streams.push_back({channel, color, user_agent});
  return channel;
}

void ServerState::release_game_stream(const std::string& game_id,
                                      const std::shared_ptr<StreamChannel>& ch) {
  Lock lock(mutex_);
  auto it = games_.find(game_id);
  if (it == games_.end()) return;
  GameEntry& e = it->second;
  auto s = std::find_if(e.streams.begin(), e.streams.end(),
                        [&](const GameStream& g) { return g.channel == ch; });
  if (s == e.streams.end()) return;
  const engine::Color color = s->color;
  e.streams.erase(s);
  if (!connected(e, color)) e.presence[color] = Presence{now(), false, -1};
}

void ServerState::release_challenge_stream(const std::string& id,
                                           const std::shared_ptr<StreamChannel>& ch) {
  Lock lock(mutex_);
  auto it = challenge_streams_.find(id);
  if (it == challenge_streams_.end() || it->second != ch) return;
  challenge_streams_.erase(it);
  // The challenger hung up on a keepAliveStream challenge: it is canceled.
  auto c = challenges_.find(id);
  if (c != challenges_.end() && c->second.pending())
    end_challenge(c->second, ChallengeStatus::kCanceled, "canceled");
}

void ServerState::tick_presence(GameEntry& e, std::int64_t t) {
  // As on Lichess, only realtime games can be claimed after the opponent left: a
  // correspondence player may close the game and come back days later.
  if (e.game.over() || e.game.ply() < 2 || !e.game.setup().time_control.realtime()) return;
  for (engine::Color c : {engine::White, engine::Black}) {
    if (connected(e, c)) continue;
    Presence& p = e.presence[c];
    if (t - p.gone_since < options_.gone_after_ms) continue;
    const std::int64_t left_ms =
        p.gone_since + options_.gone_after_ms + options_.claim_after_ms - t;
    const std::int64_t seconds = std::max<std::int64_t>(0, (left_ms + 999) / 1000);
    if (p.notified && seconds == p.countdown) continue;
    p.notified = true;
    p.countdown = seconds;
    send_to(e, ~c,
            nlohmann::json{{"type", "opponentGone"}, {"gone", true}, {"claimWinInSeconds", seconds}}
                .dump());
  }
}

void ServerState::tick() {
  Lock lock(mutex_);
  const std::int64_t t = now();
  for (auto& [id, c] : challenges_) {
    if (c.pending() && c.request.time_control.realtime() && !c.request.keep_alive_stream &&
        t - c.created_at >= options_.challenge_expiry_ms)
      end_challenge(c, ChallengeStatus::kCanceled, "canceled");
  }
  for (auto& [id, e] : games_) {
    refresh(e);
    tick_presence(e, t);
  }
}

void ServerState::shutdown() {
  Lock lock(mutex_);
  shut_down_ = true;
  for (auto& [id, ch] : event_streams_) ch->close();
  for (auto& [id, ch] : challenge_streams_) ch->close();
  for (auto& ch : lobby_streams_) ch->close();
  for (auto& [id, e] : games_) {
    for (GameStream& s : e.streams) s.channel->close();
    for (auto& ch : e.watchers) ch->close();
  }
}

std::size_t ServerState::open_stream_count() const {
  Lock lock(mutex_);
  std::size_t n = event_streams_.size() + challenge_streams_.size() + lobby_streams_.size();
  for (const auto& [id, e] : games_) n += e.streams.size() + e.watchers.size();
  return n;
}

nlohmann::json ServerState::game_stream_counts() const {
  Lock lock(mutex_);
  nlohmann::json counts = nlohmann::json::object();
  for (const auto& [id, e] : games_)
    if (!e.game.over()) counts[id] = e.streams.size();
  return counts;
}

std::size_t ServerState::games_held() const {
  Lock lock(mutex_);
  return games_.size();
}

std::size_t ServerState::challenges_held() const {
  Lock lock(mutex_);
  return challenges_.size();
}

nlohmann::json ServerState::post_log() const {
  Lock lock(mutex_);
  return posts_.to_json();
}

}  // namespace server
