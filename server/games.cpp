// SPDX-License-Identifier: GPL-3.0-or-later
#include "server/games.h"

#include <limits>

#include "engine/fen.h"
#include "engine/game.h"
#include "engine/notation.h"

namespace server {
namespace {

using engine::Color;

constexpr std::int64_t kUnlimitedMs = 2147483647;
constexpr std::int64_t kDayMs = 24LL * 3600 * 1000;
constexpr int kDrawOfferSpacing = 20;  // plies between two draw offers of one player

// Whether c owns nothing but kings (it cannot win on time in a chess variant).
bool only_kings(const engine::Position& pos, Color c) {
  return pos.pieces(c) == pos.pieces(c, engine::King);
}

}  // namespace

std::string_view status_name(Status s) {
  switch (s) {
    case Status::kCreated:
      return "created";
    case Status::kStarted:
      return "started";
    case Status::kAborted:
      return "aborted";
    case Status::kMate:
      return "mate";
    case Status::kResign:
      return "resign";
    case Status::kStalemate:
      return "stalemate";
    case Status::kTimeout:
      return "timeout";
    case Status::kDraw:
      return "draw";
    case Status::kOutOfTime:
      return "outoftime";
    case Status::kCheat:
      return "cheat";
    case Status::kNoStart:
      return "noStart";
    case Status::kUnknownFinish:
      return "unknownFinish";
    case Status::kInsufficientMaterialClaim:
      return "insufficientMaterialClaim";
    case Status::kVariantEnd:
      return "variantEnd";
  }
  return "unknownFinish";
}

std::expected<Game, std::string> Game::start(GameSetup setup, std::int64_t now, std::int64_t wall) {
  auto pos = engine::parse_fen(setup.initial_fen, engine_rules(setup.variant));
  if (!pos) return std::unexpected(pos.error());
  Game game(std::move(setup), *pos);
  const TimeControl& tc = game.setup_.time_control;
  if (tc.realtime()) game.clock_.emplace(tc.limit_s * 1000LL, tc.increment_s * 1000LL);
  game.created_wall_ = wall;
  game.last_move_at_ = now;
  game.last_move_wall_ = wall;
  return game;
}

std::string Game::moves_text() const {
  std::string out;
  for (const std::string& m : moves_) {
    if (!out.empty()) out += ' ';
    out += m;
  }
  return out;
}

std::optional<Color> Game::color_of(std::string_view user_id) const {
  if (setup_.users[engine::White] == user_id) return engine::White;
  if (setup_.users[engine::Black] == user_id) return engine::Black;
  return std::nullopt;
}

std::int64_t Game::time_left_ms(Color c, std::int64_t now) const {
  switch (setup_.time_control.kind) {
    case TimeControl::Kind::kClock:
      return clock_->remaining(c, now);
    case TimeControl::Kind::kCorrespondence: {
      const std::int64_t per_turn = setup_.time_control.days * kDayMs;
      if (over() || c != turn()) return per_turn;
      return std::max<std::int64_t>(0, last_move_at_ + per_turn - now);
    }
    case TimeControl::Kind::kUnlimited:
      break;
  }
  return kUnlimitedMs;
}

std::int64_t Game::increment_ms() const {
  return clock_ ? clock_->increment_ms() : 0;
}

std::int64_t Game::first_move_limit() const {
  if (setup_.first_move_ms > 0) return setup_.first_move_ms;
  const TimeControl& tc = setup_.time_control;
  if (tc.kind == TimeControl::Kind::kCorrespondence) return tc.days * kDayMs;
  if (tc.kind == TimeControl::Kind::kUnlimited) return std::numeric_limits<std::int64_t>::max() / 4;
  using lichess::Speed;
  const Speed speed = tc.speed_class();
  std::int64_t ms = speed == Speed::kUltraBullet || speed == Speed::kBullet ? 20000
                    : speed == Speed::kBlitz                                ? 25000
                    : speed == Speed::kRapid                                ? 30000
                                                                            : 35000;
  if (setup_.variant == lichess::Variant::kChess960) ms = ms * 5 / 4;
  return ms;
}

std::optional<std::int64_t> Game::millis_to_move(std::int64_t now) const {
  if (over() || ply() >= 2) return std::nullopt;
  return std::max<std::int64_t>(0, last_move_at_ + first_move_limit() - now);
}

bool Game::can_offer_draw(Color c) const {
  return ply() >= 2 && !draw_offer_[c] && ply() - last_draw_offer_ply_[c] >= kDrawOfferSpacing;
}

void Game::finish(Status status, std::optional<Color> winner, std::int64_t now, std::int64_t wall) {
  status_ = status;
  winner_ = winner;
  if (clock_) clock_->stop(now);
  draw_offer_ = {};
  takeback_offer_ = {};
  last_move_wall_ = std::max(last_move_wall_, wall);
}

Result<bool> Game::play(Color c, std::string_view uci, bool offering_draw, std::int64_t now,
                        std::int64_t wall) {
  if (over()) {
    if (offering_draw) return false;  // Lichess swallows a draw offer on a game that just ended
    return bad_request("Not your turn, or game already over");
  }
  if (c != turn()) return bad_request("Not your turn, or game already over");
  auto move = engine::parse_uci_move(pos_, uci);
  if (!move) {
    if (move.error().starts_with("malformed"))
      return bad_request(std::string("Invalid UCI: ").append(uci));
    std::string message = move.error();  // "illegal move '...': ..."
    message[0] = 'I';
    return bad_request(message);
  }
  const int ply_before = ply();
  moves_.push_back(engine::move_to_uci(pos_, *move));
  engine::UndoRecord undo;
  pos_.make_move(*move, undo);
  last_move_at_ = now;
  last_move_wall_ = wall;

  if (clock_) {
    if (ply_before >= 2)
      clock_->press(c, now);
    else if (ply_before == 1)
      clock_->start(engine::White, now);
    clock_history_.push_back(clock_->remaining(c, now));
  }

  takeback_offer_ = {};
  const bool opponent_offered = draw_offer_[~c];
  draw_offer_[~c] = false;  // playing on declines the opponent's offer

  const engine::GameStatus result = engine::game_status(pos_);
  if (result.over()) {
    termination_ = result.termination;
    std::optional<Color> winner;
    if (result.outcome == engine::Outcome::WhiteWins) winner = engine::White;
    if (result.outcome == engine::Outcome::BlackWins) winner = engine::Black;
    Status status = Status::kDraw;
    if (result.termination == engine::Termination::Checkmate) status = Status::kMate;
    if (result.termination == engine::Termination::Stalemate) status = Status::kStalemate;
    if (result.termination == engine::Termination::KingLost) status = Status::kVariantEnd;
    finish(status, winner, now, wall);
    return true;
  }
  if (offering_draw) {
    if (opponent_offered) {
      finish(Status::kDraw, std::nullopt, now, wall);
    } else if (can_offer_draw(c)) {
      draw_offer_[c] = true;
      last_draw_offer_ply_[c] = ply();
    }
  }
  return true;
}

bool Game::expire(std::int64_t now, std::int64_t wall) {
  if (over()) return false;
  if (ply() < 2) {
    if (now - last_move_at_ < first_move_limit()) return false;
    if (setup_.no_abort)
      finish(Status::kNoStart, ~turn(), now, wall);
    else
      finish(Status::kAborted, std::nullopt, now, wall);
    return true;
  }
  const bool out_of_time = clock_
                               ? clock_->flagged(now)
                               : setup_.time_control.kind == TimeControl::Kind::kCorrespondence &&
                                     time_left_ms(turn(), now) == 0;
  if (!out_of_time) return false;
  const Color loser = turn();
  const bool winner_can_win = pos_.pacifist() || !only_kings(pos_, ~loser);
  finish(Status::kOutOfTime, winner_can_win ? std::optional<Color>(~loser) : std::nullopt, now,
         wall);
  return true;
}

Result<void> Game::abort(Color, std::int64_t now, std::int64_t wall) {
  if (!abortable()) return bad_request("This game can no longer be aborted");
  finish(Status::kAborted, std::nullopt, now, wall);
  return {};
}

Result<void> Game::resign(Color c, std::int64_t now, std::int64_t wall) {
  if (over()) return bad_request("This game cannot be resigned");
  if (abortable()) return abort(c, now, wall);
  finish(Status::kResign, ~c, now, wall);
  return {};
}

Result<bool> Game::draw(Color c, bool yes, std::int64_t now, std::int64_t wall) {
  if (over()) return bad_request("This game is over");
  if (!yes) {
    if (!draw_offer_[~c]) return false;
    draw_offer_[~c] = false;
    return true;
  }
  if (draw_offer_[~c]) {
    finish(Status::kDraw, std::nullopt, now, wall);
    return true;
  }
  if (!can_offer_draw(c)) return false;
  draw_offer_[c] = true;
  last_draw_offer_ply_[c] = ply();
  return true;
}

Result<bool> Game::takeback(Color c, bool yes, std::int64_t now) {
  if (over()) return bad_request("This game is over");
  if (!yes) {
    if (!takeback_offer_[~c]) return false;
    takeback_offer_[~c] = false;
    return true;
  }
  if (!takeback_offer_[~c]) {
    if (ply() < 2 || takeback_offer_[c]) return false;
    takeback_offer_[c] = true;
    return true;
  }
  // Accepting: the proposer gets its last move back.
  const Color proposer = ~c;
  const int undo = std::min(ply(), turn() == proposer ? 2 : 1);
  moves_.resize(moves_.size() - undo);
  if (clock_history_.size() >= std::size_t(undo))
    clock_history_.resize(clock_history_.size() - undo);
  auto replayed =
      engine::replay_game(engine_rules(setup_.variant), setup_.initial_fen, moves_text());
  if (!replayed) return std::unexpected(ApiError{500, "takeback failed: " + replayed.error()});
  pos_ = *replayed;
  takeback_offer_ = {};
  draw_offer_ = {};
  last_move_at_ = now;
  if (clock_) {
    if (ply() >= 2)
      clock_->switch_to(turn(), now);
    else
      clock_->stop(now);
  }
  return true;
}

Result<void> Game::claim_victory(Color c, std::int64_t now, std::int64_t wall) {
  if (over()) return bad_request("You cannot claim the win on this game");
  finish(Status::kTimeout, c, now, wall);
  return {};
}

Result<void> Game::claim_draw(Color, std::int64_t now, std::int64_t wall) {
  if (over()) return bad_request("You cannot claim a draw on this game");
  finish(Status::kDraw, std::nullopt, now, wall);
  return {};
}

}  // namespace server
