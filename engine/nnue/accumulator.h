// SPDX-License-Identifier: GPL-3.0-or-later
// The hidden-layer accumulators of one search thread, the one owner of their incremental
// update: a stack with one entry per ply of the line being searched. Each entry holds the
// position's mailbox (64 Piece bytes) and, once computed, both perspectives' accumulators
// (network.h: bias plus the weight rows of the perspective's active features).
//
// The update is lazy and diff-based. push() only copies the mailbox; an accumulator is
// computed when asked for, from the nearest computed entry below it, ply by ply: for each
// square whose piece differs between two consecutive mailboxes, the old piece's row is
// subtracted and the new one's added, for both perspectives. This one rule covers quiet
// moves, captures, en passant, promotions, Chess960 castling, null moves and Pacifist
// colour conversions alike. When the rows to apply outnumber the pieces on the board, the
// top entry is refreshed from scratch instead.
//
// Thread contract: one stack per search thread, used by that thread only. It keeps a
// pointer to the network of the last reset(); the caller keeps that network alive while
// it uses the stack.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <new>
#include <vector>

#include "engine/nnue/network.h"
#include "engine/nnue/simd.h"
#include "engine/position.h"

namespace engine::nnue {

using Board = std::array<Piece, 64>;

Board board_of(const Position& pos);

// out[0, hidden) = the accumulator of `perspective` for board, computed from scratch.
void refresh_accumulator(const Network& net, const Kernels& k, const Board& board,
                         Color perspective, std::int16_t* out);

class AccumulatorStack {
 public:
  // Accumulator storage is aligned to this many bytes (one cache line).
  static constexpr std::size_t kAlignment = 64;

  AccumulatorStack() = default;

  // Starts a new line at root, for net, computed with k: entry 0 holds root's mailbox and
  // its accumulators, refreshed at once.
  void reset(const Network& net, const Position& root, const Kernels& k = nnue::kernels());
  // After make_move or make_null_move: a new entry for pos, not computed yet. The stack
  // grows as needed (its first capacity covers every ply a search reaches).
  void push(const Position& pos);
  // After the matching undo_move or undo_null_move.
  void pop();

  // Entries above the root (0 right after reset).
  int height() const { return top_; }
  const Board& board() const { return boards_[std::size_t(top_)]; }
  // The top entry's accumulator of perspective c (network().hidden values), brought up to
  // date first.
  const std::int16_t* accumulator(Color c);
  const Network& network() const { return *net_; }
  const Kernels& kernels() const { return *kernels_; }

 private:
  struct AlignedFree {
    void operator()(std::int16_t* p) const { ::operator delete[](p, std::align_val_t(kAlignment)); }
  };
  using Storage = std::unique_ptr<std::int16_t[], AlignedFree>;

  static Storage allocate(std::size_t values);
  void reserve(std::size_t entries);
  std::int16_t* values(int entry, Color c) {
    return storage_.get() + (std::size_t(entry) * 2 + c) * std::size_t(net_->hidden);
  }
  // Computes entry `entry` from entry - 1, which must be computed.
  void apply_diff(int entry);
  void refresh(int entry);

  const Network* net_ = nullptr;
  const Kernels* kernels_ = nullptr;
  int top_ = 0;
  std::size_t capacity_ = 0;  // entries the storage holds
  int capacity_hidden_ = 0;   // the hidden size it was allocated for
  std::vector<Board> boards_;
  std::vector<std::uint8_t> computed_;
  Storage storage_;
};

}  // namespace engine::nnue
