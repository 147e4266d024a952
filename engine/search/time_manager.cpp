// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/search/time_manager.h"

#include <algorithm>
#include <chrono>

#include "engine/search/params.h"

namespace engine::search {

namespace {

// The budget from movetime or the clock alone, before the caller's ceiling.
std::optional<TimeBudget> plan_from_clock(const SearchLimits& limits, Color us) {
  const int overhead = std::max(0, limits.move_overhead_ms);
  if (limits.movetime_ms) {
    const int hard = std::max(0, *limits.movetime_ms - overhead);
    return TimeBudget{hard, hard, true};
  }
  const std::optional<int>& clock = us == White ? limits.wtime_ms : limits.btime_ms;
  if (!clock) return std::nullopt;
  const int increment = std::max(0, us == White ? limits.winc_ms : limits.binc_ms);
  const int remaining = std::max(0, *clock);
  const int moves = limits.movestogo ? std::clamp(*limits.movestogo, 1, params::kMaxMovesToGo)
                                     : params::kDefaultMovesToGo;
  // The moves whose overhead the clock keeps back: those before the time control refills
  // it, or in sudden death a long game's worth.
  const int reserved = limits.movestogo ? moves : params::kOverheadReserveMoves;
  // What the next `moves` moves may spend in total once the overheads are kept back.
  const std::int64_t pool =
      std::max<std::int64_t>(0, std::int64_t(remaining) + std::int64_t(increment) * (moves - 1) -
                                    std::int64_t(overhead) * reserved - params::kClockSafetyMs);
  const std::int64_t soft = pool / moves * params::kSoftTimePercent / 100;
  const std::int64_t ceiling =
      std::max<std::int64_t>(0, remaining - overhead - params::kClockSafetyMs) *
      params::kHardTimeMaxPercent / 100;
  const std::int64_t hard = std::min(soft * params::kHardTimeFactor, ceiling);
  return TimeBudget{int(std::min(soft, hard)), int(hard), false};
}

}  // namespace

std::optional<TimeBudget> plan_time(const SearchLimits& limits, Color us) {
  std::optional<TimeBudget> budget = plan_from_clock(limits, us);
  if (!limits.max_time_ms) return budget;
  const int cap = std::max(0, *limits.max_time_ms);
  if (!budget) return TimeBudget{cap, cap, true};
  budget->hard_ms = std::min(budget->hard_ms, cap);
  budget->soft_ms = std::min(budget->soft_ms, budget->hard_ms);
  return budget;
}

namespace {
std::int64_t now_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}
}  // namespace

void TimeManager::plan(const SearchLimits& limits, Color us) {
  budget_ = plan_time(limits, us);
  const std::int64_t now = now_ns();
  start_ns_.store(now);
  clock_start_ns_.store(limits.ponder && !limits.infinite ? kClockStopped : now);
}

void TimeManager::ponderhit() {
  std::int64_t stopped = kClockStopped;
  clock_start_ns_.compare_exchange_strong(stopped, now_ns());
}

int TimeManager::elapsed_ms() const {
  return int((now_ns() - start_ns_.load()) / 1'000'000);
}

int TimeManager::clock_elapsed_ms() const {
  const std::int64_t start = clock_start_ns_.load();
  return start == kClockStopped ? 0 : int((now_ns() - start) / 1'000'000);
}

bool TimeManager::may_start_iteration(int stable_iterations) const {
  if (!budget_ || budget_->fixed) return true;
  const int scale = params::kStabilityScalePercent[std::min(stable_iterations, 3)];
  const std::int64_t target =
      std::min<std::int64_t>(std::int64_t(budget_->soft_ms) * scale / 100, budget_->hard_ms);
  return elapsed_ms() < target * params::kNewIterationPercent / 100;
}

}  // namespace engine::search
