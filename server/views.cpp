// SPDX-License-Identifier: GPL-3.0-or-later
#include "server/views.h"

#include "engine/fen.h"
#include "lichess/perf.h"

namespace server {
const char* color_name(engine::Color c) {
  return c == engine::White ? "white" : "black";
}

namespace {

json game_player_json(const Account* account) {
  json j;
  j["id"] = account ? account->id : "";
  j["name"] = account ? account->username : "";
  j["title"] = account && account->bot ? json("BOT") : json(nullptr);
  j["rating"] = kDefaultRating;
  j["provisional"] = true;
  return j;
}

json perfs_json() {
  json perfs = json::object();
  for (const char* perf :
       {"bullet", "blitz", "rapid", "classical", "correspondence", "chess960", "pacifist"})
    perfs[perf] = {
        {"games", 0}, {"rating", kDefaultRating}, {"rd", 500}, {"prog", 0}, {"prov", true}};
  return perfs;
}

}  // namespace

json variant_json(lichess::Variant v, bool with_short) {
  const lichess::VariantInfo& info = lichess::variant_info(v);
  json j = {{"key", info.key}, {"name", info.name}};
  if (with_short) j["short"] = info.short_name;
  return j;
}

json game_state_json(const Game& game, std::int64_t now) {
  json j;
  j["type"] = "gameState";
  j["moves"] = game.moves_text();
  j["wtime"] = game.time_left_ms(engine::White, now);
  j["btime"] = game.time_left_ms(engine::Black, now);
  j["winc"] = game.increment_ms();
  j["binc"] = game.increment_ms();
  j["status"] = status_name(game.status());
  if (game.winner()) j["winner"] = color_name(*game.winner());
  if (game.draw_offer(engine::White)) j["wdraw"] = true;
  if (game.draw_offer(engine::Black)) j["bdraw"] = true;
  if (game.takeback_offer(engine::White)) j["wtakeback"] = true;
  if (game.takeback_offer(engine::Black)) j["btakeback"] = true;
  if (auto to_move = game.millis_to_move(now))
    j["expiration"] = {{"idleMillis", game.idle_ms(now)}, {"millisToMove", *to_move}};
  return j;
}

json game_full_json(const Game& game, const Accounts& accounts, std::int64_t now) {
  const GameSetup& s = game.setup();
  const std::string speed = s.time_control.speed();
  json j;
  j["type"] = "gameFull";
  j["id"] = s.id;
  j["variant"] = variant_json(s.variant);
  j["speed"] = speed;
  j["perf"] = {
      {"name", lichess::perf_name(lichess::perf_key(s.variant, s.time_control.speed_class()))}};
  j["rated"] = s.rated;
  j["createdAt"] = game.created_wall();
  j["white"] = game_player_json(accounts.find(s.users[engine::White]));
  j["black"] = game_player_json(accounts.find(s.users[engine::Black]));
  j["initialFen"] = s.initial_fen;
  if (s.time_control.realtime())
    j["clock"] = {{"initial", s.time_control.limit_s * 1000LL},
                  {"increment", s.time_control.increment_s * 1000LL}};
  if (s.time_control.kind == TimeControl::Kind::kCorrespondence)
    j["daysPerTurn"] = s.time_control.days;
  j["state"] = game_state_json(game, now);
  return j;
}

json game_event_json(const Game& game, engine::Color pov, const Accounts& accounts,
                     std::int64_t now) {
  const GameSetup& s = game.setup();
  const std::string speed = s.time_control.speed();
  const Account* opponent = accounts.find(s.users[~pov]);
  json j;
  j["fullId"] = s.id + s.player_ids[pov];
  j["gameId"] = s.id;
  j["id"] = s.id;
  j["fen"] = engine::to_fen(game.position());
  j["color"] = color_name(pov);
  j["lastMove"] = game.moves().empty() ? "" : game.moves().back();
  j["source"] = "friend";
  j["status"] = {{"id", static_cast<int>(game.status())}, {"name", status_name(game.status())}};
  j["variant"] = variant_json(s.variant, false);
  j["speed"] = speed;
  j["perf"] = lichess::perf_key(s.variant, s.time_control.speed_class());
  j["rated"] = s.rated;
  const engine::Color first_mover = game.ply() % 2 == 0 ? game.turn() : ~game.turn();
  j["hasMoved"] = game.ply() >= (first_mover == pov ? 1 : 2);
  j["isMyTurn"] = !game.over() && game.turn() == pov;
  j["opponent"] = {{"id", opponent ? opponent->id : ""},
                   {"username", opponent ? opponent->username : ""},
                   {"rating", kDefaultRating}};
  if (s.time_control.kind != TimeControl::Kind::kUnlimited)
    j["secondsLeft"] = game.time_left_ms(pov, now) / 1000;
  if (game.winner()) j["winner"] = color_name(*game.winner());
  const lichess::Speed speed_class = s.time_control.speed_class();
  j["compat"] = {{"bot", lichess::bots_may_play(speed_class)},
                 {"board", speed_class > lichess::Speed::kBullet}};
  return j;
}

json chat_line_json(const ChatLine& line) {
  return {{"type", "chatLine"}, {"room", line.room}, {"username", line.user}, {"text", line.text}};
}

json challenge_json(const Challenge& c, const Accounts& accounts, const std::string& base_url,
                    const OnlineFn& online, const std::string& direction) {
  auto user = [&](const std::string& id) -> json {
    const Account* a = accounts.find(id);
    if (!a) return nullptr;
    json u = {{"id", a->id},
              {"name", a->username},
              {"rating", kDefaultRating},
              {"provisional", true},
              {"online", online(a->id)}};
    if (a->bot) u["title"] = "BOT";
    return u;
  };
  const TimeControl& tc = c.request.time_control;
  const std::string speed = tc.speed();
  const std::string_view perf = lichess::perf_key(c.variant, tc.speed_class());
  json j;
  j["id"] = c.id;
  j["url"] = base_url + "/" + c.id;
  j["status"] = challenge_status_name(c.status);
  j["challenger"] = user(c.challenger);
  j["destUser"] = user(c.dest);
  j["variant"] = variant_json(c.variant);
  j["rated"] = c.rated;
  j["speed"] = speed;
  if (tc.kind == TimeControl::Kind::kClock)
    j["timeControl"] = {{"type", "clock"},
                        {"limit", tc.limit_s},
                        {"increment", tc.increment_s},
                        {"show", tc.show()}};
  else if (tc.kind == TimeControl::Kind::kCorrespondence)
    j["timeControl"] = {{"type", "correspondence"}, {"daysPerTurn", tc.days}};
  else
    j["timeControl"] = {{"type", "unlimited"}};
  j["color"] = color_choice_name(c.request.color);
  j["finalColor"] = color_name(c.challenger_color);
  j["perf"] = {{"icon", "#"}, {"name", lichess::perf_name(perf)}};
  if (c.initial_fen != "startpos") j["initialFen"] = c.initial_fen;
  if (!direction.empty()) j["direction"] = direction;
  if (!c.request.rules.empty()) j["rules"] = c.request.rules;
  if (c.status == ChallengeStatus::kDeclined) {
    j["declineReason"] = lichess::decline_text(c.decline_reason);
    j["declineReasonKey"] = lichess::event_key(c.decline_reason);
  }
  return j;
}

json user_json(const Account& account, const std::string& base_url, bool online, int playing) {
  json j;
  j["id"] = account.id;
  j["username"] = account.username;
  if (account.bot) j["title"] = "BOT";
  j["perfs"] = perfs_json();
  j["createdAt"] = account.created_at;
  j["seenAt"] = account.seen_at;
  j["playTime"] = {{"total", 0}, {"tv", 0}};
  j["url"] = base_url + "/@/" + account.username;
  j["count"] = {{"all", account.games},
                {"rated", account.rated},
                {"ai", 0},
                {"draw", account.draws},
                {"drawH", account.draws},
                {"loss", account.losses},
                {"lossH", account.losses},
                {"win", account.wins},
                {"winH", account.wins},
                {"bookmark", 0},
                {"playing", playing},
                {"import", 0},
                {"me", 0}};
  if (online) j["online"] = true;
  return j;
}

}  // namespace server
