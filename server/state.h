// SPDX-License-Identifier: GPL-3.0-or-later
// The server state: accounts, challenges, games, presence and the open streams,
// behind one mutex. Every public method locks it; none writes to a socket (lines
// go into StreamChannels that HTTP worker threads drain), so the lock is only held
// for short computations. Time comes from the injected Clock; tick() applies the
// deadlines (clocks, first-move aborts, challenge expiry, opponentGone countdowns).
#pragma once

#include <array>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <random>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "base/clock.h"
#include "server/accounts.h"
#include "server/challenges.h"
#include "server/clocks.h"
#include "server/errors.h"
#include "server/game_record.h"
#include "server/games.h"
#include "server/post_log.h"
#include "server/streams.h"

namespace server {

struct StateOptions {
  std::string base_url = "http://127.0.0.1";
  std::int64_t challenge_expiry_ms = 20000;  // realtime challenges without keepAliveStream
  std::int64_t first_move_ms = 0;            // 0: Lichess's first-move table
  std::int64_t gone_after_ms = 5000;         // no game stream this long: opponentGone
  std::int64_t claim_after_ms = 15000;       // then claim-victory after this much longer
  bool any_clock = false;                    // accept any clock.limit, allow UltraBullet bots
  std::uint64_t seed = 0;                    // 0: random
  int max_playing = 200;                     // ongoing games per account
  // Finished games and ended challenges kept in memory (exports, shows); beyond this many
  // the oldest are forgotten, so a server running for weeks stays bounded.
  int keep_finished = 1000;
  bool record_posts = false;  // keep a PostLog (set with the test hooks)
};

// Who sent an authenticated request.
struct Caller {
  std::string id;
  bool bot = false;
};

struct CreatedChallenge {
  nlohmann::json challenge;
  std::shared_ptr<StreamChannel> stream;  // keepAliveStream: the NDJSON response, else null
};

struct Export {
  std::string content_type;
  std::string body;
};

class ServerState {
 public:
  ServerState(Accounts accounts, const base::Clock& clock, StateOptions options);

  const base::Clock& clock() const { return clock_; }
  // The URL that challenge and game links start with (set once the port is known).
  void set_base_url(std::string url);

  // "Bearer <token>" -> the account; 401 when missing or unknown. Updates seenAt.
  Result<Caller> authenticate(const std::string& authorization) const;

  // Accounts and users.
  nlohmann::json account(const std::string& me) const;
  Result<void> upgrade(const std::string& me);
  Result<nlohmann::json> token_test(const std::string& body) const;
  Result<nlohmann::json> user(const std::string& name) const;
  Result<nlohmann::json> users_status(const std::string& ids, bool with_game_ids) const;
  std::vector<nlohmann::json> online_bots(int nb) const;
  nlohmann::json playing(const std::string& me, int nb) const;

  // Streams. Each returned channel must be released by the writer when it ends.
  std::shared_ptr<StreamChannel> open_event_stream(const std::string& me);
  void release_event_stream(const std::string& me, const std::shared_ptr<StreamChannel>& ch);
  Result<std::shared_ptr<StreamChannel>> open_game_stream(const std::string& me,
                                                          const std::string& game_id,
                                                          const std::string& user_agent);
  void release_game_stream(const std::string& game_id, const std::shared_ptr<StreamChannel>& ch);
  void release_challenge_stream(const std::string& id, const std::shared_ptr<StreamChannel>& ch);

  // Challenges.
  Result<CreatedChallenge> create_challenge(const std::string& me, const std::string& dest,
                                            const FormFields& fields);
  Result<void> accept_challenge(const std::string& me, const std::string& id);
  Result<void> decline_challenge(const std::string& me, const std::string& id,
                                 const std::string& reason);
  Result<void> cancel_challenge(const std::string& me, const std::string& id);
  nlohmann::json list_challenges(const std::string& me) const;
  Result<nlohmann::json> show_challenge(const std::string& id) const;

  // Game commands of /api/bot/game/{id}/...
  Result<void> move(const std::string& me, const std::string& id, const std::string& uci,
                    bool offering_draw);
  Result<void> chat(const std::string& me, const std::string& id, const std::string& room,
                    const std::string& text);
  Result<nlohmann::json> chat_log(const std::string& me, const std::string& id) const;
  Result<void> abort(const std::string& me, const std::string& id);
  Result<void> resign(const std::string& me, const std::string& id);
  Result<void> draw(const std::string& me, const std::string& id, bool yes);
  Result<void> takeback(const std::string& me, const std::string& id, bool yes);
  Result<void> claim_victory(const std::string& me, const std::string& id);
  Result<void> claim_draw(const std::string& me, const std::string& id);
  // GET /game/export/{id}: PGN, or JSON when json is set.
  Result<Export> export_game(const std::string& id, bool json, bool clocks) const;

  // The read-only views of the web pages (state_web.cpp): the lobby (accounts, games,
  // pending challenges) and one game with SAN, conversions and legal destinations.
  nlohmann::json lobby() const;
  Result<nlohmann::json> web_game(const std::string& id);
  // Their live streams: a full view first, then a lobby view after every change of the
  // lobby and a `lobbyGame` line (that game's summary) after every change of a running
  // game, or a `state` line after every change of the game and its chat lines.
  std::shared_ptr<StreamChannel> open_lobby_stream();
  void release_lobby_stream(const std::shared_ptr<StreamChannel>& ch);
  Result<std::shared_ptr<StreamChannel>> open_watch_stream(const std::string& game_id);
  void release_watch_stream(const std::string& game_id, const std::shared_ptr<StreamChannel>& ch);

  // Applies every deadline that has passed.
  void tick();
  // Ends every open stream; later streams end at once.
  void shutdown();

  // For tests and benchmarks.
  std::size_t open_stream_count() const;
  // The open game streams (both players') of each ongoing game: {"<game id>": n, ...}.
  nlohmann::json game_stream_counts() const;
  // Games and challenges held in memory, finished and ended ones included.
  std::size_t games_held() const;
  std::size_t challenges_held() const;
  // The PostLog's counts (empty unless record_posts).
  nlohmann::json post_log() const;

 private:
  struct GameStream {
    std::shared_ptr<StreamChannel> channel;
    engine::Color color;
    std::string user_agent;
  };
  // Whether a player holds a game stream, and the opponentGone bookkeeping.
  struct Presence {
    std::int64_t gone_since = 0;
    bool notified = false;
    std::int64_t countdown = -1;
  };
  struct GameEntry {
    Game game;
    std::vector<GameStream> streams;
    std::array<Presence, 2> presence;
    GameRecord record;                                     // kept in step while watched
    std::vector<std::shared_ptr<StreamChannel>> watchers;  // web pages following the game
  };

  using Lock = std::unique_lock<std::mutex>;

  std::int64_t now() const { return clock_.now_ms(); }
  std::int64_t wall() const { return clock_.wall_ms(); }
  bool online(const std::string& id) const;
  bool connected(const GameEntry& e, engine::Color c) const;
  int ongoing_games(const std::string& id) const;
  std::string new_game_id();
  void send_event(const std::string& account, const nlohmann::json& line);
  void broadcast(GameEntry& e, const std::string& line);
  void send_to(GameEntry& e, engine::Color c, const std::string& line);
  // After a change: sends gameState; when the game ended, gameFinish and stream closes.
  void game_changed(GameEntry& e);
  void game_finished(GameEntry& e);
  void refresh(GameEntry& e);
  void tick_presence(GameEntry& e, std::int64_t now);
  void end_challenge(Challenge& c, ChallengeStatus status, const std::string& done);
  // Forgets the oldest finished games and ended challenges beyond keep_finished. Called
  // where no GameEntry or Challenge reference is held (before one is created).
  void forget_old_finished();
  Result<std::pair<GameEntry*, engine::Color>> player_game(const std::string& me,
                                                           const std::string& id);
  Result<void> finish_command(GameEntry& e, Result<bool> changed);
  nlohmann::json challenge_view(const Challenge& c, const std::string& direction = "") const;
  // state_web.cpp
  nlohmann::json lobby_json() const;
  nlohmann::json web_state_json(const GameEntry& e) const;
  nlohmann::json web_game_json(GameEntry& e);
  void lobby_changed();
  // A running game changed (a move, an offer): one `lobbyGame` line to the lobby streams.
  void lobby_game_changed(const GameEntry& e);
  void notify_watchers(GameEntry& e);

  mutable std::mutex mutex_;
  mutable Accounts accounts_;  // seenAt changes on reads
  const base::Clock& clock_;
  StateOptions options_;
  std::mt19937_64 rng_;
  std::map<std::string, Challenge> challenges_;
  std::map<std::string, std::shared_ptr<StreamChannel>> challenge_streams_;
  std::map<std::string, GameEntry> games_;
  std::map<std::string, std::shared_ptr<StreamChannel>> event_streams_;
  std::vector<std::shared_ptr<StreamChannel>> lobby_streams_;
  std::deque<std::string> finished_games_;  // ids, oldest first
  std::deque<std::string> ended_challenges_;
  PostLog posts_;
  bool shut_down_ = false;
};

}  // namespace server
