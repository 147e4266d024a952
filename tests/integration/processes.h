// SPDX-License-Identifier: GPL-3.0-or-later
// Helpers for whole-system tests around their `paxbot serve` and `paxbot run` child
// processes (a real process boundary: signals, exit codes, restarts): free ports, polling,
// temporary directories. One test thread uses them.
#pragma once

#include <chrono>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "base/child_process.h"

namespace paxbot_test {

// `paxbot serve` and `paxbot run` children (base/child_process.h).
using base::ChildProcess;

// The integer in environment variable `name` (a test's size knob), or `fallback` when it is
// unset or empty; a value that is not an integer in [min, max] fails the test, naming it.
int env_int(const char* name, int fallback, int min, int max);

// A TCP port on 127.0.0.1 that was free a moment ago.
int free_port();

// Polls until the predicate holds or the timeout passes; returns the predicate's last value.
bool wait_until(const std::function<bool()>& predicate, std::chrono::milliseconds timeout,
                std::chrono::milliseconds step = std::chrono::milliseconds(100));

// A fresh temporary directory, removed with its contents on destruction.
class TempDir {
 public:
  TempDir();
  ~TempDir();
  const std::string& path() const { return path_; }
  std::string file(const std::string& name) const { return path_ + "/" + name; }
  void write(const std::string& name, const std::string& text) const;
  std::string read(const std::string& name) const;

 private:
  std::string path_;
};

}  // namespace paxbot_test
