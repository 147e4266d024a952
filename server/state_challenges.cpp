// SPDX-License-Identifier: GPL-3.0-or-later
// ServerState: challenges (create, accept, decline, cancel, list, show).
#include <algorithm>

#include "server/state.h"
#include "server/views.h"

namespace server {

nlohmann::json ServerState::challenge_view(const Challenge& c, const std::string& direction) const {
  return challenge_json(
      c, accounts_, options_.base_url, [this](const std::string& id) { return online(id); },
      direction);
}

std::string ServerState::new_game_id() {
  while (true) {
    std::string id = random_id(rng_, 8);
    if (!challenges_.contains(id) && !games_.contains(id)) return id;
  }
}

void ServerState::end_challenge(Challenge& c, ChallengeStatus status, const std::string& done) {
  if (c.pending()) ended_challenges_.push_back(c.id);
  c.status = status;
  if (status == ChallengeStatus::kDeclined) {
    nlohmann::json line = {{"type", "challengeDeclined"}, {"challenge", challenge_view(c)}};
    send_event(c.challenger, line);
  } else if (status == ChallengeStatus::kCanceled) {
    nlohmann::json line = {{"type", "challengeCanceled"}, {"challenge", challenge_view(c)}};
    send_event(c.challenger, line);
    send_event(c.dest, line);
  }
  if (auto it = challenge_streams_.find(c.id); it != challenge_streams_.end()) {
    it->second->push(nlohmann::json{{"done", done}}.dump());
    it->second->close();
    challenge_streams_.erase(it);
  }
  lobby_changed();
}

Result<CreatedChallenge> ServerState::create_challenge(const std::string& me,
                                                       const std::string& dest_name,
                                                       const FormFields& fields) {
  auto request = parse_challenge_request(fields, options_.any_clock);
  if (!request) return std::unexpected(request.error());
  Lock lock(mutex_);
  forget_old_finished();
  const Account* dest = accounts_.find(dest_name);
  if (!dest) return bad_request("No such user");
  const Account* challenger = accounts_.find(me);
  if (dest->id == me) return bad_request("You cannot challenge yourself");
  if (!request->rules.empty() && dest->bot) return bad_request("Rules not applicable for bots");
  const TimeControl& tc = request->time_control;
  if ((dest->bot || challenger->bot) && !lichess::bots_may_play(tc.speed_class()) &&
      tc.realtime() && !options_.any_clock)
    return bad_request("Bots cannot play UltraBullet. Choose a slower time control.");
  if (ongoing_games(me) >= options_.max_playing || ongoing_games(dest->id) >= options_.max_playing)
    return bad_request("Challenge not created: too many ongoing games");
  auto challenge = make_challenge(new_game_id(), me, dest->id, std::move(*request), now(), rng_);
  if (!challenge) return std::unexpected(challenge.error());
  const std::string id = challenge->id;
  Challenge& c = challenges_.emplace(id, std::move(*challenge)).first->second;
  nlohmann::json view = challenge_view(c);
  nlohmann::json event = {
      {"type", "challenge"}, {"challenge", view}, {"compat", {{"bot", true}, {"board", true}}}};
  send_event(c.dest, event);
  send_event(c.challenger, event);
  CreatedChallenge created{view, nullptr};
  if (c.request.keep_alive_stream) {
    created.stream = std::make_shared<StreamChannel>();
    created.stream->push(view.dump());
    challenge_streams_[id] = created.stream;
  }
  lobby_changed();
  return created;
}

Result<void> ServerState::accept_challenge(const std::string& me, const std::string& id) {
  Lock lock(mutex_);
  forget_old_finished();
  auto it = challenges_.find(id);
  if (it == challenges_.end() || it->second.dest != me) return not_found("No such challenge");
  if (options_.record_posts) posts_.accept(id);
  Challenge& c = it->second;
  if (!c.pending())
    return bad_request("This challenge is " + std::string(challenge_status_name(c.status)));
  if (ongoing_games(me) >= options_.max_playing ||
      ongoing_games(c.challenger) >= options_.max_playing)
    return bad_request("Too many ongoing games");
  GameSetup setup;
  setup.id = c.id;
  setup.variant = c.variant;
  setup.initial_fen = c.initial_fen;
  setup.time_control = c.request.time_control;
  setup.rated = c.rated;
  setup.users[c.challenger_color] = c.challenger;
  setup.users[~c.challenger_color] = c.dest;
  setup.player_ids = {random_id(rng_, 4), random_id(rng_, 4)};
  setup.no_abort =
      std::find(c.request.rules.begin(), c.request.rules.end(), "noAbort") != c.request.rules.end();
  setup.first_move_ms = options_.first_move_ms;
  auto game = Game::start(std::move(setup), now(), wall());
  if (!game) return std::unexpected(ApiError{500, "cannot start the game: " + game.error()});
  GameEntry& e = games_.emplace(c.id, GameEntry{std::move(*game), {}, {}, {}, {}}).first->second;
  e.presence[engine::White].gone_since = e.presence[engine::Black].gone_since = now();
  end_challenge(c, ChallengeStatus::kAccepted, "accepted");
  for (engine::Color color : {engine::White, engine::Black})
    send_event(e.game.setup().users[color],
               {{"type", "gameStart"}, {"game", game_event_json(e.game, color, accounts_, now())}});
  return {};
}

Result<void> ServerState::decline_challenge(const std::string& me, const std::string& id,
                                            const std::string& reason) {
  Lock lock(mutex_);
  auto it = challenges_.find(id);
  if (it == challenges_.end() || it->second.dest != me) return not_found("No such challenge");
  if (options_.record_posts) posts_.accept(id);
  Challenge& c = it->second;
  if (!c.pending())
    return bad_request("This challenge is " + std::string(challenge_status_name(c.status)));
  // Unknown reasons become generic, as on Lichess.
  c.decline_reason =
      lichess::parse_decline_reason(reason).value_or(lichess::DeclineReason::kGeneric);
  end_challenge(c, ChallengeStatus::kDeclined, "declined");
  return {};
}

Result<void> ServerState::cancel_challenge(const std::string& me, const std::string& id) {
  Lock lock(mutex_);
  auto it = challenges_.find(id);
  if (it == challenges_.end() || (it->second.challenger != me && it->second.dest != me))
    return not_found("No such challenge");
  Challenge& c = it->second;
  if (c.pending()) {
    if (c.dest == me) {  // canceling a challenge sent to you declines it
      c.decline_reason = lichess::DeclineReason::kGeneric;
      end_challenge(c, ChallengeStatus::kDeclined, "declined");
    } else {
      end_challenge(c, ChallengeStatus::kCanceled, "canceled");
    }
    return {};
  }
  // An accepted challenge whose game has not really started: abort the game.
  auto g = games_.find(id);
  if (c.status == ChallengeStatus::kAccepted && g != games_.end() && g->second.game.abortable()) {
    refresh(g->second);
    auto color = g->second.game.color_of(me);
    return finish_command(g->second, as_changed(g->second.game.abort(*color, now(), wall())));
  }
  return bad_request("This challenge is " + std::string(challenge_status_name(c.status)) +
                     " and can no longer be canceled");
}

nlohmann::json ServerState::list_challenges(const std::string& me) const {
  Lock lock(mutex_);
  nlohmann::json in = nlohmann::json::array(), out = nlohmann::json::array();
  for (const auto& [id, c] : challenges_) {
    if (!c.pending()) continue;
    if (c.dest == me) in.push_back(challenge_view(c, "in"));
    if (c.challenger == me) out.push_back(challenge_view(c, "out"));
  }
  return {{"in", in}, {"out", out}};
}

Result<nlohmann::json> ServerState::show_challenge(const std::string& id) const {
  Lock lock(mutex_);
  auto it = challenges_.find(id);
  if (it == challenges_.end()) return not_found("No such challenge");
  return challenge_view(it->second);
}

void ServerState::forget_old_finished() {
  const auto keep = std::size_t(std::max(0, options_.keep_finished));
  while (finished_games_.size() > keep) {
    auto it = games_.find(finished_games_.front());
    finished_games_.pop_front();
    if (it == games_.end()) continue;
    for (GameStream& s : it->second.streams) s.channel->close();
    for (auto& ch : it->second.watchers) ch->close();
    posts_.forget_game(it->first);
    games_.erase(it);
  }
  while (ended_challenges_.size() > keep) {
    challenges_.erase(ended_challenges_.front());
    posts_.forget_challenge(ended_challenges_.front());
    ended_challenges_.pop_front();
  }
}

}  // namespace server
