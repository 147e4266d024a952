// SPDX-License-Identifier: GPL-3.0-or-later
#include "daemon/game_session.h"

#include "daemon/lichess/reconnecting_stream.h"
#include "daemon/lichess/variant_key.h"
#include "daemon/metrics.h"

namespace bot {
namespace {

using namespace std::chrono_literals;

// The first wait after a game stream drops; the backoff doubles up to max_reconnect_delay.
constexpr auto kFirstReconnectDelay = 1s;

}  // namespace

GameSession::GameSession(std::string game_id, LichessClient& client, const base::Clock& clock,
                         base::Logger& log, Identity me, SessionSettings settings,
                         FinishedCallback on_finished)
    : game_id_(std::move(game_id)),
      client_(client),
      clock_(clock),
      log_(log),
      me_(std::move(me)),
      settings_(std::move(settings)),
      on_finished_(std::move(on_finished)),
      budget_(settings_.budget),
      engine_options_(settings_.engine),
      policy_(settings_.policy),
      parking_(std::chrono::seconds(settings_.correspondence.disconnect_s)),
      book_random_(settings_.book_seed) {}

GameSession::~GameSession() {
  stop();
  if (thread_.joinable()) thread_.join();
}

void GameSession::start(bool parked) {
  parked_ = parked;  // before the session thread reads it
  if (parked) {
    std::lock_guard lock(summary_mutex_);
    summary_.id = game_id_;
    summary_.speed = "correspondence";
    summary_.stream_open = false;
  } else {
    stream_open_ = true;
  }
  chat_thread_ = std::thread([this] { post_chat_messages(); });
  thread_ = std::thread([this] { run(); });
}

void GameSession::resume() {
  queue_.push(ResumeRequest{});
}

void GameSession::resign_now() {
  queue_.push(ResignRequest{});
}

void GameSession::stop() {
  stop_requested_ = true;
  {
    std::lock_guard lock(reader_mutex_);
    reader_stop_.request_stop();
  }
  queue_.push(Wake{});
}

void GameSession::run() {
  if (!parked_) open_stream();
  while (!done_ && !stop_requested_) {
    const auto deadline = next_deadline();
    if (auto event = deadline ? queue_.pop_until(*deadline) : std::optional(queue_.pop()))
      handle(*event);
    on_time();
  }
  if (engine_) {
    engine_->stop();
    engine_->wait();
  }
  close_stream();
  if (!done_) finish("stopped", std::nullopt);
  chat_queue_.push(std::nullopt);  // the chat thread sends what is queued (goodbyes), then ends
  if (chat_thread_.joinable()) chat_thread_.join();
}

void GameSession::post_chat_messages() {
  while (auto message = chat_queue_.pop()) {
    if (auto r = client_.post_chat(game_id_, message->first, message->second); !r)
      log_.warning("game ", game_id_, ": chat failed: ", r.error().describe());
  }
}

// The game stream: replayed from gameFull on every (re)connection, so drops lose nothing.
void GameSession::read_stream(std::stop_token stop) {
  bool over = false;
  StreamControl control;
  control.silence_limit = settings_.stream_silence_limit;
  ReconnectingStream stream({.name = "game " + game_id_ + ": stream",
                             .backoff = {.initial_delay = kFirstReconnectDelay,
                                         .max_delay = settings_.max_reconnect_delay},
                             .budget = nullptr,
                             .random01 = {},
                             .on_reconnect =
                                 [this] {
                                   if (settings_.metrics)
                                     settings_.metrics->stream_reconnect("game");
                                 }},
                            clock_, log_);
  stream.run(
      stop, control,
      [&](const StreamControl& each, const std::function<void()>& delivered) {
        return client_.stream_game(
            game_id_,
            [&](const GameStreamEvent& event) {
              if (const auto* s = std::get_if<GameStateEvent>(&event))
                over = is_game_over_status(s->status);
              if (const auto* f = std::get_if<GameFullEvent>(&event))
                over = is_game_over_status(f->state.status);
              if (!std::holds_alternative<KeepAlive>(event)) delivered();
              queue_.push(event);
              return over ? StreamAction::kStop : StreamAction::kContinue;
            },
            each);
      },
      [&](const StreamOutcome& outcome) {
        if (over) return true;
        if (outcome.error && outcome.error->kind == LichessErrorKind::kHttp &&
            !outcome.error->retryable) {
          queue_.push(StreamGone{outcome.error->describe()});
          return true;
        }
        return false;
      });
}

void GameSession::handle(const Event& event) {
  if (const auto* stream = std::get_if<GameStreamEvent>(&event)) {
    if (const auto* full = std::get_if<GameFullEvent>(stream)) on_game_full(*full);
    if (const auto* state = std::get_if<GameStateEvent>(stream)) on_game_state(*state);
    if (const auto* gone = std::get_if<OpponentGoneEvent>(stream)) on_opponent_gone(*gone);
    if (const auto* line = std::get_if<ChatLineEvent>(stream)) on_chat_line(*line);
  } else if (const auto* gone = std::get_if<StreamGone>(&event)) {
    log_.warning("game ", game_id_, ": the server no longer serves this game (", gone->why, ")");
    finish("gone", std::nullopt);
  } else if (const auto* done = std::get_if<EngineDone>(&event)) {
    on_engine_done(*done);
  } else if (std::holds_alternative<ResumeRequest>(event)) {
    unpark();
  } else if (std::holds_alternative<ResignRequest>(event)) {
    if (board_ && !done_) {
      cancel_search();
      log_.info("game ", game_id_, ": resigning for shutdown");
      if (auto r = client_.resign(game_id_); !r)
        log_.warning("game ", game_id_, ": ", r.error().describe());
    }
  }
}

void GameSession::on_game_full(const GameFullEvent& full) {
  if (!board_) {
    auto variant = engine_variant_for(full.variant);
    if (!variant) {
      log_.error("game ", game_id_, ": ", variant.error());
      finish("gone", std::nullopt);
      return;
    }
    auto board = GameState::start(*variant, full.initial_fen);
    if (!board) {
      log_.error("game ", game_id_, ": ", board.error());
      finish("gone", std::nullopt);
      return;
    }
    board_ = std::move(*board);
    full_ = full;
    our_color_ = full.white.id == me_.id ? engine::White : engine::Black;
    const GamePlayer& them = our_color_ == engine::White ? full.black : full.white;
    opponent_ = them.name;
    opponent_is_bot_ = them.is_bot();
    correspondence_ = !full.clock.has_value();
    const ContextSettings context = apply_overrides(
        {settings_.engine, settings_.budget, std::nullopt, std::nullopt}, settings_.overrides,
        {lichess::parse_speed(full.speed), them.is_bot() || them.ai_level.has_value()});
    budget_ = context.budget;
    ponder_override_ = context.ponder;
    if (correspondence_) budget_.max_think_ms = settings_.correspondence.move_time_ms;
    if (context.engine.hash_mb != engine_options_.hash_mb ||
        context.engine.threads != engine_options_.threads) {
      log_.info("game ", game_id_, ": engine overrides for ", full.speed, ": hash ",
                context.engine.hash_mb, " MiB, ", context.engine.threads, " thread(s)");
      engine_options_ = context.engine;
      if (engine_) engine_->set_options(engine_options_);
    }
    engine();  // the table is ready before the first search
    const bool use_book = context.book.value_or(policy_.use_book(opponent_is_bot_));
    if (const auto variant_key = lichess::parse_variant(full.variant)) {
      const auto found = settings_.books.find(*variant_key);
      if (found != settings_.books.end() && use_book && !found->second->empty())
        book_ = found->second;
    }
    log_.info("game ", game_id_, ": playing ", full.variant, " as ",
              our_color_ == engine::White ? "white" : "black", " against ", opponent_);
  }
  if (!greeted_) {
    greeted_ = true;
    say(ChatRoom::kPlayer, settings_.greeting.hello);
    say(ChatRoom::kSpectator, settings_.greeting.hello_spectators);
  }
  on_game_state(full.state);
}

void GameSession::on_game_state(const GameStateEvent& state) {
  if (!board_ || done_) return;
  state_received_ = clock_.now();
  const std::size_t known_plies = board_->moves().size();
  if (auto updated = board_->update(state.moves); !updated) {
    log_.error("game ", game_id_, ": cannot follow the server's moves: ", updated.error());
    return;
  }
  last_state_ = state;
  if (is_game_over_status(state.status)) {
    finish(state.status, state.winner);
    return;
  }
  const bool moved = board_->moves().size() != known_plies;
  // A new move or a takeback makes a running search obsolete, unless it is the ponder
  // search and the opponent played the reply it searched.
  const bool ponder_hit = moved && ponder_ && resolve_ponder();
  if (searching_ && moved && !ponder_hit) cancel_search();
  if (board_->moves().size() < known_plies) {  // a takeback: those plies were never played
    notes_.erase(notes_.lower_bound(board_->moves().size()), notes_.end());
    if (moved_at_ply_ >= board_->moves().size()) moved_at_ply_ = SIZE_MAX;
    log_.info("game ", game_id_, ": takeback to ply ", board_->moves().size());
  }
  takeback_pending_ = false;            // this state shows whatever the takeback did
  if (parked_ && our_turn()) unpark();  // a move read just before the stream closed
  if (correspondence_) parking_.on_state(our_turn(), clock_.now());
  answer_offers(state);
  if (our_turn() && !searching_ && !takeback_pending_) start_search();
  if (!our_turn() && !searching_ && !takeback_pending_) maybe_ponder();
  publish_summary();
}

void GameSession::answer_offers(const GameStateEvent& state) {
  const bool white = our_color_ == engine::White;
  const OfferAnswers answers =
      policy_.on_state(position_facts(),
                       {.draw_offered = white ? state.bdraw : state.wdraw,
                        .takeback_asked = white ? state.btakeback : state.wtakeback,
                        .opponent_is_bot = opponent_is_bot_,
                        .our_move_sent = moved_at_ply_ == board_->moves().size()},
                       clock_.now());
  if (answers.draw) {
    const bool accept = *answers.draw;
    log_.info("game ", game_id_, ": ", accept ? "accepting" : "declining", " a draw offer");
    if (auto r = client_.draw(game_id_, accept); !r)
      log_.warning("game ", game_id_, ": ", r.error().describe());
  }
  if (answers.takeback) {
    const bool accept = *answers.takeback;
    log_.info("game ", game_id_, ": ", accept ? "accepting" : "declining", " a takeback (",
              policy_.takebacks_accepted(), " of ", settings_.policy.takebacks.max_per_game,
              " accepted)");
    if (accept) cancel_search();  // the position is about to go back
    if (auto r = client_.takeback(game_id_, accept); !r)
      log_.warning("game ", game_id_, ": ", r.error().describe());
    else
      takeback_pending_ = accept;  // no search until the server's next gameState
  }
}

void GameSession::on_opponent_gone(const OpponentGoneEvent& gone) {
  policy_.on_opponent_gone(gone.gone, gone.claim_win_in_seconds, clock_.now());
}

void GameSession::on_time() {
  if (done_) return;
  if (parking_.due(clock_.now())) park();
  const DueActions due = policy_.on_time(clock_.now());
  if (due.retry_search && our_turn() && !searching_) start_search();
  if (due.abort) {
    log_.info("game ", game_id_, ": ", opponent_, " did not make a first move; aborting");
    if (auto r = client_.abort_game(game_id_); !r)
      log_.warning("game ", game_id_, ": ", r.error().describe());
  }
  if (due.claim_victory) {
    log_.info("game ", game_id_, ": ", opponent_, " left; claiming victory");
    if (auto r = client_.claim_victory(game_id_); !r)
      log_.warning("game ", game_id_, ": ", r.error().describe());
  }
}

bool GameSession::our_turn() const {
  return board_ && !done_ && board_->side_to_move() == our_color_;
}

PositionFacts GameSession::position_facts() const {
  return {.plies = board_->moves().size(),
          .fullmove_number = board_->position().fullmove_number(),
          .our_turn = our_turn(),
          .correspondence = correspondence_};
}

void GameSession::finish(const std::string& status, std::optional<engine::Color> winner) {
  if (done_) return;
  done_ = true;
  cancel_search();
  if (status != "gone" && status != "stopped" && greeted_) {
    say(ChatRoom::kPlayer, settings_.greeting.goodbye);
    say(ChatRoom::kSpectator, settings_.greeting.goodbye_spectators);
  }
  write_record(status, winner);
  if (const int pondered = ponder_hits_ + ponder_misses_; pondered > 0)
    log_.info("game ", game_id_, ": ponder hits ", ponder_hits_, " of ", pondered);
  log_.info("game ", game_id_, ": over (", status,
            winner ? (*winner == our_color_ ? ", we won" : ", we lost") : "", ")");
  finished_ = true;
  if (on_finished_) on_finished_({game_id_, status, winner, opponent_is_bot_, opponent_});
}

// Chat commands (!help, !name, !eval, !pv, !queue, !wait, !ping, !variants) from the player
// and spectator rooms.
void GameSession::on_chat_line(const ChatLineEvent& line) {
  if (line.username == me_.name || line.username == me_.id) return;  // our own echo
  ChatContext context;
  context.eval = last_eval_;
  context.eval_depth = last_depth_;
  context.pv = last_pv_;
  context.variants = settings_.variants;
  context.queue_length = settings_.queue_length ? settings_.queue_length() : 0;
  context.game_over = done_;
  context.room = parse_chat_room(line.room).value_or(ChatRoom::kPlayer);
  context.wait_used = policy_.wait_used();
  context.wait_extension = settings_.policy.abort_time;
  auto reply = answer_chat(line.text, context);
  if (!reply) return;
  if (reply->extend_abort_timer) policy_.extend_abort_timer();
  say(context.room, reply->text);
}

void GameSession::say(ChatRoom room, const std::string& text) {
  if (!text.empty()) chat_queue_.push(std::pair{room, fill_greeting(text, me_.name, opponent_)});
}

}  // namespace bot
