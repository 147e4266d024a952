// SPDX-License-Identifier: GPL-3.0-or-later
// One game the bot plays: its game stream, its board, its own engine, and every
// decision inside the game (moves, draw offers, resignation, aborting a no-show
// opponent, claiming victory, chat greetings).
//
// Threads: the session thread owns all state and handles events in order from
// one queue; a reader thread turns the game stream into events (reconnecting
// after drops through daemon/lichess/reconnecting_stream.h); the engine's search thread reports its
// best move through the same queue; a chat thread posts chat messages, so a slow or failing chat
// endpoint never delays a move. The public methods may be called from any thread.
#pragma once

#include <atomic>
#include <chrono>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <stop_token>
#include <string>
#include <thread>
#include <variant>
#include <vector>

#include "config/book_files.h"
#include "config/config.h"
#include "daemon/chat_commands.h"
#include "daemon/clock.h"
#include "daemon/event_queue.h"
#include "daemon/game_state.h"
#include "daemon/lichess/client.h"
#include "daemon/logging.h"
#include "daemon/pgn_record.h"
#include "daemon/search_budget.h"
#include "daemon/status_report.h"
#include "engine/book/opening_book.h"
#include "engine/engine.h"

namespace bot {

class Metrics;

// Our account as the server names it.
struct Identity {
  std::string id;    // lower-case user id
  std::string name;  // display name
};

struct SessionSettings {
  BudgetSettings budget;
  engine::EngineOptions engine;
  config::DrawOffer draw_offer;
  config::Resign resign;
  config::Greeting greeting;
  std::chrono::seconds abort_time{30};
  std::chrono::milliseconds stream_silence_limit{20000};
  std::chrono::milliseconds max_reconnect_delay{30000};
  std::string base_url;               // for the PGN Site tag
  PgnSink* pgn = nullptr;             // finished games are written here when set
  std::function<int()> queue_length;  // challenges waiting, for the !queue chat command
  // Opening books by variant (immutable, shared by every game) and whom to use them against.
  config::BooksByVariant books;
  bool book_against_humans = true;
  bool book_against_bots = true;
  std::uint64_t book_seed = 0;  // this game's book choices
  std::vector<std::string> variants;  // Lichess keys we accept, for the !variants chat command
  Metrics* metrics = nullptr;         // fed with moves, latency, searches, reconnects when set
};

// What the bot learns when a session ends.
struct SessionReport {
  std::string game_id;
  std::string status;  // the terminal status name, or "gone" when the game vanished
  std::optional<engine::Color> winner;
  bool opponent_is_bot = false;
  std::string opponent;
};

class GameSession {
 public:
  using FinishedCallback = std::function<void(const SessionReport&)>;

  GameSession(std::string game_id, LichessClient& client, const Clock& clock, Logger& log,
              Identity me, SessionSettings settings, FinishedCallback on_finished);
  ~GameSession();  // stops the search and both threads
  GameSession(const GameSession&) = delete;
  GameSession& operator=(const GameSession&) = delete;

  void start();
  // Shutdown with resignation: resign (or abort, if still abortable) at once.
  void resign_now();
  // Ends the session without touching the game (the game is over or no longer ours).
  void stop();
  const std::string& game_id() const { return game_id_; }
  bool finished() const { return finished_.load(); }
  // The game as the session last saw it, for the status page; any thread.
  GameSummary summary() const;

 private:
  struct StreamGone {
    std::string why;
  };
  struct EngineDone {
    int generation;
    engine::SearchResult result;
    Clock::SteadyTime at;  // when the engine reported
  };
  struct ResignRequest {};
  using Event = std::variant<GameStreamEvent, StreamGone, EngineDone, ResignRequest>;

  void run();
  void read_stream(std::stop_token stop);
  void handle(const Event& event);
  void on_game_full(const GameFullEvent& full);
  void on_game_state(const GameStateEvent& state);
  void on_opponent_gone(const OpponentGoneEvent& gone);
  void on_chat_line(const ChatLineEvent& line);
  void write_record(const std::string& status, std::optional<engine::Color> winner);
  void on_engine_done(const EngineDone& done);
  void answer_offers(const GameStateEvent& state);
  void tick();
  void start_search();
  // Plays a book move instead of searching, when the book has one; false when out of book.
  bool play_book_move(const engine::SearchLimits& limits);
  void cancel_search();
  // `why` says where the move came from ("score 12 cp", "book, weight 3").
  void post_move(engine::Move move, bool offer_draw, Clock::SteadyTime move_ready_at,
                 const std::string& why);
  void finish(const std::string& status, std::optional<engine::Color> winner);
  void say(ChatRoom room, const std::string& text);
  void post_chat_messages();
  void publish_summary();
  bool our_turn() const;
  bool wants_draw() const;
  bool wants_to_resign() const;
  std::string fill_placeholders(const std::string& text) const;

  const std::string game_id_;
  LichessClient& client_;
  const Clock& clock_;
  Logger& log_;
  const Identity me_;
  const SessionSettings settings_;
  FinishedCallback on_finished_;

  EventQueue<Event> queue_;
  std::atomic<bool> stop_requested_{false};
  std::atomic<bool> finished_{false};
  std::stop_source reader_stop_;  // thread-safe: stop() may request it from any thread
  std::thread thread_;
  std::thread reader_;
  EventQueue<std::pair<ChatRoom, std::string>> chat_queue_;
  std::atomic<bool> chat_closing_{false};
  std::thread chat_thread_;
  mutable std::mutex summary_mutex_;
  GameSummary summary_;  // guarded by summary_mutex_; written by the session thread

  // Owned by the session thread.
  engine::Engine engine_;
  std::optional<GameState> board_;
  std::optional<GameStateEvent> last_state_;
  engine::Color our_color_ = engine::White;
  std::string opponent_;
  bool opponent_is_bot_ = false;
  bool correspondence_ = false;
  bool greeted_ = false;
  bool done_ = false;
  int generation_ = 0;
  bool searching_ = false;
  Clock::SteadyTime search_started_{};
  // Our own overhead before the search started (gameState received -> go), for the log.
  std::chrono::microseconds overhead_before_search_{0};
  Clock::SteadyTime state_received_{};
  std::optional<Clock::SteadyTime> retry_search_at_;
  std::optional<Clock::SteadyTime> waiting_for_opponent_since_;
  bool abort_sent_ = false;
  std::optional<Clock::SteadyTime> claim_victory_at_;
  std::size_t draw_answered_for_ply_ = SIZE_MAX;
  std::size_t takeback_answered_for_ply_ = SIZE_MAX;
  std::size_t opponent_draw_offer_ply_ = SIZE_MAX;
  std::optional<int> table_score_;        // our last score when the tables chose the move
  std::vector<int> our_scores_;           // centipawns from our side, one per move we played
  std::optional<GameFullEvent> full_;     // players, clock and start, for the record
  std::map<std::size_t, PlyNote> notes_;  // our eval and think time by ply, for the PGN
  std::optional<PgnEval> last_eval_;      // for !eval
  std::optional<int> last_depth_;
  std::optional<int> last_mate_in_;  // full moves, from our side, of our last search
  std::string last_pv_;              // our last search's principal variation in SAN, for !pv
  bool wait_used_ = false;
  // The game's opening book (null: none for this game), its random choices, and whether the
  // game has left it (then the engine searches every move).
  std::shared_ptr<const engine::book::OpeningBook> book_;
  engine::book::BookRandom book_random_;
  bool out_of_book_ = false;
  int book_moves_ = 0;
  std::chrono::milliseconds book_time_saved_{0};
};

}  // namespace bot
