// SPDX-License-Identifier: GPL-3.0-or-later
// WorkerPool: the HTTP server's worker threads (an httplib::TaskQueue; every connection is
// one task, held by its worker as long as it lives). A new connection goes to the worker
// that became idle last, not, as in httplib's own pool, to whichever has waited longest.
// glibc gives every thread its own cache of freed blocks, and every thread touches its
// own stack: a pool that rotates connections through all its threads (128 by default)
// makes each of them hold that memory, so the server's RSS climbs for hours (measured in
// the soak test). Handing work to the most recently idle worker confines it to as many
// threads as were ever busy at once; the others stay untouched. Thread-safe.
#pragma once

#include <condition_variable>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include <httplib.h>

namespace server {

class WorkerPool final : public httplib::TaskQueue {
 public:
  explicit WorkerPool(int threads);
  ~WorkerPool() override;  // shutdown()
  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;

  // Runs fn on the most recently idle worker, or queues it until a worker is free.
  void enqueue(std::function<void()> fn) override;
  // Runs what is queued, then ends and joins every worker. Idempotent.
  void shutdown() override;
  // Workers waiting for a task now (for tests that need the pool at rest).
  int idle_workers() const;

 private:
  struct Worker {
    std::condition_variable wake;
    std::function<void()> task;  // handed over by enqueue()
  };
  void run(Worker& w);

  mutable std::mutex mutex_;
  std::vector<std::unique_ptr<Worker>> workers_;
  std::vector<Worker*> idle_;                 // the most recently idle last
  std::deque<std::function<void()>> queued_;  // while no worker is idle
  std::vector<std::thread> threads_;
  bool stopping_ = false;
};

}  // namespace server
