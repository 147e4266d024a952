// SPDX-License-Identifier: GPL-3.0-or-later
// ServerState: game commands, game-end bookkeeping and export.
#include "lichess/chat.h"
#include "server/pgn.h"
#include "server/state.h"
#include "server/views.h"

namespace server {

Result<std::pair<ServerState::GameEntry*, engine::Color>> ServerState::player_game(
    const std::string& me, const std::string& id) {
  auto it = games_.find(id);
  if (it == games_.end()) return not_found("No such game");
  auto color = it->second.game.color_of(me);
  if (!color) return not_found("Not your game");
  return std::pair{&it->second, *color};
}

void ServerState::refresh(GameEntry& e) {
  if (e.game.expire(now(), wall())) game_changed(e);
}

void ServerState::game_changed(GameEntry& e) {
  broadcast(e, game_state_json(e.game, now()).dump());
  notify_watchers(e);
  if (e.game.over())
    game_finished(e);
  else
    lobby_game_changed(e);
}

void ServerState::game_finished(GameEntry& e) {
  finished_games_.push_back(e.game.id());
  for (GameStream& s : e.streams) s.channel->close();
  e.streams.clear();
  for (auto& ch : e.watchers) ch->close();
  e.watchers.clear();
  const GameSetup& setup = e.game.setup();
  const bool counted = e.game.status() != Status::kAborted;
  for (engine::Color c : {engine::White, engine::Black}) {
    Account* a = accounts_.find(setup.users[c]);
    if (counted && a) {
      ++a->games;
      a->rated += setup.rated ? 1 : 0;
      if (!e.game.winner())
        ++a->draws;
      else if (*e.game.winner() == c)
        ++a->wins;
      else
        ++a->losses;
    }
    send_event(setup.users[c],
               {{"type", "gameFinish"}, {"game", game_event_json(e.game, c, accounts_, now())}});
  }
  lobby_changed();
}

Result<void> ServerState::finish_command(GameEntry& e, Result<bool> changed) {
  if (!changed) return std::unexpected(changed.error());
  if (*changed) game_changed(e);
  return {};
}

Result<void> ServerState::move(const std::string& me, const std::string& id, const std::string& uci,
                               bool offering_draw) {
  Lock lock(mutex_);
  auto found = player_game(me, id);
  if (!found) return std::unexpected(found.error());
  auto [e, color] = *found;
  if (options_.record_posts) posts_.move(id, e->game.ply(), e->game.turn() == color);
  refresh(*e);
  return finish_command(*e, e->game.play(color, uci, offering_draw, now(), wall()));
}

Result<void> ServerState::chat(const std::string& me, const std::string& id,
                               const std::string& room, const std::string& text) {
  if (room != "player" && room != "spectator")
    return bad_request("room: expected player or spectator");
  if (text.empty()) return bad_request("text: the message is empty");
  if (lichess::chat_characters(text) > lichess::kMaxChatCharacters)
    return bad_request("text: at most " + std::to_string(lichess::kMaxChatCharacters) +
                       " characters");
  Lock lock(mutex_);
  auto found = player_game(me, id);
  if (!found) return std::unexpected(found.error());
  auto [e, color] = *found;
  ChatLine line{room, accounts_.find(me)->username, text};
  const std::string chat_line = chat_line_json(line).dump();
  broadcast(*e, chat_line);
  // Spectators read the spectator room only: the players' room stays theirs.
  if (room == "spectator")
    for (auto& ch : e->watchers) ch->push(chat_line);
  e->game.add_chat(std::move(line));
  return {};
}

Result<nlohmann::json> ServerState::chat_log(const std::string& me, const std::string& id) const {
  Lock lock(mutex_);
  auto it = games_.find(id);
  if (it == games_.end()) return not_found("No such game");
  if (!it->second.game.color_of(me)) return not_found("Not your game");
  nlohmann::json out = nlohmann::json::array();
  for (const ChatLine& line : it->second.game.chat())
    if (line.room == "player") out.push_back({{"user", line.user}, {"text", line.text}});
  return out;
}

Result<void> ServerState::abort(const std::string& me, const std::string& id) {
  Lock lock(mutex_);
  auto found = player_game(me, id);
  if (!found) return std::unexpected(found.error());
  auto [e, color] = *found;
  refresh(*e);
  return finish_command(*e, as_changed(e->game.abort(color, now(), wall())));
}

Result<void> ServerState::resign(const std::string& me, const std::string& id) {
  Lock lock(mutex_);
  auto found = player_game(me, id);
  if (!found) return std::unexpected(found.error());
  auto [e, color] = *found;
  refresh(*e);
  return finish_command(*e, as_changed(e->game.resign(color, now(), wall())));
}

Result<void> ServerState::draw(const std::string& me, const std::string& id, bool yes) {
  Lock lock(mutex_);
  auto found = player_game(me, id);
  if (!found) return std::unexpected(found.error());
  auto [e, color] = *found;
  refresh(*e);
  return finish_command(*e, e->game.draw(color, yes, now(), wall()));
}

Result<void> ServerState::takeback(const std::string& me, const std::string& id, bool yes) {
  Lock lock(mutex_);
  auto found = player_game(me, id);
  if (!found) return std::unexpected(found.error());
  auto [e, color] = *found;
  refresh(*e);
  return finish_command(*e, e->game.takeback(color, yes, now()));
}

Result<void> ServerState::claim_victory(const std::string& me, const std::string& id) {
  Lock lock(mutex_);
  auto found = player_game(me, id);
  if (!found) return std::unexpected(found.error());
  auto [e, color] = *found;
  refresh(*e);
  const Presence& p = e->presence[~color];
  const bool claimable = !e->game.over() && e->game.ply() >= 2 && !connected(*e, ~color) &&
                         now() - p.gone_since >= options_.gone_after_ms + options_.claim_after_ms;
  if (!claimable) return bad_request("You cannot claim the win on this game");
  return finish_command(*e, as_changed(e->game.claim_victory(color, now(), wall())));
}

Result<void> ServerState::claim_draw(const std::string& me, const std::string& id) {
  Lock lock(mutex_);
  auto found = player_game(me, id);
  if (!found) return std::unexpected(found.error());
  auto [e, color] = *found;
  refresh(*e);
  const Presence& p = e->presence[~color];
  const bool claimable = !e->game.over() && e->game.ply() >= 2 && !connected(*e, ~color) &&
                         now() - p.gone_since >= options_.gone_after_ms + options_.claim_after_ms;
  if (!claimable) return bad_request("You cannot claim a draw on this game");
  return finish_command(*e, as_changed(e->game.claim_draw(color, now(), wall())));
}

Result<Export> ServerState::export_game(const std::string& id, bool json, bool clocks) const {
  Lock lock(mutex_);
  auto it = games_.find(id);
  if (it == games_.end()) return not_found("No such game");
  const Game& game = it->second.game;
  const Account* white = accounts_.find(game.setup().users[engine::White]);
  const Account* black = accounts_.find(game.setup().users[engine::Black]);
  PgnPlayers players{white ? white->username : "?", black ? black->username : "?",
                     white && white->bot, black && black->bot};
  if (json) return Export{"application/json", game_export_json(game, players).dump()};
  return Export{"application/x-chess-pgn", game_pgn(game, players, options_.base_url, clocks)};
}

}  // namespace server
