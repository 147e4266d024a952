// SPDX-License-Identifier: GPL-3.0-or-later
// WorkerPool: every task runs, queued ones too, and work goes to the most recently idle
// worker, so tasks one after another stay on a few threads instead of visiting them all.
#include "server/worker_pool.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <future>
#include <set>

namespace server::testing {
namespace {

using namespace std::chrono_literals;

TEST(WorkerPool, RunsEveryTaskAndWhatIsQueuedBeforeShuttingDown) {
  std::atomic<int> done{0};
  {
    WorkerPool pool(4);
    // More tasks than workers, each holding its worker a moment: most wait in the queue.
    for (int i = 0; i < 64; ++i)
      pool.enqueue([&] {
        std::this_thread::sleep_for(1ms);
        ++done;
      });
    pool.shutdown();
    EXPECT_EQ(done.load(), 64);
    pool.shutdown();  // again: nothing left to do
  }
  EXPECT_EQ(done.load(), 64);
}

TEST(WorkerPool, TasksOneAfterAnotherStayOnOneThread) {
  WorkerPool pool(16);
  std::set<std::thread::id> threads;
  for (int i = 0; i < 200; ++i) {
    // Each task comes once the pool is at rest: the worker that ran the last one is then the
    // most recently idle and takes it. A pool handing out work oldest-idle first uses all 16.
    while (pool.idle_workers() < 16) std::this_thread::yield();
    std::promise<std::thread::id> ran;
    auto id = ran.get_future();
    pool.enqueue([&] {
      std::this_thread::sleep_for(100us);
      ran.set_value(std::this_thread::get_id());
    });
    threads.insert(id.get());
  }
  EXPECT_EQ(threads.size(), 1u);
}

}  // namespace
}  // namespace server::testing
