// SPDX-License-Identifier: GPL-3.0-or-later
// Move ordering for one node. Scores every generated move once, then hands them
// out best first by selection:
//   chess:    TT move, captures/promotions that do not lose material (MVV-LVA plus
//             capture history), killers, counter move, quiet moves by history
//             and by threats of cheaper enemy pieces, losing captures last;
//   Pacifist: TT move, moves that newly attack ripe enemy pieces (likely
//             conversions, by the value at stake), killers, counter move, the rest
//             by history.
// A plain value used by one search thread.
#pragma once

#include <array>

#include "engine/position.h"
#include "engine/search/history.h"
#include "engine/search/params.h"

namespace engine::search {

// Chess: captures, en passant and promotions.
inline bool is_chess_noisy(const Position& pos, Move m) {
  return m.kind() == MoveKind::Promotion || pos.is_capture(m);
}

// Chess: the type of the piece m captures, NoPieceType for a non-capture.
inline PieceType captured_type(const Position& pos, Move m) {
  if (m.kind() == MoveKind::EnPassant) return Pawn;
  if (m.kind() == MoveKind::Castling || pos.empty(m.to())) return NoPieceType;
  return type_of(pos.piece_on(m.to()));
}

struct OrderingContext {
  const HistoryTables& history;
  int ply = 0;
  Move tt_move;
  Move counter;  // the reply that refuted the previous move before
  const PieceToHistory* continuation[2] = {nullptr, nullptr};  // one and two plies back
};

class MovePicker {
 public:
  MovePicker(const Position& pos, const MoveList& moves, const OrderingContext& context);
  // The next move in order, or Move::none() when all were handed out.
  Move next();
  // The ordering score of the move last returned by next().
  int last_score() const { return last_score_; }
  // Whether the move last returned by next() was ordered among the good noisy moves (the
  // table move is not): in chess a capture or queen promotion that does not lose material by
  // static exchange, in Pacifist a move that newly attacks ripe enemy pieces.
  bool last_good_noisy() const {
    return last_score_ >= params::kOrderGoodNoisy && last_score_ < params::kOrderTtMove;
  }

 private:
  void score_chess(const Position& pos, const OrderingContext& context);
  void score_pacifist(const Position& pos, const OrderingContext& context);
  int quiet_score(const Position& pos, Move m, const OrderingContext& context) const;

  MoveList moves_;
  std::array<int, kMaxMoves> scores_;
  std::size_t next_ = 0;
  int last_score_ = 0;
};

}  // namespace engine::search
