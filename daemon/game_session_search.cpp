// SPDX-License-Identifier: GPL-3.0-or-later
// The moves of a GameSession: the search budget of each move, the search itself (or a
// book move instead), and posting the move with its draw offer. Runs on the session
// thread, like all of GameSession; the engine reports back through the session's queue.
#include <algorithm>

#include "daemon/game_session.h"
#include "daemon/metrics.h"
#include "engine/notation.h"
#include "engine/san.h"
#include "engine/search/time_manager.h"

namespace bot {

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
  } else {
    // Days per move: wtime/btime hold the time to the move's deadline (unlimited: INT32_MAX).
    const std::int64_t left = input.we_are_white ? s.wtime_ms : s.btime_ms;
    input.correspondence_left_ms = int(std::clamp<std::int64_t>(left, 0, INT32_MAX));
  }
  input.first_move = plies < 2;
  if (s.expiration) input.first_move_deadline_ms = int(s.expiration->ms_to_move);
  return input;
}

void GameSession::start_search() {
  const engine::SearchLimits limits = search_budget(budget_input(board_->moves().size()), budget_);
  if (book_ && !out_of_book_ && play_book_move(limits)) return;

  engine().set_position(board_->position());  // the board already holds it, with its history
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
  engine().go(limits,
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
  if (engine_) engine_->stop();
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

}  // namespace bot
