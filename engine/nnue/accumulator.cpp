// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/nnue/accumulator.h"

#include <algorithm>
#include <cassert>
#include <cstring>

#include "engine/nnue/features.h"
#include "engine/score.h"

namespace engine::nnue {
namespace {

// One entry per ply a search can reach, the root included, and one to spare.
constexpr std::size_t kInitialEntries = kMaxPly + 2;

const std::int16_t* row(const Network& net, Color perspective, Piece piece, Square s) {
  return net.feature_weights.data() +
         std::size_t(feature_index(perspective, piece, s)) * std::size_t(net.hidden);
}

int piece_count(const Board& board) {
  int n = 0;
  for (Piece p : board) n += p != NoPiece;
  return n;
}

// Calls f(square) for every square whose piece differs between a and b, in square order.
template <class F>
void for_each_change(const Board& a, const Board& b, F f) {
  // Eight squares at a time: most of the board is unchanged from one ply to the next.
  for (int block = 0; block < 8; ++block) {
    std::uint64_t wa = 0, wb = 0;
    std::memcpy(&wa, a.data() + 8 * block, 8);
    std::memcpy(&wb, b.data() + 8 * block, 8);
    if (wa == wb) continue;
    for (Square s = 8 * block; s < 8 * block + 8; ++s)
      if (a[std::size_t(s)] != b[std::size_t(s)]) f(s);
  }
}

// The weight rows that turn a's accumulator into b's: each is one row operation.
int change_cost(const Board& a, const Board& b) {
  int cost = 0;
  for_each_change(a, b, [&](Square s) {
    cost += (a[std::size_t(s)] != NoPiece) + (b[std::size_t(s)] != NoPiece);
  });
  return cost;
}

}  // namespace

Board board_of(const Position& pos) {
  Board board;
  for (Square s = 0; s < 64; ++s) board[std::size_t(s)] = pos.piece_on(s);
  return board;
}

void refresh_accumulator(const Network& net, const Kernels& k, const Board& board,
                         Color perspective, std::int16_t* out) {
  std::array<const std::int16_t*, 64> adds;
  int count = 0;
  for (Square s = 0; s < 64; ++s)
    if (const Piece p = board[std::size_t(s)]; p != NoPiece)
      adds[std::size_t(count++)] = row(net, perspective, p, s);
  k.update(out, net.feature_bias.data(), adds.data(), count, nullptr, 0, net.hidden);
}

AccumulatorStack::Storage AccumulatorStack::allocate(std::size_t values) {
  return Storage(static_cast<std::int16_t*>(
      ::operator new[](values * sizeof(std::int16_t), std::align_val_t(kAlignment))));
}

void AccumulatorStack::reserve(std::size_t entries) {
  if (entries <= capacity_ && capacity_hidden_ == net_->hidden) return;
  const std::size_t per_entry = 2 * std::size_t(net_->hidden);
  Storage grown = allocate(entries * per_entry);
  // Growing within one line keeps the entries below the top; a new hidden size starts over.
  if (storage_ && capacity_hidden_ == net_->hidden)
    std::memcpy(grown.get(), storage_.get(), capacity_ * per_entry * sizeof(std::int16_t));
  storage_ = std::move(grown);
  capacity_ = entries;
  capacity_hidden_ = net_->hidden;
  boards_.resize(entries);
  computed_.resize(entries);
}

void AccumulatorStack::reset(const Network& net, const Position& root, const Kernels& k) {
  net_ = &net;
  kernels_ = &k;
  reserve(std::max(capacity_, kInitialEntries));
  top_ = 0;
  boards_[0] = board_of(root);
  refresh(0);
}

void AccumulatorStack::push(const Position& pos) {
  if (std::size_t(top_) + 1 >= capacity_) reserve(2 * capacity_);
  ++top_;
  boards_[std::size_t(top_)] = board_of(pos);
  computed_[std::size_t(top_)] = false;
}

void AccumulatorStack::pop() {
  assert(top_ > 0 && "AccumulatorStack::pop below the root");
  --top_;
}

void AccumulatorStack::refresh(int entry) {
  for (Color c : {White, Black})
    refresh_accumulator(*net_, *kernels_, boards_[std::size_t(entry)], c, values(entry, c));
  computed_[std::size_t(entry)] = true;
}

void AccumulatorStack::apply_diff(int entry) {
  const Board& before = boards_[std::size_t(entry) - 1];
  const Board& after = boards_[std::size_t(entry)];
  for (Color c : {White, Black}) {
    std::array<const std::int16_t*, 64> adds, subs;
    int add_count = 0, sub_count = 0;
    for_each_change(before, after, [&](Square s) {
      if (const Piece old = before[std::size_t(s)]; old != NoPiece)
        subs[std::size_t(sub_count++)] = row(*net_, c, old, s);
      if (const Piece now = after[std::size_t(s)]; now != NoPiece)
        adds[std::size_t(add_count++)] = row(*net_, c, now, s);
    });
    kernels_->update(values(entry, c), values(entry - 1, c), adds.data(), add_count, subs.data(),
                     sub_count, net_->hidden);
  }
  computed_[std::size_t(entry)] = true;
}

const std::int16_t* AccumulatorStack::accumulator(Color c) {
  if (!computed_[std::size_t(top_)]) {
    // Walk down to the nearest computed entry while the rows to apply stay fewer than a
    // refresh would add (one per piece).
    const int refresh_cost = piece_count(boards_[std::size_t(top_)]);
    int base = top_, cost = 0;
    while (base > 0 && !computed_[std::size_t(base)] && cost <= refresh_cost) {
      cost += change_cost(boards_[std::size_t(base) - 1], boards_[std::size_t(base)]);
      --base;
    }
    if (!computed_[std::size_t(base)] || cost > refresh_cost) {
      refresh(top_);
    } else {
      for (int entry = base + 1; entry <= top_; ++entry) apply_diff(entry);
    }
  }
  return values(top_, c);
}

}  // namespace engine::nnue
