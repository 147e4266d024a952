// SPDX-License-Identifier: GPL-3.0-or-later
// EventQueue: order, waits that end on the injected clock's deadline, pushes that wake a
// waiting consumer.
#include "daemon/event_queue.h"

#include <gtest/gtest.h>

#include <thread>

#include "tests/daemon/support/fakes.h"

namespace bot::test {
namespace {

using namespace std::chrono_literals;

TEST(EventQueue, PopsInOrderWithoutWaiting) {
  FakeClock clock(FakeClock::SleepMode::kBlock);
  EventQueue<int> queue(clock);
  queue.push(1);
  queue.push(2);
  EXPECT_EQ(queue.size(), 2u);
  EXPECT_EQ(queue.pop_until(clock.now()), 1);
  EXPECT_EQ(queue.pop(), 2);
  EXPECT_EQ(queue.pop_for(0s), std::nullopt);  // a deadline already reached
  EXPECT_EQ(clock.sleeps().size(), 1u);        // only the wait that found nothing
}

TEST(EventQueue, AWaitEndsWhenTheClockReachesTheDeadline) {
  FakeClock clock(FakeClock::SleepMode::kBlock);
  EventQueue<int> queue(clock);
  const auto deadline = clock.now() + 30s;
  std::optional<int> popped = 7;
  std::thread consumer([&] { popped = queue.pop_until(deadline); });
  clock.wait_for_sleepers(1);
  clock.advance(29s);
  clock.wait_for_sleepers(1);  // still waiting
  clock.advance(1s);
  consumer.join();
  EXPECT_EQ(popped, std::nullopt);
  EXPECT_EQ(clock.sleeps().back(), 30s);
}

TEST(EventQueue, APushWakesAWaitingConsumerBeforeTheDeadline) {
  FakeClock clock(FakeClock::SleepMode::kBlock);
  EventQueue<int> queue(clock);
  std::optional<int> popped;
  std::thread consumer([&] { popped = queue.pop_for(1h); });
  clock.wait_for_sleepers(1);
  queue.push(42);
  consumer.join();
  EXPECT_EQ(popped, 42);
}

TEST(EventQueue, PopWaitsForAnItemWithoutTheClock) {
  FakeClock clock(FakeClock::SleepMode::kBlock);
  EventQueue<std::string> queue(clock);
  std::string popped;
  std::thread consumer([&] { popped = queue.pop(); });
  queue.push("late");
  consumer.join();
  EXPECT_EQ(popped, "late");
  EXPECT_TRUE(clock.sleeps().empty());
}

}  // namespace
}  // namespace bot::test
