// Child processes for whole-system tests: `paxbot serve` and `paxbot run`, started
// with fork/exec (a real process boundary: signals, exit codes, restarts).
#pragma once

#include <chrono>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace paxbot_test {

// Runs a program with arguments and extra environment; stdout and stderr go to log_path.
class ChildProcess {
 public:
  ChildProcess() = default;
  ChildProcess(const std::vector<std::string>& argv, const std::map<std::string, std::string>& env,
               const std::string& log_path);
  ~ChildProcess();  // SIGKILL if still running
  ChildProcess(ChildProcess&& other) noexcept;
  ChildProcess& operator=(ChildProcess&& other) noexcept;

  bool running();
  void signal(int signo);
  // Waits for the exit; returns the exit code, 128 + signal when killed, -1 on timeout.
  int wait(std::chrono::milliseconds timeout);
  int pid() const { return pid_; }

 private:
  int pid_ = -1;
  int status_ = -1;
};

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
