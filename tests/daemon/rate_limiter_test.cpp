// SPDX-License-Identifier: GPL-3.0-or-later
#include "daemon/http/rate_limiter.h"

#include <gtest/gtest.h>

#include <atomic>
#include <thread>
#include <vector>

#include "tests/daemon/support/fakes.h"

namespace bot {
namespace {

using std::chrono::milliseconds;
using std::chrono::minutes;
using std::chrono::seconds;
using test::FakeClock;

TEST(EndpointCooldownsTest, CoolsDownOneEndpointOnly) {
  FakeClock clock;
  EndpointCooldowns cooldowns(clock);
  EXPECT_FALSE(cooldowns.is_cooling("move"));
  cooldowns.cool_down("challenge", seconds(60));
  EXPECT_TRUE(cooldowns.is_cooling("challenge"));
  EXPECT_FALSE(cooldowns.is_cooling("move"));
  EXPECT_EQ(cooldowns.remaining("challenge"), seconds(60));

  clock.advance(seconds(59));
  EXPECT_EQ(cooldowns.remaining("challenge"), seconds(1));
  clock.advance(milliseconds(999));
  EXPECT_EQ(cooldowns.remaining("challenge"), milliseconds(1));
  clock.advance(milliseconds(1));
  EXPECT_FALSE(cooldowns.is_cooling("challenge"));
  EXPECT_EQ(cooldowns.remaining("challenge"), milliseconds(0));
}

TEST(EndpointCooldownsTest, LaterDeadlineWinsAndClearLifts) {
  FakeClock clock;
  EndpointCooldowns cooldowns(clock);
  cooldowns.cool_down("event-stream", seconds(600));
  cooldowns.cool_down("event-stream", seconds(60));  // does not shorten
  EXPECT_EQ(cooldowns.remaining("event-stream"), seconds(600));
  clock.advance(seconds(550));
  cooldowns.cool_down("event-stream", seconds(60));  // extends to 610 s
  EXPECT_EQ(cooldowns.remaining("event-stream"), seconds(60));
  cooldowns.clear("event-stream");
  EXPECT_FALSE(cooldowns.is_cooling("event-stream"));
  cooldowns.cool_down("move", milliseconds(0));  // no-op
  EXPECT_FALSE(cooldowns.is_cooling("move"));
}

TEST(ReconnectBudgetTest, AllowsThirtyPerTenMinutesSliding) {
  FakeClock clock;
  ReconnectBudget budget(clock);
  for (int i = 0; i < 30; ++i) {
    EXPECT_TRUE(budget.try_acquire()) << i;
    clock.advance(seconds(10));  // 30 connects over 300 s
  }
  EXPECT_EQ(budget.used(), 30u);
  EXPECT_FALSE(budget.try_acquire());
  // The first connect (at t=0) leaves the window at t=600; now t=300.
  EXPECT_EQ(budget.wait_time(), seconds(300));
  clock.advance(seconds(299));
  EXPECT_FALSE(budget.try_acquire());
  clock.advance(seconds(1));
  EXPECT_EQ(budget.wait_time(), milliseconds(0));
  EXPECT_TRUE(budget.try_acquire());
  EXPECT_FALSE(budget.try_acquire());
  EXPECT_EQ(budget.wait_time(), seconds(10));  // the second connect expires 10 s later
}

TEST(ReconnectBudgetTest, CustomLimitsAndFullRecovery) {
  FakeClock clock;
  ReconnectBudget budget(clock, 2, minutes(1));
  EXPECT_TRUE(budget.try_acquire());
  EXPECT_TRUE(budget.try_acquire());
  EXPECT_FALSE(budget.try_acquire());
  EXPECT_EQ(budget.wait_time(), minutes(1));
  clock.advance(minutes(5));
  EXPECT_EQ(budget.used(), 0u);
  EXPECT_TRUE(budget.try_acquire());
}

TEST(RequestSerializerTest, OnlyOneTurnAtATime) {
  RequestSerializer serializer;
  std::atomic<int> inside{0};
  std::atomic<int> max_inside{0};
  std::atomic<int> done{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < 50; ++i) {
        auto turn = serializer.acquire(t % 2 ? RequestPriority::kHigh : RequestPriority::kNormal);
        const int now = ++inside;
        int seen = max_inside.load();
        while (now > seen && !max_inside.compare_exchange_weak(seen, now)) {
        }
        std::this_thread::yield();
        --inside;
        ++done;
      }
    });
  }
  for (auto& t : threads) t.join();
  EXPECT_EQ(max_inside.load(), 1);
  EXPECT_EQ(done.load(), 400);
  EXPECT_EQ(serializer.waiting(), 0u);
}

TEST(RequestSerializerTest, HighPriorityWaitersGoFirstFifoWithinPriority) {
  RequestSerializer serializer;
  std::mutex order_mutex;
  std::vector<std::string> order;
  std::vector<std::thread> threads;
  {
    auto holding = serializer.acquire();
    const auto enqueue = [&](std::string name, RequestPriority priority) {
      const std::size_t before = serializer.waiting();
      threads.emplace_back([&, name, priority] {
        auto turn = serializer.acquire(priority);
        std::lock_guard lock(order_mutex);
        order.push_back(name);
      });
      while (serializer.waiting() == before) std::this_thread::yield();  // now queued
    };
    enqueue("normal-1", RequestPriority::kNormal);
    enqueue("high-1", RequestPriority::kHigh);
    enqueue("normal-2", RequestPriority::kNormal);
    enqueue("high-2", RequestPriority::kHigh);
  }  // releases the turn
  for (auto& t : threads) t.join();
  EXPECT_EQ(order, (std::vector<std::string>{"high-1", "high-2", "normal-1", "normal-2"}));
}

TEST(RequestSerializerTest, MovedTurnReleasesOnce) {
  RequestSerializer serializer;
  {
    auto first = serializer.acquire();
    auto moved = std::move(first);
  }
  auto again = serializer.acquire();  // would deadlock if the turn leaked
  SUCCEED();
}

}  // namespace
}  // namespace bot
