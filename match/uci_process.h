// SPDX-License-Identifier: GPL-3.0-or-later
// The UCI line layer over one engine process. base::ChildProcess::start_joined owns the
// process (posix_spawnp, stdin and stdout on one end of a close-on-exec Unix socket pair,
// stderr to /dev/null); this class writes lines with MSG_NOSIGNAL, so an engine that died is
// an error value, never SIGPIPE, and reads lines with a deadline.
//
// Thread contract: one thread owns an instance; instances are independent (descriptors are
// close-on-exec, so concurrent spawns never leak one engine's socket into another engine).
#pragma once

#include <chrono>
#include <expected>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "base/child_process.h"

namespace match {

using Clock = std::chrono::steady_clock;

class UciProcess {
 public:
  // Starts `path` with `args` (argv[0] is the path). Errors name the program and the reason.
  static std::expected<std::unique_ptr<UciProcess>, std::string> start(
      const std::string& path, const std::vector<std::string>& args);
  ~UciProcess();  // kills the child and reaps it
  UciProcess(const UciProcess&) = delete;
  UciProcess& operator=(const UciProcess&) = delete;

  // Writes one line (a newline is added); false when the engine no longer reads.
  bool send(std::string_view line);

  enum class Read { Line, Timeout, Closed };
  struct ReadResult {
    Read status = Read::Closed;
    std::string line;  // without the line end
  };
  // The next line, or Timeout at the deadline, or Closed when the engine closed its output.
  ReadResult read_line(Clock::time_point deadline);

  // Sends "quit" and waits up to `grace` for the exit; kills the child if it is still there.
  void quit(std::chrono::milliseconds grace);

  int pid() const { return child_.pid(); }

  // After Read::Closed: waits up to `wait` for the child and says how it ended ("exit code 1",
  // "killed by signal 11"; exit code 127 is a program that could not be run), or "" when it
  // is still running.
  std::string exit_description(std::chrono::milliseconds wait);

 private:
  explicit UciProcess(base::ChildProcess::Joined joined)
      : child_(std::move(joined.process)), fd_(joined.socket) {}
  void kill_and_reap();

  base::ChildProcess child_;
  int fd_ = -1;
  std::string buffer_;
};

}  // namespace match
