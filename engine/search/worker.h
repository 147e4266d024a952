// SPDX-License-Identifier: GPL-3.0-or-later
// One search thread: iterative deepening with aspiration windows over a
// principal variation search (alpha_beta.cpp) and quiescence search
// (quiescence.cpp). See docs/engine.md for the algorithm and the Pacifist rules
// it follows.
//
// Owned by a SearchPool. While a search runs, only the worker's own thread
// touches it, except nodes() which other threads may read (atomic). Its history
// tables persist between the searches of one game. With a network (SearchControl) and a
// chess root, its accumulator stack follows every move made on its position.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <vector>

#include "engine/eval/pawn_cache.h"
#include "engine/nnue/accumulator.h"
#include "engine/position.h"
#include "engine/score.h"
#include "engine/search/control.h"
#include "engine/search/history.h"
#include "engine/search/tt.h"

namespace engine::search {

// What one completed iteration produced.
struct IterationResult {
  int depth = 0;
  int seldepth = 0;
  int score = 0;
  std::vector<Move> pv;
};

class Worker {
 public:
  // The main worker (id 0) polls the clock and node budget and sets control.stop.
  explicit Worker(int id);

  // Called by the main worker after each completed iteration; returns false to stop.
  using IterationHook = std::function<bool(const IterationResult&)>;

  // Searches root until control.stop (or, on the main worker, until a limit is hit).
  void run(const Position& root, SearchControl& control, TranspositionTable& tt,
           const IterationHook& on_iteration);

  void clear_history() { history_.clear(); }
  std::uint64_t nodes() const { return nodes_.load(std::memory_order_relaxed); }
  const std::atomic<std::uint64_t>& node_counter() const { return nodes_; }
  // The last completed iteration (depth 0 when none completed).
  const IterationResult& result() const { return result_; }

 private:
  static constexpr int kNoEval = -kInfinity;
  static constexpr int kFrameOffset = 2;  // frames at ply-1 and ply-2 always exist

  // Per-ply search state.
  struct Frame {
    int static_eval = kNoEval;
    Move move;                               // the move played from this ply
    Piece piece = NoPiece;                   // the piece that played it
    PieceToHistory* continuation = nullptr;  // history of replies to `move`
    Move excluded;  // the move a singular-extension search here leaves out, or none
  };

  int aspiration(int depth, int previous);
  int search(int alpha, int beta, int depth, int ply, bool cut_node);
  int qsearch(int alpha, int beta, int ply, int qply);

  // The static evaluation, the one place that chooses between the network and the
  // classical evaluation; clamped to +-kMaxEval, 0 for insufficient material in chess.
  int evaluate();
  // Moves on pos_, keeping the accumulator stack in step when the network is in use.
  void make_move(Move m, UndoRecord& undo) {
    pos_.make_move(m, undo);
    if (use_network_) accumulators_.push(pos_);
  }
  void undo_move(Move m, const UndoRecord& undo) {
    if (use_network_) accumulators_.pop();
    pos_.undo_move(m, undo);
  }
  void make_null_move(UndoRecord& undo) {
    pos_.make_null_move(undo);
    if (use_network_) accumulators_.push(pos_);
  }
  void undo_null_move(const UndoRecord& undo) {
    if (use_network_) accumulators_.pop();
    pos_.undo_null_move(undo);
  }

  // Node bookkeeping; true when the search must unwind now.
  bool count_node_and_check();
  bool aborted() const { return aborted_; }
  void poll();
  Frame& frame(int ply) { return frames_[ply + kFrameOffset]; }
  // Chess: in check. Pacifist: owns no king (only reconverting moves are legal).
  bool forced() const;
  // Pacifist: the squares that flip on our next move whatever it is (see pacifist_eval.h).
  Bitboard pending_flips() const;
  void update_pv(int ply, Move m);
  void update_histories(int ply, int depth, Move best, bool best_quiet, const MoveList& quiets,
                        const MoveList& noisy);
  int reduction(bool pv_node, int depth, int move_number) const;

  const int id_;
  Position pos_;
  SearchControl* control_ = nullptr;
  TranspositionTable* tt_ = nullptr;
  HistoryTables history_;
  eval::PawnCache pawn_cache_;  // the classical evaluation's, this thread's
  std::atomic<std::uint64_t> nodes_{0};
  bool aborted_ = false;
  int root_depth_ = 0;
  int seldepth_ = 0;
  int completed_depth_ = 0;
  int null_min_ply_ = 0;      // null-move verification: no null moves at plies before this one
  int tb_pieces_ = 0;         // positions with at most this many pieces are probed (0: no tables)
  bool use_network_ = false;  // this search evaluates with control_->network
  nnue::AccumulatorStack accumulators_;  // in step with pos_ while use_network_
  IterationResult result_;
  std::array<Frame, kMaxPly + kFrameOffset + 2> frames_{};
  std::array<std::array<Move, kMaxPly + 1>, kMaxPly + 1> pv_{};
  std::array<int, kMaxPly + 1> pv_length_{};
  std::array<std::array<std::int8_t, 64>, 64> reductions_{};
};

}  // namespace engine::search
