// SPDX-License-Identifier: GPL-3.0-or-later
// The bench node count is the search's signature (engine/bench.h): it must match
// the recorded constant, be the same on every run, and stay the same when
// several engines search at once in one process (no shared mutable state).
#include <gtest/gtest.h>

#include <thread>
#include <vector>

#include "engine/bench.h"

namespace engine {
namespace {

TEST(BenchSignature, MatchesTheRecordedSignature) {
  const BenchResult result = run_bench(BenchOptions{});
  EXPECT_EQ(result.nodes, kBenchSignature)
      << "The search changed. If that was intended, update kBenchSignature in engine/bench.h.";
}

TEST(BenchSignature, ConcurrentEnginesGiveTheSameResultAsAlone) {
  BenchOptions small;
  small.chess_depth = 7;
  small.pacifist_depth = 5;
  const std::uint64_t alone = run_bench(small).nodes;
  ASSERT_GT(alone, 0u);
  constexpr int kEngines = 3;
  std::vector<std::uint64_t> nodes(kEngines, 0);
  std::vector<std::thread> threads;
  for (int i = 0; i < kEngines; ++i)
    threads.emplace_back([&nodes, &small, i] { nodes[i] = run_bench(small).nodes; });
  for (std::thread& t : threads) t.join();
  for (int i = 0; i < kEngines; ++i) EXPECT_EQ(nodes[i], alone) << "engine " << i;
}

TEST(BenchSignature, TwoBenchesAtOnceKeepTheSignature) {
  std::uint64_t first = 0, second = 0;
  std::thread a([&first] { first = run_bench(BenchOptions{}).nodes; });
  std::thread b([&second] { second = run_bench(BenchOptions{}).nodes; });
  a.join();
  b.join();
  EXPECT_EQ(first, kBenchSignature);
  EXPECT_EQ(second, kBenchSignature);
}

TEST(BenchSignature, PositionsCoverEveryVariant) {
  bool seen[3] = {false, false, false};
  for (const BenchPosition& p : bench_positions()) seen[int(p.variant)] = true;
  EXPECT_TRUE(seen[0] && seen[1] && seen[2]);
}

}  // namespace
}  // namespace engine
