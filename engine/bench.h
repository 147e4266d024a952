// SPDX-License-Identifier: GPL-3.0-or-later
// `paxbot bench`: a fixed search workload whose node count is a signature of
// the search's behaviour. Every position is searched to a fixed depth by one
// thread with a freshly cleared table, so the count is the same on every
// machine, every run and every build type.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <memory>
#include <string_view>
#include <vector>

#include "engine/types.h"

namespace engine {

namespace nnue {
struct Network;
}

// The node count of run_bench(BenchOptions{}). It changes only on purpose: when a
// change to search, evaluation or move ordering is meant to change the search, update
// it in the same commit and say so in the message.
inline constexpr std::uint64_t kBenchSignature = 497793;

struct BenchPosition {
  Variant variant;
  std::string_view fen;  // "startpos" or a FEN
};

// The fixed positions: standard, Chess960 and Pacifist.
const std::vector<BenchPosition>& bench_positions();

struct BenchOptions {
  int chess_depth = 10;
  int pacifist_depth = 7;
  int hash_mb = 16;
  // Evaluate chess positions with this network (null: the classical evaluation, whose node
  // count is kBenchSignature).
  std::shared_ptr<const nnue::Network> network = nullptr;
};

struct BenchResult {
  std::uint64_t nodes = 0;
  std::uint64_t nodes_per_second = 0;
  int time_ms = 0;
};

// Searches every bench position; when progress is given, writes one line per position.
BenchResult run_bench(const BenchOptions& options, std::ostream* progress = nullptr);

}  // namespace engine
