// SPDX-License-Identifier: GPL-3.0-or-later
// A child process started with fork + execve: its argument vector and its whole environment
// (the parent's, with some variables replaced or added) are prepared before fork, so the
// child only redirects its output and execs (nothing that is unsafe after fork in a
// threaded parent). Used by `paxbot demo` and the whole-system tests.
//
// Thread contract: one owner thread per ChildProcess; the object may move between threads.
#pragma once

#include <chrono>
#include <map>
#include <string>
#include <vector>

namespace base {

class ChildProcess {
 public:
  enum class Log { kAppend, kTruncate };

  ChildProcess() = default;
  // Runs argv[0] (a path) with the parent's environment plus `env` (which wins); stdout and
  // stderr go to log_path. When fork fails, pid() is -1 and running() false.
  ChildProcess(const std::vector<std::string>& argv, const std::map<std::string, std::string>& env,
               const std::string& log_path, Log log = Log::kAppend);
  ~ChildProcess();  // SIGKILL if still running
  ChildProcess(ChildProcess&& other) noexcept;
  ChildProcess& operator=(ChildProcess&& other) noexcept;
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  bool running();
  void signal(int signo);
  // Waits for the exit; returns the exit code, 128 + signal when killed, -1 on timeout.
  int wait(std::chrono::milliseconds timeout);
  // SIGTERM, then SIGKILL when it has not exited after `grace`; returns as wait() does.
  int stop(std::chrono::milliseconds grace);
  int pid() const { return pid_; }

 private:
  int pid_ = -1;
  int status_ = -1;  // waitpid status once reaped
};

// The running executable (/proc/self/exe), or "" when it cannot be read.
std::string self_executable();

}  // namespace base
