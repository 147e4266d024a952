// SPDX-License-Identifier: GPL-3.0-or-later
// One UCI engine as a child process. The child is started with posix_spawnp (a command
// without a slash is looked up on PATH; argv and file actions are prepared before the spawn,
// nothing runs in the child before exec), its stdin and stdout joined to one end of a Unix
// socket pair and its stderr sent to /dev/null. The runner writes with MSG_NOSIGNAL, so an
// engine that died is an error value, never SIGPIPE; lines are read with a deadline.
//
// Thread contract: one thread owns an instance; instances are independent (descriptors are
// close-on-exec, so concurrent spawns never leak one engine's socket into another engine).
#pragma once

#include <sys/types.h>

#include <chrono>
#include <expected>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

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

  pid_t pid() const { return pid_; }

  // After Read::Closed: waits up to `wait` for the child and says how it ended ("exit code 1",
  // "killed by signal 11"; exit code 127 is a program that could not be run), or "" when it
  // is still running.
  std::string exit_description(std::chrono::milliseconds wait);

 private:
  UciProcess(int fd, pid_t pid) : fd_(fd), pid_(pid) {}
  void kill_and_reap();

  int fd_ = -1;
  pid_t pid_ = -1;
  std::string buffer_;
};

}  // namespace match
