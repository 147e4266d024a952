// SPDX-License-Identifier: GPL-3.0-or-later
#include "daemon/signals.h"

#include <signal.h>

#include <ctime>

namespace bot {
namespace {

sigset_t watched_signals() {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGTERM);
  sigaddset(&set, SIGINT);
  sigaddset(&set, SIGHUP);
  return set;
}

}  // namespace

void block_signals() {
  sigset_t set = watched_signals();
  pthread_sigmask(SIG_BLOCK, &set, nullptr);
}

SignalWatcher::SignalWatcher(std::function<void()> on_terminate, std::function<void()> on_reload)
    : on_terminate_(std::move(on_terminate)), on_reload_(std::move(on_reload)) {
  thread_ = std::thread([this] { watch(); });
}

SignalWatcher::~SignalWatcher() {
  stop_ = true;
  if (thread_.joinable()) thread_.join();
}

void SignalWatcher::watch() {
  const sigset_t set = watched_signals();
  const timespec poll{0, 200'000'000};  // wake up to notice stop_
  while (!stop_) {
    int signal = sigtimedwait(&set, nullptr, &poll);
    if (signal == SIGTERM || signal == SIGINT) {
      if (on_terminate_) on_terminate_();
    } else if (signal == SIGHUP) {
      if (on_reload_) on_reload_();
    }
  }
}

}  // namespace bot
