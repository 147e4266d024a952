// SPDX-License-Identifier: GPL-3.0-or-later
// Every decision inside one game (config sections `engine.draw_offer`, `engine.resign`,
// `takebacks`, `abort_time_s`, `engine.ponder` and the opening-book switches): whether to
// ponder on the opponent's time, answering the opponent's draw offers and takeback
// requests, offering a draw with our move, resigning, aborting when the opponent never
// makes a first move (and extending that wait for !wait), claiming victory after the
// opponent left, and retrying a move the server refused. The game session feeds it facts,
// our search scores and `now`, and carries out the actions it returns.
//
// Pure: no I/O and no clock reads; time only arrives as `now` arguments. Not
// thread-safe: the game session's thread owns its GamePolicy.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "config/config.h"

namespace bot {

struct GamePolicySettings {
  config::DrawOffer draw_offer;
  config::Resign resign;
  config::Takebacks takebacks;          // max_per_game 0: decline every request
  std::chrono::seconds abort_time{30};  // how long the opponent may take over a first move
  bool book_against_humans = true;
  bool book_against_bots = true;
  bool ponder = false;  // engine.ponder
};

// The game when our move has been accepted and the opponent is to move.
struct PonderFacts {
  bool clock = false;             // a realtime game (not correspondence, not unlimited)
  std::int64_t our_clock_ms = 0;  // what our clock holds for our next move
  bool in_book = false;           // our next move may come from the opening book
  bool expected_reply = false;    // our search named the reply it expects
  std::optional<bool> ponder;     // this game's engine.overrides entry, over engine.ponder
};

// The position when the session asks (after applying the server's moves).
struct PositionFacts {
  std::size_t plies = 0;  // moves played so far
  int fullmove_number = 1;
  bool our_turn = false;
  // Days per move: the opponent may take days over a first move too, so no abort timer (and
  // while the stream is closed the session would not see that move anyway).
  bool correspondence = false;
};

// The opponent's standing requests in one gameState.
struct OfferFacts {
  bool draw_offered = false;
  bool takeback_asked = false;
  bool opponent_is_bot = false;
  // Our move at this ply already left, so the server dropped the request: a "yes" now would
  // propose a takeback of our own. Such a request is declined and not counted.
  bool our_move_sent = false;
};

struct OfferAnswers {
  std::optional<bool> draw;      // answer the draw offer: true accepts, false declines
  std::optional<bool> takeback;  // answer the takeback request: true accepts, false declines
};

// What to do with a finished search's best move.
struct MoveDecision {
  bool resign = false;      // resign instead of moving
  bool offer_draw = false;  // offer a draw with the move
  int score = 0;            // centipawns from our side (mates as +-kDecisiveScore), for the log
};

// Timers that came due.
struct DueActions {
  bool abort = false;          // the opponent never made a first move
  bool claim_victory = false;  // the opponent left and the server lets us claim
  bool retry_search = false;   // a refused move's retry delay passed: search again if our turn
};

class GamePolicy {
 public:
  using Time = std::chrono::steady_clock::time_point;
  // A mate score far outside any evaluation, so thresholds treat it as decisive.
  static constexpr int kDecisiveScore = 100000;
  // How long after the server refused our move we search and post again (a new
  // gameState may settle it sooner).
  static constexpr std::chrono::seconds kMoveRetryDelay{1};

  explicit GamePolicy(GamePolicySettings settings) : settings_(std::move(settings)) {}

  // Whether to play from an opening book against this opponent.
  bool use_book(bool opponent_is_bot) const;
  // Whether to think on the expected reply during the opponent's time: engine.ponder is on,
  // the game has a clock and ours holds at least engine::search::params::kPonderMinClockMs
  // (less is too little to gain), and the next move will not come from the book.
  bool should_ponder(const PonderFacts& facts) const;

  // A gameState arrived: answers its offers (each at most once per ply and request) and
  // starts or stops the wait for the opponent's first move. Takebacks are accepted while
  // fewer than takebacks.max_per_game were (and, with only_humans, not from a bot).
  OfferAnswers on_state(const PositionFacts& position, const OfferFacts& offers, Time now);
  // Our search finished in `position` (our turn): records its score and decides.
  // `from_tablebase`: the endgame tables chose the move, so the score is exact (the
  // `tablebase` switches of engine.draw_offer and engine.resign act on it at once).
  MoveDecision on_search_result(const PositionFacts& position, int score_cp,
                                std::optional<int> mate_in, bool from_tablebase = false);
  void on_move_failed(Time now);
  // The server's opponentGone: claim victory after `claim_win_in_seconds`; gone=false cancels.
  void on_opponent_gone(bool gone, std::optional<int> claim_win_in_seconds, Time now);
  // A granted !wait (answer_chat in daemon/chat_commands.h grants it once per game): pushes
  // the abort deadline back by abort_time while we wait for the opponent's first move.
  // True when it did.
  bool extend_abort_timer();
  bool wait_used() const { return wait_used_; }

  // The timers due at `now` (each fires once).
  DueActions on_time(Time now);
  // The earliest pending timer, for the session's queue wait; nullopt when none.
  std::optional<Time> next_deadline() const;

  std::optional<int> last_score() const;  // our side's latest search score
  int takebacks_accepted() const { return takebacks_accepted_; }

 private:
  bool wants_draw(const PositionFacts& position) const;
  bool wants_to_resign() const;

  const GamePolicySettings settings_;
  std::vector<int> our_scores_;     // centipawns from our side, one per search result
  std::optional<int> table_score_;  // the last score, when the tables chose that move
  std::size_t draw_answered_for_ply_ = SIZE_MAX;
  std::size_t takeback_answered_for_ply_ = SIZE_MAX;  // reset once the request is gone
  int takebacks_accepted_ = 0;
  std::size_t opponent_draw_offer_ply_ = SIZE_MAX;
  std::optional<Time> waiting_for_opponent_since_;
  bool abort_sent_ = false;
  bool wait_used_ = false;
  std::optional<Time> claim_victory_at_;
  std::optional<Time> retry_search_at_;
};

}  // namespace bot
