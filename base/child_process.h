// SPDX-License-Identifier: GPL-3.0-or-later
// The one owner of child processes. Two ways to start one, both preparing everything (argument
// vector, environment, file actions) before the child exists, so nothing unsafe after fork
// runs in a threaded parent:
// - the constructor: fork + execve of a path, the parent's environment with some variables
//   replaced or added, stdout and stderr to a log file (`paxbot demo`, whole-system tests);
// - start_joined(): posix_spawnp (a name without a slash is looked up on PATH), stdin and
//   stdout joined to one end of a Unix socket pair, stderr to /dev/null (the UCI engines of
//   `paxbot match`; match/uci_process.* puts the line protocol on top).
// Waiting, signalling, killing and describing how the child ended are shared by both.
//
// Thread contract: one owner thread per ChildProcess; the object may move between threads.
#pragma once

#include <chrono>
#include <expected>
#include <map>
#include <string>
#include <vector>

namespace base {

class ChildProcess {
 public:
  enum class Log { kAppend, kTruncate };

  struct Joined;

  ChildProcess() = default;
  // Runs argv[0] (a path) with the parent's environment plus `env` (which wins); stdout and
  // stderr go to log_path. When fork fails, pid() is -1 and running() false.
  ChildProcess(const std::vector<std::string>& argv, const std::map<std::string, std::string>& env,
               const std::string& log_path, Log log = Log::kAppend);
  // Spawns argv[0] (looked up on PATH when it has no slash) with the parent's environment,
  // its stdin and stdout joined to the returned socket (close-on-exec, owned by the caller;
  // write to it with MSG_NOSIGNAL) and its stderr to /dev/null. Errors name the program.
  static std::expected<Joined, std::string> start_joined(const std::vector<std::string>& argv);
  ~ChildProcess();  // kill() if still running
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
  // SIGKILL and reap (nothing when it has already been reaped).
  void kill();
  // Once reaped: "exit code N" ("... (the program could not be run)" for 127) or "killed by
  // signal N"; "" while it still runs or when it never started.
  std::string exit_description();
  int pid() const { return pid_; }

 private:
  int pid_ = -1;
  int status_ = -1;  // waitpid status once reaped
};

struct ChildProcess::Joined {
  ChildProcess process;
  int socket = -1;  // the parent's end of the socket pair
};

// The running executable (/proc/self/exe), or "" when it cannot be read.
std::string self_executable();

}  // namespace base
