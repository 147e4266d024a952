// SPDX-License-Identifier: GPL-3.0-or-later
// Turns SIGTERM/SIGINT and SIGHUP into calls on the main loop. The signals are
// blocked in every thread (block_signals() must run before any thread starts) and
// a watcher thread collects them with sigtimedwait, so no handler runs in an
// arbitrary thread.
//
// Thread contract: construct and destroy on the main thread; the callbacks run on
// the watcher thread.
#pragma once

#include <atomic>
#include <functional>
#include <thread>

namespace bot {

// Blocks SIGTERM, SIGINT and SIGHUP in the calling thread and threads it starts later.
void block_signals();

class SignalWatcher {
 public:
  SignalWatcher(std::function<void()> on_terminate, std::function<void()> on_reload);
  ~SignalWatcher();
  SignalWatcher(const SignalWatcher&) = delete;
  SignalWatcher& operator=(const SignalWatcher&) = delete;

 private:
  void watch();

  std::function<void()> on_terminate_;
  std::function<void()> on_reload_;
  std::atomic<bool> stop_{false};
  std::thread thread_;
};

}  // namespace bot
