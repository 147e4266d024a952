// SPDX-License-Identifier: GPL-3.0-or-later
// Transposition table: a shared, lockless hash of search results.
//
// Owned by one Engine and shared by that engine's search threads. Each slot
// holds two 64-bit words, `check` = key ^ data and `data`, read and written with
// relaxed atomics; a reader accepts a slot only when check ^ data equals its key,
// so a slot torn by a concurrent write reads as a miss, never as wrong data.
// resize() and clear() must not run while a search uses the table.
//
//   data bits 0-15  move        bits 16-31 score (int16, relative to the node)
//             32-47 static eval 48-55      depth + kDepthOffset
//             56-57 bound       58-63      generation
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>

#include "engine/move.h"
#include "engine/types.h"

namespace engine::search {

enum class Bound : std::uint8_t { None = 0, Upper = 1, Lower = 2, Exact = 3 };

struct TTData {
  Move move;
  int score = 0;
  int eval = 0;
  int depth = 0;
  Bound bound = Bound::None;
};

// Whether a stored result settles the window (alpha, beta) of a node: `score` is its score made
// relative to that node (score_from_tt), and it settles the window when it is exact, a lower
// bound at or above beta, or an upper bound at or below alpha. The one cutoff test of the main
// and the quiescence search (the caller checks the stored depth where it matters).
inline bool tt_cutoff_allowed(const TTData& tt, int score, int alpha, int beta) {
  return tt.bound == Bound::Exact || (tt.bound == Bound::Lower && score >= beta) ||
         (tt.bound == Bound::Upper && score <= alpha);
}

class TranspositionTable {
 public:
  explicit TranspositionTable(std::size_t megabytes = 16);

  void resize(std::size_t megabytes);
  void clear();
  // Starts a new search: older entries become preferred victims for replacement.
  void new_search() { generation_ = std::uint8_t((generation_ + 1) & 63); }

  bool probe(Key key, TTData& out) const;
  void store(Key key, Move move, int score, int eval, int depth, Bound bound);
  // Permille of sampled slots written during the current search.
  int hashfull() const;
  void prefetch(Key key) const { __builtin_prefetch(&clusters_[index(key)]); }

 private:
  static constexpr int kClusterSize = 4;
  static constexpr int kDepthOffset = 8;  // quiescence depths are stored as small negatives
  struct Slot {
    std::atomic<std::uint64_t> check{0};
    std::atomic<std::uint64_t> data{0};
  };
  struct alignas(64) Cluster {
    Slot slots[kClusterSize];
  };

  std::size_t index(Key key) const {
    return std::size_t((static_cast<unsigned __int128>(key) * cluster_count_) >> 64);
  }

  std::unique_ptr<Cluster[]> clusters_;
  std::size_t cluster_count_ = 0;
  std::uint8_t generation_ = 0;
};

}  // namespace engine::search
