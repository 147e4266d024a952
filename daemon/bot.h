// SPDX-License-Identifier: GPL-3.0-or-later
// The bot's main loop: one event-stream reader thread feeds typed events into a
// queue; the main loop owns every decision (accept, decline or queue challenges;
// start and reap game sessions; reconcile after reconnects; the correspondence check-in
// cycle; shutdown) and the game sessions, one per game id, each with its own threads and
// engine. Realtime games take challenge.concurrency slots, correspondence games
// correspondence.max_games slots (daemon/bot_correspondence.cpp).
//
// Thread contract: run() is called once, on the main thread, and returns when the
// bot has shut down. request_shutdown() and request_reload() may be called from
// any thread (the signal watcher).
#pragma once

#include <atomic>
#include <deque>
#include <map>
#include <memory>
#include <thread>
#include <variant>

#include "config/config.h"
#include "daemon/challenge_policy.h"
#include "daemon/event_queue.h"
#include "daemon/game_session.h"
#include "daemon/matchmaking.h"
#include "daemon/metrics.h"
#include "daemon/online_block_list.h"
#include "daemon/opponent_memory.h"
#include "daemon/pgn_record.h"
#include "daemon/status_server.h"
#include "daemon/systemd_notify.h"
#include "engine/tablebase/tablebases.h"

namespace bot {

class Bot {
 public:
  // books: the opened engine.book files (config/book_files.h), shared by every game.
  // list_clients: makes the clients that fetch online_block_list.urls (none: not fetched).
  Bot(config::Config config, LichessClient& client, const base::Clock& clock, base::Logger& log,
      Notifier& notifier, Identity me, config::BooksByVariant books = {},
      HttpClientFactory list_clients = {});
  ~Bot();
  Bot(const Bot&) = delete;
  Bot& operator=(const Bot&) = delete;

  // Plays until shut down; returns the process exit code.
  int run();
  void request_shutdown();
  void request_reload(config::Challenge policy);

  // Games being played right now (for status lines and tests).
  std::size_t games_in_progress() const;

 private:
  struct StreamConnected {};
  struct StreamFatal {
    std::string why;
  };
  struct SessionEnded {
    SessionReport report;
  };
  struct ShutdownRequest {};
  struct ReloadRequest {
    config::Challenge policy;
  };
  using Event = std::variant<EventStreamEvent, StreamConnected, StreamFatal, SessionEnded,
                             ShutdownRequest, ReloadRequest>;

  void read_events(std::stop_token stop);
  void handle(const Event& event);
  void on_challenge(const ChallengeInfo& challenge);
  void on_game_start(const GameEventInfo& game);
  void on_game_finish(const GameEventInfo& game);
  void on_session_ended(const SessionReport& report);
  // Correspondence games and the check-in cycle: daemon/bot_correspondence.cpp.
  void reconcile();
  void checkin();
  bool is_correspondence_game(const std::string& game_id) const {
    return correspondence_.count(game_id) != 0;
  }
  int slots_used() const;           // realtime slots: sessions and accepted challenges
  int correspondence_used() const;  // correspondence slots, likewise
  void start_session(const std::string& game_id, bool parked = false);
  void accept(const ChallengeInfo& challenge);
  void serve_queue();
  void begin_shutdown();
  void housekeeping();
  void matchmake();
  void start_status_page();
  void publish_status();
  int bot_games_today();
  ChallengeFacts facts_for(const ChallengeInfo& challenge) const;
  BotLoad load_for(const ChallengeInfo& challenge, int others_queued);
  void act_on(const ChallengeInfo& challenge, const ChallengeDecision& d);
  SessionSettings session_settings();

  config::Config config_;
  const config::BooksByVariant books_;
  LichessClient& client_;
  const base::Clock& clock_;
  base::Logger& log_;
  Notifier& notifier_;
  const Identity me_;

  // Declared before everything that feeds it (executor observer, reader, sessions, page).
  Metrics metrics_;
  PgnSink pgn_;
  OpponentMemory memory_;
  Matchmaker matchmaker_;
  std::unique_ptr<StatusServer> status_page_;     // null unless status_http.enabled
  std::unique_ptr<OnlineBlockList> block_lists_;  // null without URLs or list_clients
  const base::Clock::SystemTime started_;
  // Opened once at start-up, shared by every game's engine (null: none).
  const std::shared_ptr<const engine::tablebase::Tablebases> tablebases_;
  std::atomic<int> queued_for_chat_{0};  // waiting_.size(), readable from session threads
  EventQueue<Event> queue_{clock_};
  std::stop_source reader_stop_;
  std::thread reader_;

  // Owned by the main loop.
  std::map<std::string, std::unique_ptr<GameSession>> sessions_;
  std::map<std::string, base::Clock::SteadyTime> accepted_;  // accepted, gameStart not seen yet
  std::deque<ChallengeInfo> waiting_;                        // challenges queued for a free slot
  // Challenge ids handled, with when first seen: a replay (after a reconnect) is ignored.
  // Forgotten after a while (housekeeping), so a daemon running for months stays bounded.
  std::map<std::string, base::Clock::SteadyTime> seen_challenges_;
  std::map<std::string, base::Clock::SteadyTime>
      finish_seen_;  // gameFinish before the stream said so
  std::deque<base::Clock::SteadyTime> bot_game_starts_;
  // The opponents of busy slots (sessions_ and accepted_), by game id, where known.
  std::map<std::string, SlotHolder> holders_;
  // The correspondence games among sessions_ and accepted_, by game id.
  std::set<std::string> correspondence_;
  base::Clock::SteadyTime next_checkin_{};
  RecentBotChallenges recent_bot_challenges_;
  bool ready_sent_ = false;
  bool shutting_down_ = false;
  bool resigned_all_ = false;
  base::Clock::SteadyTime shutdown_deadline_{};
  std::string last_status_;
  int exit_code_ = 0;
  bool exit_now_ = false;
};

}  // namespace bot
