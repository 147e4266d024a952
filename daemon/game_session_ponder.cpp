// SPDX-License-Identifier: GPL-3.0-or-later
// Pondering of a GameSession (engine.ponder): starting a ponder search once the server
// shows our move, and turning it into our move's search (a hit) or giving it up (a miss)
// when the opponent's move arrives. Runs on the session thread, like all of GameSession.
#include "daemon/game_session.h"
#include "daemon/metrics.h"
#include "engine/movegen.h"
#include "engine/notation.h"

namespace bot {

void GameSession::maybe_ponder() {
  // Only right after our own move, with the reply our search expects for it.
  if (expected_reply_ == engine::Move::none() || board_->moves().size() != expected_reply_plies_ ||
      !last_state_)
    return;
  const engine::Move expected = expected_reply_;
  expected_reply_ = engine::Move::none();  // one ponder search per move of ours
  const bool white = our_color_ == engine::White;
  const PonderFacts facts{.clock = !correspondence_,
                          .our_clock_ms = white ? last_state_->wtime_ms : last_state_->btime_ms,
                          .in_book = book_ && !out_of_book_,
                          .expected_reply = true,
                          .ponder = ponder_override_};
  if (!policy_.should_ponder(facts)) return;
  engine::Position pondered = board_->position();
  if (!engine::is_legal(pondered, expected)) return;
  const std::string reply = engine::move_to_uci(pondered, expected);
  engine::UndoRecord undo;
  pondered.make_move(expected, undo);
  if (engine::legal_moves(pondered).empty()) return;  // the reply would end the game

  const std::size_t plies = board_->moves().size() + 1;
  // Our next move's limits: our clock does not run while the opponent thinks.
  engine::SearchLimits limits = search_budget(budget_input(plies), budget_);
  limits.ponder = true;
  ponder_ = Ponder{pondered.key(), plies, clock_.now(), reply};
  engine().set_position(std::move(pondered));
  launch_search(limits);
  log_.debug("game ", game_id_, ": pondering on ", reply, " (", describe_limits(limits), ")");
}

bool GameSession::resolve_ponder() {
  const Ponder ponder = *ponder_;
  ponder_.reset();
  // Anything but exactly one more move (a takeback, a replay) is neither hit nor miss.
  if (board_->moves().size() != ponder.plies) return false;
  const bool hit = our_turn() && board_->position().key() == ponder.key;
  ++(hit ? ponder_hits_ : ponder_misses_);
  if (settings_.metrics) settings_.metrics->ponder_result(hit);
  const auto pondered_ms =
      std::chrono::duration_cast<std::chrono::milliseconds>(clock_.now() - ponder.started);
  if (!hit) {
    log_.debug("game ", game_id_, ": ponder miss after ", pondered_ms.count(), " ms");
    return false;
  }
  engine().ponderhit();
  // Our clock runs from here: the think time of this move starts now.
  search_started_ = clock_.now();
  overhead_before_search_ =
      std::chrono::duration_cast<std::chrono::microseconds>(search_started_ - state_received_);
  log_.debug("game ", game_id_, ": ponder hit after ", pondered_ms.count(), " ms");
  return true;
}

}  // namespace bot
