// SPDX-License-Identifier: GPL-3.0-or-later
#include "server/worker_pool.h"

#include <algorithm>

namespace server {

WorkerPool::WorkerPool(int threads) {
  const int n = std::max(1, threads);
  for (int i = 0; i < n; ++i) workers_.push_back(std::make_unique<Worker>());
  for (auto& w : workers_) threads_.emplace_back([this, &w = *w] { run(w); });
}

WorkerPool::~WorkerPool() {
  shutdown();
}

void WorkerPool::enqueue(std::function<void()> fn) {
  std::lock_guard lock(mutex_);
  if (idle_.empty()) {
    queued_.push_back(std::move(fn));
    return;
  }
  Worker* w = idle_.back();
  idle_.pop_back();
  w->task = std::move(fn);
  w->wake.notify_one();
}

void WorkerPool::shutdown() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
    for (auto& w : workers_) w->wake.notify_one();
  }
  for (std::thread& t : threads_)
    if (t.joinable()) t.join();
}

void WorkerPool::run(Worker& w) {
  std::unique_lock lock(mutex_);
  for (;;) {
    if (!w.task && !queued_.empty()) {
      w.task = std::move(queued_.front());
      queued_.pop_front();
    }
    if (w.task) {
      std::function<void()> task = std::move(w.task);
      w.task = nullptr;
      lock.unlock();
      task();
      task = nullptr;  // its captures go before the worker counts as idle
      lock.lock();
      continue;
    }
    if (stopping_) return;
    idle_.push_back(&w);
    w.wake.wait(lock, [&] { return w.task || stopping_; });
    if (!w.task) std::erase(idle_, &w);  // woken to stop
  }
}

int WorkerPool::idle_workers() const {
  std::lock_guard lock(mutex_);
  return int(idle_.size());
}

}  // namespace server
