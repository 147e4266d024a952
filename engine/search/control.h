// SPDX-License-Identifier: GPL-3.0-or-later
// The state one search shares between its threads: limits, the clock, the stop
// and ponder flags, and every thread's node counter.
//
// Owned by the SearchPool and reset before its threads start. The flags are
// atomics: any thread may set them (stop from the engine's caller, limits from
// the main search thread); node counters are written by their own thread only.
#pragma once

#include <atomic>
#include <cstdint>
#include <vector>

#include "engine/search/limits.h"
#include "engine/search/time_manager.h"

namespace engine::tablebase {
class Tablebases;
}
namespace engine::nnue {
struct Network;
}

namespace engine::search {

struct SearchControl {
  SearchLimits limits;
  TimeManager time;
  std::atomic<bool> stop{false};       // every search thread: abandon the search now
  std::atomic<bool> pondering{false};  // clock limits apply only after ponderhit
  // Iterations the main thread's best move has stayed the same, for ponderhit's decision.
  std::atomic<int> stable_iterations{0};
  std::vector<const std::atomic<std::uint64_t>*> node_counters;
  // The engine's tables (immutable, thread-safe probes), null without any; never consulted
  // in Pacifist.
  const tablebase::Tablebases* tablebases = nullptr;
  std::atomic<std::uint64_t> tb_hits{0};  // probes that answered, all threads
  // The evaluation network (immutable), null for the classical evaluation; never used in
  // Pacifist.
  const nnue::Network* network = nullptr;

  std::uint64_t total_nodes() const {
    std::uint64_t sum = 0;
    for (const auto* counter : node_counters) sum += counter->load(std::memory_order_relaxed);
    return sum;
  }
};

}  // namespace engine::search
