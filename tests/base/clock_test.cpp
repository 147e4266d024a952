// SPDX-License-Identifier: GPL-3.0-or-later
#include "base/clock.h"

#include <gtest/gtest.h>

#include <atomic>
#include <thread>

#include "tests/base/support/fake_clock.h"

namespace base {
namespace {

using namespace std::chrono_literals;
using test::FakeClock;

TEST(SystemClockTest, SleepsForTheDuration) {
  SystemClock clock;
  const auto start = clock.now();
  EXPECT_TRUE(clock.sleep_for(20ms));
  EXPECT_GE(clock.now() - start, 20ms);
  EXPECT_TRUE(clock.sleep_for(-5ms));
}

TEST(SystemClockTest, StopRequestInterruptsSleepPromptly) {
  SystemClock clock;
  std::stop_source source;
  std::thread stopper([&] {
    std::this_thread::sleep_for(50ms);
    source.request_stop();
  });
  const auto start = clock.now();
  EXPECT_FALSE(clock.sleep_for(60s, source.get_token()));
  EXPECT_LT(clock.now() - start, 10s);
  stopper.join();
  EXPECT_FALSE(clock.sleep_for(1s, source.get_token()));  // already stopped: no wait
}

TEST(SystemClockTest, SleepUntilAndSystemNow) {
  SystemClock clock;
  EXPECT_TRUE(clock.sleep_until(clock.now() + 5ms));
  const auto wall = clock.system_now();
  EXPECT_GT(wall.time_since_epoch(), std::chrono::hours(24 * 365 * 50));
}

TEST(ManualClockTest, MovesOnlyWhenAdvanced) {
  const Clock::SystemTime start{std::chrono::milliseconds(1'767'225'600'000)};
  ManualClock clock(start);
  EXPECT_EQ(clock.now_ms(), 0);
  EXPECT_EQ(clock.wall_ms(), 1'767'225'600'000);
  std::this_thread::sleep_for(5ms);
  EXPECT_EQ(clock.now_ms(), 0);
  clock.advance(1500ms);
  EXPECT_EQ(clock.now_ms(), 1500);
  EXPECT_EQ(clock.system_now() - start, 1500ms);
}

TEST(ManualClockTest, SleepersWakeOnlyOnceAdvancedPastTheirDeadlineOrStopped) {
  ManualClock clock;
  std::atomic<bool> done = false;
  bool woke = false;
  std::chrono::nanoseconds slept{};
  std::thread sleeper([&] {
    const auto begin = clock.now();
    woke = clock.sleep_for(10s);
    slept = clock.now() - begin;
    done = true;
  });
  while (!done) {
    clock.advance(1s);
    std::this_thread::sleep_for(1ms);
  }
  sleeper.join();
  EXPECT_TRUE(woke);
  EXPECT_GE(slept, 10s);
  std::stop_source source;
  std::thread stopped([&] { EXPECT_FALSE(clock.sleep_for(1h, source.get_token())); });
  source.request_stop();
  stopped.join();
}

TEST(ManualClockTest, WaitsForSleepersAndSetsTheWallTimeAlone) {
  const Clock::SteadyTime steady_start{std::chrono::hours(7)};
  ManualClock clock(Clock::SystemTime{}, steady_start);
  EXPECT_EQ(clock.now(), steady_start);
  std::thread first([&] { EXPECT_TRUE(clock.sleep_for(2s)); });
  std::thread second([&] { EXPECT_TRUE(clock.sleep_for(3s)); });
  clock.wait_for_sleepers(2);  // returns only once both threads are inside sleep_for
  const Clock::SystemTime noon{std::chrono::hours(12)};
  clock.set_system_time(noon);
  EXPECT_EQ(clock.system_now(), noon);
  EXPECT_EQ(clock.now(), steady_start);  // steady time does not follow the wall clock
  clock.advance(3s);
  first.join();
  second.join();
  EXPECT_EQ(clock.system_now(), noon + 3s);
  EXPECT_EQ(clock.now(), steady_start + 3s);
}

TEST(FakeClockTest, AdvanceModeSleepsInstantlyAndRecords) {
  FakeClock clock;
  const auto start = clock.now();
  const auto wall = clock.system_now();
  EXPECT_TRUE(clock.sleep_for(90s));
  EXPECT_TRUE(clock.sleep_for(10s));
  EXPECT_EQ(clock.now() - start, 100s);
  EXPECT_EQ(clock.system_now() - wall, 100s);
  EXPECT_EQ(clock.sleeps(), (std::vector<std::chrono::nanoseconds>{90s, 10s}));
  std::stop_source stopped;
  stopped.request_stop();
  EXPECT_FALSE(clock.sleep_for(5s, stopped.get_token()));
  EXPECT_EQ(clock.now() - start, 100s);
}

TEST(FakeClockTest, BlockModeWaitsForAdvance) {
  FakeClock clock(FakeClock::SleepMode::kBlock);
  std::atomic<bool> woke{false};
  std::thread sleeper([&] {
    EXPECT_TRUE(clock.sleep_for(30s));
    woke = true;
  });
  clock.wait_for_sleepers(1);
  clock.advance(29s);
  std::this_thread::sleep_for(20ms);
  EXPECT_FALSE(woke.load());
  clock.advance(1s);
  sleeper.join();
  EXPECT_TRUE(woke.load());
}

TEST(FakeClockTest, BlockModeSleepIsInterruptible) {
  FakeClock clock(FakeClock::SleepMode::kBlock);
  std::stop_source source;
  std::thread sleeper([&] { EXPECT_FALSE(clock.sleep_for(1h, source.get_token())); });
  clock.wait_for_sleepers(1);
  source.request_stop();
  sleeper.join();
}

}  // namespace
}  // namespace base
