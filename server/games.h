// SPDX-License-Identifier: GPL-3.0-or-later
// One game's lifecycle on the server: the position (engine rules), the moves in
// UCI, clocks, the first-move deadline, draw and takeback offers, chat, and how
// the game ended. Not thread-safe: the server state owns every Game and only
// calls it under its lock. Time comes in as arguments (no clock of its own).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/position.h"
#include "engine/status.h"
#include "server/clocks.h"
#include "server/errors.h"
#include "server/variants.h"

namespace server {

// Lichess game status ids.
enum class Status : int {
  kCreated = 10,
  kStarted = 20,
  kAborted = 25,
  kMate = 30,
  kResign = 31,
  kStalemate = 32,
  kTimeout = 33,
  kDraw = 34,
  kOutOfTime = 35,
  kCheat = 36,
  kNoStart = 37,
  kUnknownFinish = 38,
  kInsufficientMaterialClaim = 39,
  kVariantEnd = 60,
};
std::string_view status_name(Status s);
inline bool is_terminal(Status s) {
  return s != Status::kCreated && s != Status::kStarted;
}

struct GameSetup {
  std::string id;  // 8 characters, the challenge id
  lichess::Variant variant = lichess::Variant::kStandard;
  std::string initial_fen = "startpos";  // "startpos" or a FEN
  TimeControl time_control;
  bool rated = false;
  std::array<std::string, 2> users;       // account ids, by colour
  std::array<std::string, 2> player_ids;  // 4 characters each: fullId = id + player id
  bool no_abort = false;                  // the noAbort rule: a missed first move is noStart
  std::int64_t first_move_ms = 0;         // first-move deadline; 0 = Lichess's table
};

struct ChatLine {
  std::string room;  // "player" or "spectator"
  std::string user;  // username
  std::string text;
};

class Game {
 public:
  // Sets up the start position; an unusable FEN is an error.
  static std::expected<Game, std::string> start(GameSetup setup, std::int64_t now,
                                                std::int64_t wall);

  const GameSetup& setup() const { return setup_; }
  const std::string& id() const { return setup_.id; }
  Status status() const { return status_; }
  bool over() const { return is_terminal(status_); }
  std::optional<engine::Color> winner() const { return winner_; }
  engine::Termination termination() const { return termination_; }
  const engine::Position& position() const { return pos_; }
  engine::Color turn() const { return pos_.side_to_move(); }
  int ply() const { return int(moves_.size()); }
  const std::vector<std::string>& moves() const { return moves_; }
  std::string moves_text() const;
  std::optional<engine::Color> color_of(std::string_view user_id) const;
  bool draw_offer(engine::Color c) const { return draw_offer_[c]; }
  bool takeback_offer(engine::Color c) const { return takeback_offer_[c]; }
  const std::vector<ChatLine>& chat() const { return chat_; }
  // Clock of the mover after each move (ms; realtime games only), for PGN %clk.
  const std::vector<std::int64_t>& clock_history() const { return clock_history_; }
  std::int64_t created_wall() const { return created_wall_; }
  std::int64_t last_move_wall() const { return last_move_wall_; }
  bool abortable() const { return !over() && ply() < 2; }

  // wtime/btime as the API sends them: realtime ms left; correspondence ms to the
  // deadline; unlimited 2147483647.
  std::int64_t time_left_ms(engine::Color c, std::int64_t now) const;
  std::int64_t increment_ms() const;
  // Before both sides moved: ms left for the pending first move.
  std::optional<std::int64_t> millis_to_move(std::int64_t now) const;
  std::int64_t idle_ms(std::int64_t now) const { return now - last_move_at_; }

  // Plays a move for c. Malformed or illegal moves and moves out of turn are 400s
  // and change nothing. offering_draw offers (or accepts) a draw with the move.
  // Returns false when nothing changed (a draw offer posted to a finished game).
  Result<bool> play(engine::Color c, std::string_view uci, bool offering_draw, std::int64_t now,
                    std::int64_t wall);
  // Ends the game when a clock, the first-move deadline or a correspondence deadline
  // has passed. Returns whether it ended.
  bool expire(std::int64_t now, std::int64_t wall);
  Result<void> abort(engine::Color c, std::int64_t now, std::int64_t wall);
  // Resigning a game that can still be aborted aborts it (as Lichess does).
  Result<void> resign(engine::Color c, std::int64_t now, std::int64_t wall);
  // draw/yes offers or accepts, draw/no declines. Returns whether anything changed;
  // an offer that is not allowed right now is ignored.
  Result<bool> draw(engine::Color c, bool yes, std::int64_t now, std::int64_t wall);
  // takeback/yes proposes or accepts, takeback/no declines. Returns whether anything changed.
  Result<bool> takeback(engine::Color c, bool yes, std::int64_t now);
  // The opponent is gone long enough (the caller checks): c wins (timeout) or draws.
  Result<void> claim_victory(engine::Color c, std::int64_t now, std::int64_t wall);
  Result<void> claim_draw(engine::Color c, std::int64_t now, std::int64_t wall);
  void add_chat(ChatLine line) { chat_.push_back(std::move(line)); }

 private:
  explicit Game(GameSetup setup, engine::Position pos) : setup_(std::move(setup)), pos_(pos) {}
  void finish(Status status, std::optional<engine::Color> winner, std::int64_t now,
              std::int64_t wall);
  bool can_offer_draw(engine::Color c) const;
  std::int64_t first_move_limit() const;

  GameSetup setup_;
  engine::Position pos_;
  std::vector<std::string> moves_;
  std::vector<std::int64_t> clock_history_;
  Status status_ = Status::kStarted;
  std::optional<engine::Color> winner_;
  engine::Termination termination_ = engine::Termination::None;
  std::optional<GameClock> clock_;
  std::int64_t created_wall_ = 0;
  std::int64_t last_move_at_ = 0;
  std::int64_t last_move_wall_ = 0;
  std::array<bool, 2> draw_offer_{};
  std::array<bool, 2> takeback_offer_{};
  std::array<int, 2> last_draw_offer_ply_{-1000, -1000};
  std::vector<ChatLine> chat_;
};

}  // namespace server
