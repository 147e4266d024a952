// SPDX-License-Identifier: GPL-3.0-or-later
// The think-time cap reaches the engine: a daemon with engine.max_think_ms 10 (and
// first_move_max_ms 10) hands every search a 10 ms hard limit, in a game whose clock alone
// would allow seconds per move. The limits are asserted as logged when each search starts;
// the measured think times are printed as a benchmark, never asserted (loaded CI machines).
#include <gtest/gtest.h>

#include <algorithm>
#include <iostream>
#include <sstream>

#include "tests/integration/arena.h"

namespace paxbot_test {
namespace {

using namespace std::chrono_literals;

std::vector<std::string> lines_with(const std::string& log, const std::string& what) {
  std::vector<std::string> found;
  std::istringstream in(log);
  for (std::string line; std::getline(in, line);)
    if (line.find(what) != std::string::npos) found.push_back(line);
  return found;
}

// "think 10123 us" or "overhead 312 us" in a "playing" line, in microseconds.
std::optional<long> field_us(const std::string& line, const std::string& name) {
  const auto at = line.find(", " + name + " ");
  if (at == std::string::npos) return std::nullopt;
  return std::stol(line.substr(at + name.size() + 3));
}

std::string median_and_max(std::vector<long> values) {
  std::ranges::sort(values);
  return "median " + std::to_string(values[values.size() / 2]) + " us, max " +
         std::to_string(values.back()) + " us";
}

TEST(ThinkTime, TenMillisecondCapIsTheEnginesHardLimit) {
  Arena arena;
  ChildProcess alice = arena.start_bot("alice", [](config::Config& c) {
    c.engine.max_think_ms = 10;
    c.engine.first_move_max_ms = 10;
  });
  ChildProcess bob = arena.start_bot("bob");
  for (const char* name : {"alice", "bob"})
    ASSERT_TRUE(wait_until(
        [&] {
          return arena.log_of(name).find("playing as " + std::string(name)) != std::string::npos;
        },
        10s));
  // Five minutes plus three seconds: the clock alone would allow seconds per move.
  const std::string id = arena.challenge("bob", "alice", "standard", 300, 3);
  ASSERT_FALSE(id.empty());
  ASSERT_TRUE(wait_until(
      [&] {
        GameOutcome o = arena.outcome(id);
        return o.plies >= 30 || !o.status.empty();
      },
      120s))
      << arena.log_of("alice");

  const std::string log = arena.log_of("alice");
  const auto searches = lines_with(log, "game " + id + ": searching (");
  ASSERT_GE(searches.size(), 5u) << log;
  for (const std::string& line : searches)
    EXPECT_NE(line.find("at most 10 ms)"), std::string::npos) << line;
  // The clock games among them also pass the clocks (the cap bounds the clock plan).
  EXPECT_TRUE(std::ranges::any_of(searches, [](const std::string& l) {
    return l.find("clock 3") != std::string::npos;
  })) << log;

  // Benchmark figures for the report: think times and the daemon's own overhead.
  std::vector<long> thinks, overheads;
  for (const std::string& line : lines_with(log, "game " + id + ": playing ")) {
    if (auto us = field_us(line, "think")) thinks.push_back(*us);
    if (auto us = field_us(line, "overhead")) overheads.push_back(*us);
  }
  ASSERT_FALSE(thinks.empty()) << log;
  ASSERT_FALSE(overheads.empty()) << log;
  std::cout << "[ benchmark ] max_think_ms 10: " << thinks.size() << " moves, think "
            << median_and_max(thinks) << "; daemon overhead " << median_and_max(overheads) << "\n";
  std::cout << "[ benchmark ] think per move (us):";
  for (long t : thinks) std::cout << " " << t;
  std::cout << "\n";
}

}  // namespace
}  // namespace paxbot_test
