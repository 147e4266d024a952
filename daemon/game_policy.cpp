// SPDX-License-Identifier: GPL-3.0-or-later
#include "daemon/game_policy.h"

#include <algorithm>
#include <cstdlib>

#include "engine/score.h"
#include "engine/search/params.h"

namespace bot {

bool GamePolicy::should_ponder(const PonderFacts& facts) const {
  return facts.ponder.value_or(settings_.ponder) && facts.clock && facts.expected_reply &&
         !facts.in_book && facts.our_clock_ms >= engine::search::params::kPonderMinClockMs;
}

bool GamePolicy::use_book(bool opponent_is_bot) const {
  return opponent_is_bot ? settings_.book_against_bots : settings_.book_against_humans;
}

OfferAnswers GamePolicy::on_state(const PositionFacts& position, const OfferFacts& offers,
                                  Time now) {
  OfferAnswers answers;
  if (offers.draw_offered && draw_answered_for_ply_ != position.plies) {
    draw_answered_for_ply_ = position.plies;
    opponent_draw_offer_ply_ = position.plies;
    answers.draw = wants_draw(position);
  }
  if (!offers.takeback_asked) {
    takeback_answered_for_ply_ = SIZE_MAX;  // a later request at this ply is a new one
  } else if (takeback_answered_for_ply_ != position.plies) {
    takeback_answered_for_ply_ = position.plies;
    const config::Takebacks& t = settings_.takebacks;
    const bool accept = !offers.our_move_sent && takebacks_accepted_ < t.max_per_game &&
                        !(t.only_humans && offers.opponent_is_bot);
    if (accept) ++takebacks_accepted_;
    answers.takeback = accept;
  }
  const bool opponent_to_start =
      position.plies < 2 && !position.our_turn && !position.correspondence;
  if (!opponent_to_start) {
    waiting_for_opponent_since_.reset();
  } else if (!waiting_for_opponent_since_) {
    waiting_for_opponent_since_ = now;
  }
  return answers;
}

MoveDecision GamePolicy::on_search_result(const PositionFacts& position, int score_cp,
                                          std::optional<int> mate_in, bool from_tablebase) {
  MoveDecision decision;
  decision.score = mate_in ? (*mate_in > 0 ? kDecisiveScore : -kDecisiveScore) : score_cp;
  our_scores_.push_back(decision.score);
  table_score_ = from_tablebase ? std::optional(decision.score) : std::nullopt;
  if (wants_to_resign()) {
    decision.resign = true;
    return decision;
  }
  decision.offer_draw =
      wants_draw(position) &&
      (opponent_draw_offer_ply_ == SIZE_MAX ||
       position.plies >=
           opponent_draw_offer_ply_ + std::size_t(settings_.draw_offer.plies_after_opponent_offer));
  return decision;
}

void GamePolicy::on_move_failed(Time now) {
  retry_search_at_ = now + kMoveRetryDelay;
}

void GamePolicy::on_opponent_gone(bool gone, std::optional<int> claim_win_in_seconds, Time now) {
  if (!gone) {
    claim_victory_at_.reset();
    return;
  }
  claim_victory_at_ = now + std::chrono::seconds(std::max(0, claim_win_in_seconds.value_or(0)));
}

bool GamePolicy::extend_abort_timer() {
  if (!waiting_for_opponent_since_) return false;
  *waiting_for_opponent_since_ += settings_.abort_time;
  wait_used_ = true;
  return true;
}

DueActions GamePolicy::on_time(Time now) {
  DueActions due;
  if (retry_search_at_ && now >= *retry_search_at_) {
    retry_search_at_.reset();
    due.retry_search = true;
  }
  if (waiting_for_opponent_since_ && !abort_sent_ &&
      now >= *waiting_for_opponent_since_ + settings_.abort_time) {
    abort_sent_ = true;
    due.abort = true;
  }
  if (claim_victory_at_ && now >= *claim_victory_at_) {
    claim_victory_at_.reset();
    due.claim_victory = true;
  }
  return due;
}

std::optional<GamePolicy::Time> GamePolicy::next_deadline() const {
  std::optional<Time> next;
  const auto consider = [&next](Time t) { next = next ? std::min(*next, t) : t; };
  if (retry_search_at_) consider(*retry_search_at_);
  if (waiting_for_opponent_since_ && !abort_sent_)
    consider(*waiting_for_opponent_since_ + settings_.abort_time);
  if (claim_victory_at_) consider(*claim_victory_at_);
  return next;
}

std::optional<int> GamePolicy::last_score() const {
  if (our_scores_.empty()) return std::nullopt;
  return our_scores_.back();
}

bool GamePolicy::wants_draw(const PositionFacts& position) const {
  const config::DrawOffer& d = settings_.draw_offer;
  if (!d.enabled) return false;
  // A draw the tables prove needs no waiting.
  if (d.tablebase && table_score_ && std::abs(*table_score_) <= engine::kTbCursedWinScore)
    return true;
  if (position.fullmove_number < d.min_moves) return false;
  const std::size_t n = std::size_t(std::max(1, d.consecutive_moves));
  if (our_scores_.size() < n) return false;
  return std::all_of(our_scores_.end() - long(n), our_scores_.end(),
                     [&](int s) { return std::abs(s) <= d.max_score_cp; });
}

bool GamePolicy::wants_to_resign() const {
  const config::Resign& r = settings_.resign;
  if (!r.enabled) return false;
  if (r.tablebase && table_score_ && *table_score_ <= -engine::kTbWinBound) return true;
  const std::size_t n = std::size_t(std::max(1, r.consecutive_moves));
  if (our_scores_.size() < n) return false;
  return std::all_of(our_scores_.end() - long(n), our_scores_.end(),
                     [&](int s) { return s <= r.score_cp; });
}

}  // namespace bot
