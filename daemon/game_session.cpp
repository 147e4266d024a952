// SPDX-License-Identifier: GPL-3.0-or-later
#include "daemon/game_session.h"

#include <algorithm>

#include "daemon/lichess/reconnecting_stream.h"
#include "daemon/lichess/variant_key.h"
#include "daemon/metrics.h"
#include "engine/movegen.h"
#include "engine/notation.h"
#include "engine/san.h"
#include "engine/search/time_manager.h"

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
      engine_(settings_.engine),
      policy_(settings_.policy),
      book_random_(settings_.book_seed) {}

GameSession::~GameSession() {
  stop();
  if (thread_.joinable()) thread_.join();
}

void GameSession::start() {
  chat_thread_ = std::thread([this] { post_chat_messages(); });
  thread_ = std::thread([this] { run(); });
}

void GameSession::resign_now() {
  queue_.push(ResignRequest{});
}

void GameSession::stop() {
  stop_requested_ = true;
  reader_stop_.request_stop();
  queue_.push(Wake{});
}

void GameSession::run() {
  reader_ = std::thread([this] { read_stream(reader_stop_.get_token()); });
  while (!done_ && !stop_requested_) {
    const auto deadline = policy_.next_deadline();
    if (auto event = deadline ? queue_.pop_until(*deadline) : std::optional(queue_.pop()))
      handle(*event);
    on_time();
  }
  engine_.stop();
  engine_.wait();
  reader_stop_.request_stop();
  if (reader_.joinable()) reader_.join();
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
    if (context.engine.hash_mb != engine_.options().hash_mb ||
        context.engine.threads != engine_.options().threads) {
      log_.info("game ", game_id_, ": engine overrides for ", full.speed, ": hash ",
                context.engine.hash_mb, " MiB, ", context.engine.threads, " thread(s)");
      engine_.set_options(context.engine);
    }
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
  takeback_pending_ = false;  // this state shows whatever the takeback did
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
          .our_turn = our_turn()};
}

BudgetInput GameSession::budget_input(std::size_t plies) const {
  const GameStateEvent& s = *last_state_;
  BudgetInput input;
  input.we_are_white = our_color_ == engine::White;
  input.correspondence = correspondence_;
  if (!correspondence_) {
    input.wtime_ms = int(std::min<std::int64_t>(s.wtime_ms, INT32_MAX));
    input.btime_ms = int(std::min<std::int64_t>(s.btime_ms, INT32_MAX));
    input.winc_ms = int(s.winc_ms);
    input.binc_ms = int(s.binc_ms);
  }
  input.first_move = plies < 2;
  if (s.expiration) input.first_move_deadline_ms = int(s.expiration->ms_to_move);
  return input;
}

void GameSession::start_search() {
  const engine::SearchLimits limits = search_budget(budget_input(board_->moves().size()), budget_);
  if (book_ && !out_of_book_ && play_book_move(limits)) return;

  engine_.set_position(board_->position());  // the board already holds it, with its history
  search_started_ = clock_.now();
  overhead_before_search_ =
      std::chrono::duration_cast<std::chrono::microseconds>(search_started_ - state_received_);
  launch_search(limits);
  // Logged once the engine runs, so the line costs the move nothing.
  log_.debug("game ", game_id_, ": searching (", describe_limits(limits), ")");
}

void GameSession::launch_search(const engine::SearchLimits& limits) {
  const int generation = ++generation_;
  searching_ = true;
  engine_.go(limits,
             {.on_info = {}, .on_best_move = [this, generation](const engine::SearchResult& r) {
                queue_.push(EngineDone{generation, r, clock_.now()});
              }});
}

bool GameSession::play_book_move(const engine::SearchLimits& limits) {
  const auto started = clock_.now();
  const engine::book::BookProbe probe = book_->probe(board_->position(), book_random_);
  for (const std::string& line : probe.ignored) log_.warning("game ", game_id_, ": ", line);
  if (!probe.move) {
    out_of_book_ = true;  // the search takes over from here for the rest of the game
    log_.info("game ", game_id_, ": out of book after ", board_->moves().size(), " plies (",
              book_moves_, " book moves, about ", book_time_saved_.count(), " ms saved)");
    return false;
  }
  // What the search would have aimed to spend on this move.
  const auto plan = engine::search::plan_time(limits, our_color_);
  const std::chrono::milliseconds saved(plan ? plan->soft_ms : 0);
  ++book_moves_;
  book_time_saved_ += saved;
  notes_[board_->moves().size()] = {std::nullopt, std::chrono::milliseconds(0)};
  search_started_ = started;  // no search: the think time is zero
  overhead_before_search_ =
      std::chrono::duration_cast<std::chrono::microseconds>(started - state_received_);
  publish_summary();
  post_move(*probe.move, false, started,
            "book move, weight " + std::to_string(probe.weight) + " in " + probe.file +
                ", saved about " + std::to_string(saved.count()) + " ms");
  return true;
}

void GameSession::cancel_search() {
  ++generation_;  // the result of the running search will be ignored
  searching_ = false;
  ponder_.reset();
  engine_.stop();
}

void GameSession::on_engine_done(const EngineDone& done) {
  if (done.generation != generation_) return;
  searching_ = false;
  ponder_.reset();
  if (!our_turn() || done.result.best == engine::Move::none()) return;
  const engine::SearchInfo& info = done.result.info;
  const MoveDecision decision =
      policy_.on_search_result(position_facts(), info.score_cp, info.mate_in, info.from_tablebase);
  last_eval_ = PgnEval::from_search(info.score_cp, info.mate_in, our_color_);
  last_depth_ = info.depth;
  last_mate_in_ = info.mate_in;
  if (settings_.metrics)
    settings_.metrics->search_done(info.nodes, std::chrono::milliseconds(info.time_ms), info.nps);
  publish_summary();
  notes_[board_->moves().size()] = {
      last_eval_, std::chrono::duration_cast<std::chrono::milliseconds>(done.at - search_started_)};
  if (decision.resign) {
    log_.info("game ", game_id_, ": resigning (score ", decision.score, " cp)");
    if (auto r = client_.resign(game_id_); !r)
      log_.warning("game ", game_id_, ": ", r.error().describe());
    return;
  }
  // The reply to ponder on once the server shows our move.
  expected_reply_ = done.result.ponder;
  expected_reply_plies_ = board_->moves().size() + 1;
  post_move(done.result.best, decision.offer_draw, done.at,
            "score " + std::to_string(decision.score) + " cp" +
                (decision.offer_draw ? ", offering a draw" : ""));
  last_pv_ = engine::line_to_san(board_->position(), info.pv);  // after the move left
}

void GameSession::post_move(engine::Move move, bool offer_draw,
                            base::Clock::SteadyTime move_ready_at, const std::string& why) {
  const std::string uci = engine::move_to_uci(board_->position(), move);
  // Time spent outside the search between the gameState and the move leaving.
  const auto overhead =
      overhead_before_search_ +
      std::chrono::duration_cast<std::chrono::microseconds>(clock_.now() - move_ready_at);
  const auto think =
      std::chrono::duration_cast<std::chrono::microseconds>(move_ready_at - search_started_);
  log_.debug("game ", game_id_, ": playing ", uci, " (", why, ", think ", think.count(),
             " us, overhead ", overhead.count(), " us)");
  auto posted = client_.move(game_id_, uci, offer_draw);
  if (posted) moved_at_ply_ = board_->moves().size();
  if (posted && settings_.metrics)
    settings_.metrics->move_sent(
        std::chrono::duration_cast<std::chrono::microseconds>(clock_.now() - state_received_));
  if (!posted) {
    log_.warning("game ", game_id_, ": move ", uci, " failed: ", posted.error().describe());
    policy_.on_move_failed(clock_.now());  // the next gameState may also settle it
  }
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
