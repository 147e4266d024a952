// SPDX-License-Identifier: GPL-3.0-or-later
// One game the bot plays: its game stream, its board, its own engine, its chat and its
// PGN record. The session runs the game: it searches (or plays from the book) on our
// turn, posts moves, ponders on the opponent's time (engine.ponder), and carries out what
// its GamePolicy (daemon/game_policy.h, which owns every decision: pondering, draw offers,
// resignation, takebacks, abort and claim-victory timers) tells it.
//
// Pondering: when the server shows our move and the policy agrees, the game's engine
// searches the position after the reply our search expects (its second PV move) with the
// limits of our next move and `ponder` set. The opponent's move then either reaches that
// position (a hit: ponderhit, and that search becomes our move's search) or not (a miss:
// the ponder search is stopped and a normal search starts). The engine runs one search at
// a time, so the ponder search is always over before another starts; game end, abort and
// stop() stop it like any search.
//
// Correspondence games (daemon/correspondence.h, game_session_correspondence.cpp): once it has
// been the opponent's turn for correspondence.disconnect_s, the session closes its game stream
// and drops its engine (no search runs, no table is held); resume() reopens the stream, which
// replays the game from gameFull. The session thread, its queue and the game's state stay.
//
// Threads: the session thread owns all state and handles events in order from
// one queue, which wakes for the policy's next timer on the injected clock; a reader thread turns
// the game stream into events (reconnecting after drops through
// daemon/lichess/reconnecting_stream.h); the engine's search thread reports its best move through
// the same queue; a chat thread posts chat messages, so a slow or failing chat endpoint never
// delays a move. The public methods may be called from any thread.
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

#include "base/clock.h"
#include "base/logging.h"
#include "config/book_files.h"
#include "config/config.h"
#include "daemon/chat_commands.h"
#include "daemon/correspondence.h"
#include "daemon/engine_overrides.h"
#include "daemon/event_queue.h"
#include "daemon/game_policy.h"
#include "daemon/game_state.h"
#include "daemon/lichess/client.h"
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
  GamePolicySettings policy;
  config::Greeting greeting;
  std::chrono::milliseconds stream_silence_limit{20000};
  std::chrono::milliseconds max_reconnect_delay{30000};
  std::string base_url;               // for the PGN Site tag
  PgnSink* pgn = nullptr;             // finished games are written here when set
  std::function<int()> queue_length;  // challenges waiting, for the !queue chat command
  // Opening books by variant (immutable, shared by every game) and whom to use them against.
  config::BooksByVariant books;
  std::uint64_t book_seed = 0;        // this game's book choices
  std::vector<std::string> variants;  // Lichess keys we accept, for the !variants chat command
  Metrics* metrics = nullptr;         // fed with moves, latency, searches, reconnects when set
  // engine.overrides: applied to engine, budget and the book choice at the game's first
  // full state (daemon/engine_overrides.h).
  std::vector<config::EngineOverride> overrides;
  // Correspondence games: move_time_ms replaces max_think_ms; disconnect_s (0 unless set).
  config::Correspondence correspondence;
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

  GameSession(std::string game_id, LichessClient& client, const base::Clock& clock,
              base::Logger& log, Identity me, SessionSettings settings,
              FinishedCallback on_finished);
  ~GameSession();  // stop(), then joins the session thread (which ends the others)
  GameSession(const GameSession&) = delete;
  GameSession& operator=(const GameSession&) = delete;

  // parked: start with the game stream closed (a correspondence game on the opponent's turn
  // at start-up); resume() opens it.
  void start(bool parked = false);
  // Reopens a game stream closed by the check-in cycle; nothing when it is open.
  void resume();
  // Whether the game stream is open (or about to be); any thread.
  bool stream_open() const { return stream_open_.load(); }
  // Shutdown with resignation: resign at once.
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
    base::Clock::SteadyTime at;  // when the engine reported
  };
  struct ResignRequest {};
  struct ResumeRequest {};
  struct Wake {};  // stop() was called
  using Event =
      std::variant<GameStreamEvent, StreamGone, EngineDone, ResignRequest, ResumeRequest, Wake>;

  void run();
  void read_stream(std::stop_token stop);
  void handle(const Event& event);
  void on_game_full(const GameFullEvent& full);
  void on_game_state(const GameStateEvent& state);
  void on_opponent_gone(const OpponentGoneEvent& gone);
  void on_chat_line(const ChatLineEvent& line);
  // PGN record and status summary: daemon/game_session_report.cpp.
  void write_record(const std::string& status, std::optional<engine::Color> winner);
  void publish_summary();
  // Searching and moving, in daemon/game_session_search.cpp.
  void on_engine_done(const EngineDone& done);
  void answer_offers(const GameStateEvent& state);
  // Carries out the policy's timers that are due (abort, claim victory, move retry).
  void on_time();
  void start_search();
  // What search_budget() needs from the last gameState, for a move at ply `plies`.
  BudgetInput budget_input(std::size_t plies) const;
  // Starts the engine on the position it holds; its result comes back as EngineDone.
  void launch_search(const engine::SearchLimits& limits);
  // Pondering, in daemon/game_session_ponder.cpp. After the server showed our move: starts
  // a ponder search on the expected reply when the policy says so.
  void maybe_ponder();
  // The move list changed while pondering: true on a hit (the opponent played the expected
  // reply; the search goes on as our move's search), false otherwise (the caller stops it).
  bool resolve_ponder();
  // Plays a book move instead of searching, when the book has one; false when out of book.
  bool play_book_move(const engine::SearchLimits& limits);
  void cancel_search();
  // `why` says where the move came from ("score 12 cp", "book, weight 3").
  void post_move(engine::Move move, bool offer_draw, base::Clock::SteadyTime move_ready_at,
                 const std::string& why);
  void finish(const std::string& status, std::optional<engine::Color> winner);
  void say(ChatRoom room, const std::string& text);
  void post_chat_messages();
  bool our_turn() const;
  PositionFacts position_facts() const;
  // The check-in cycle, in daemon/game_session_correspondence.cpp: the stream reader thread
  // started and stopped, closing the stream (and dropping the engine) while the opponent
  // thinks, reopening it, and the game's engine, made when a search needs it.
  void open_stream();
  void close_stream();
  void park();
  void unpark();
  engine::Engine& engine();
  // The earliest timer of the policy and the check-in cycle.
  std::optional<base::Clock::SteadyTime> next_deadline() const;

  const std::string game_id_;
  LichessClient& client_;
  const base::Clock& clock_;
  base::Logger& log_;
  const Identity me_;
  const SessionSettings settings_;
  FinishedCallback on_finished_;

  EventQueue<Event> queue_{clock_};
  std::atomic<bool> stop_requested_{false};
  std::atomic<bool> finished_{false};
  std::atomic<bool> stream_open_{false};
  std::mutex reader_mutex_;       // guards reader_stop_, renewed each time the stream opens
  std::stop_source reader_stop_;  // stop() requests it from any thread
  std::thread thread_;
  std::thread reader_;
  // Messages to post; nullopt tells the chat thread to end once the queue is drained.
  EventQueue<std::optional<std::pair<ChatRoom, std::string>>> chat_queue_{clock_};
  std::thread chat_thread_;
  mutable std::mutex summary_mutex_;
  GameSummary summary_;  // guarded by summary_mutex_; written by the session thread

  // Owned by the session thread.
  BudgetSettings budget_;                 // settings_.budget with this game's overrides
  std::optional<bool> ponder_override_;   // engine.ponder from this game's overrides
  engine::EngineOptions engine_options_;  // settings_.engine with this game's overrides
  std::optional<engine::Engine> engine_;  // none while the stream is closed (check-in cycle)
  GamePolicy policy_;
  StreamParking parking_;
  bool parked_ = false;  // the stream is closed until resume()
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
  std::size_t moved_at_ply_ = SIZE_MAX;  // the ply our last posted move was played at
  bool takeback_pending_ = false;        // we accepted one; the shorter list is on its way
  // The running ponder search (searching_ is true meanwhile): the position it searches,
  // reached when the move list has `plies` moves, and since when it runs.
  struct Ponder {
    engine::Key key = 0;
    std::size_t plies = 0;
    base::Clock::SteadyTime started{};
    std::string reply;  // the expected reply, UCI, for the status page and the log
  };
  std::optional<Ponder> ponder_;
  // The reply our last search expects, for the move list of `expected_reply_plies` moves
  // (ours included); none after a book move.
  engine::Move expected_reply_ = engine::Move::none();
  std::size_t expected_reply_plies_ = 0;
  int ponder_hits_ = 0;
  int ponder_misses_ = 0;
  base::Clock::SteadyTime search_started_{};
  // Our own overhead before the search started (gameState received -> go), for the log.
  std::chrono::microseconds overhead_before_search_{0};
  base::Clock::SteadyTime state_received_{};
  std::optional<GameFullEvent> full_;     // players, clock and start, for the record
  std::map<std::size_t, PlyNote> notes_;  // our eval and think time by ply, for the PGN
  std::optional<PgnEval> last_eval_;      // for !eval
  std::optional<int> last_depth_;
  std::optional<int> last_mate_in_;  // full moves, from our side, of our last search
  std::string last_pv_;              // our last search's principal variation in SAN, for !pv
  // The game's opening book (null: none for this game), its random choices, and whether the
  // game has left it (then the engine searches every move).
  std::shared_ptr<const engine::book::OpeningBook> book_;
  engine::book::BookRandom book_random_;
  bool out_of_book_ = false;
  int book_moves_ = 0;
  std::chrono::milliseconds book_time_saved_{0};
};

}  // namespace bot
