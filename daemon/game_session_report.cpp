// SPDX-License-Identifier: GPL-3.0-or-later
// What a GameSession reports about its game: the status-page summary and the PGN record.
#include "daemon/game_session.h"

namespace bot {

// The game's PGN record, written after the game ended (never on the move path).
void GameSession::write_record(const std::string& status, std::optional<engine::Color> winner) {
  if (!settings_.pgn || !settings_.pgn->enabled() || !full_ || !board_ || status == "stopped")
    return;
  GameRecord record;
  record.id = game_id_;
  record.base_url = settings_.base_url;
  record.rated = full_->rated;
  record.speed = full_->speed;
  record.variant = full_->variant;
  record.initial_fen = full_->initial_fen;
  record.moves = board_->moves();
  record.white = full_->white.name;
  record.black = full_->black.name;
  record.white_rating = full_->white.rating;
  record.black_rating = full_->black.rating;
  record.clock = full_->clock;
  record.status = status;
  record.winner = winner;
  record.our_color = our_color_;
  record.notes = notes_;
  if (full_->created_at_ms)
    record.started =
        std::chrono::system_clock::time_point(std::chrono::milliseconds(*full_->created_at_ms));
  if (auto written = settings_.pgn->write(record); !written)
    log_.warning("game ", game_id_, ": PGN not written: ", written.error());
}

GameSummary GameSession::summary() const {
  std::lock_guard lock(summary_mutex_);
  GameSummary copy = summary_;
  if (copy.id.empty()) copy.id = game_id_;
  return copy;
}

void GameSession::publish_summary() {
  if (!board_ || !full_) return;
  GameSummary s;
  s.id = game_id_;
  s.opponent = opponent_;
  s.variant = full_->variant;
  s.speed = full_->speed;
  s.color = our_color_ == engine::White ? "white" : "black";
  s.plies = int(board_->moves().size());
  s.our_turn = our_turn();
  if (last_state_ && full_->clock) {
    const bool white = our_color_ == engine::White;
    s.our_clock_ms = white ? last_state_->wtime_ms : last_state_->btime_ms;
    s.their_clock_ms = white ? last_state_->btime_ms : last_state_->wtime_ms;
  }
  if (last_mate_in_)
    s.mate_in = last_mate_in_;
  else
    s.eval_cp = policy_.last_score();
  s.book_moves = book_moves_;
  s.book_time_saved_ms = book_time_saved_.count();
  s.ponder_hits = ponder_hits_;
  s.ponder_misses = ponder_misses_;
  if (ponder_) s.pondering = ponder_->reply;
  s.stream_open = !parked_;
  std::lock_guard lock(summary_mutex_);
  summary_ = std::move(s);
}

}  // namespace bot
