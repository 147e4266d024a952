// SPDX-License-Identifier: GPL-3.0-or-later
#include "base/child_process.h"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <string_view>
#include <thread>
#include <utility>

extern char** environ;

namespace base {
namespace {

// NAME=value entries: the parent's, without the names `env` sets, then `env`.
std::vector<std::string> environment_with(const std::map<std::string, std::string>& env) {
  std::vector<std::string> entries;
  for (char** e = environ; e != nullptr && *e != nullptr; ++e) {
    const std::string_view entry(*e);
    const std::string name(entry.substr(0, entry.find('=')));
    if (!env.contains(name)) entries.emplace_back(entry);
  }
  for (const auto& [name, value] : env) entries.push_back(name + "=" + value);
  return entries;
}

std::vector<char*> pointers(std::vector<std::string>& strings) {
  std::vector<char*> out;
  for (std::string& s : strings) out.push_back(s.data());
  out.push_back(nullptr);
  return out;
}

}  // namespace

ChildProcess::ChildProcess(const std::vector<std::string>& argv,
                           const std::map<std::string, std::string>& env,
                           const std::string& log_path, Log log) {
  std::vector<std::string> args = argv;
  std::vector<std::string> environment = environment_with(env);
  const std::vector<char*> arg_pointers = pointers(args);
  const std::vector<char*> env_pointers = pointers(environment);
  const int flags = O_WRONLY | O_CREAT | (log == Log::kAppend ? O_APPEND : O_TRUNC);
  if (args.empty()) return;

  pid_ = fork();
  if (pid_ != 0) return;
  // Child: only async-signal-safe calls from here on.
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, nullptr);
  const int fd = open(log_path.c_str(), flags, 0600);
  if (fd >= 0) {
    dup2(fd, 1);
    dup2(fd, 2);
    close(fd);
  }
  execve(arg_pointers[0], arg_pointers.data(), env_pointers.data());
  _exit(127);
}

std::expected<ChildProcess::Joined, std::string> ChildProcess::start_joined(
    const std::vector<std::string>& argv) {
  if (argv.empty()) return std::unexpected(std::string("no program to start"));
  int sockets[2];
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sockets) != 0)
    return std::unexpected("socketpair: " + std::string(std::strerror(errno)));
  std::vector<std::string> args = argv;
  const std::vector<char*> arg_pointers = pointers(args);

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, sockets[1], STDIN_FILENO);
  posix_spawn_file_actions_adddup2(&actions, sockets[1], STDOUT_FILENO);
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
  pid_t pid = -1;
  const int error =
      posix_spawnp(&pid, arg_pointers[0], &actions, nullptr, arg_pointers.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  close(sockets[1]);
  if (error != 0) {
    close(sockets[0]);
    return std::unexpected("cannot start '" + argv[0] + "': " + std::strerror(error));
  }
  Joined joined;
  joined.process.pid_ = pid;
  joined.socket = sockets[0];
  return joined;
}

ChildProcess::~ChildProcess() {
  kill();
}

void ChildProcess::kill() {
  if (pid_ <= 0 || !running()) return;
  ::kill(pid_, SIGKILL);
  int status = 0;
  while (waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
  }
  status_ = status;
}

std::string ChildProcess::exit_description() {
  if (running() || status_ == -1) return "";
  if (WIFSIGNALED(status_)) return "killed by signal " + std::to_string(WTERMSIG(status_));
  const int code = WEXITSTATUS(status_);
  return "exit code " + std::to_string(code) +
         (code == 127 ? " (the program could not be run)" : "");
}

ChildProcess::ChildProcess(ChildProcess&& other) noexcept
    : pid_(std::exchange(other.pid_, -1)), status_(other.status_) {}

ChildProcess& ChildProcess::operator=(ChildProcess&& other) noexcept {
  if (this != &other) {
    this->~ChildProcess();
    pid_ = std::exchange(other.pid_, -1);
    status_ = other.status_;
  }
  return *this;
}

bool ChildProcess::running() {
  if (pid_ <= 0 || status_ != -1) return false;
  int status = 0;
  const pid_t reaped = waitpid(pid_, &status, WNOHANG);
  if (reaped == pid_) {
    status_ = status;
    return false;
  }
  return reaped == 0;
}

void ChildProcess::signal(int signo) {
  if (pid_ > 0 && running()) ::kill(pid_, signo);
}

int ChildProcess::wait(std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  // Polls every 1 ms at first (an engine that quits at once), then every 20 ms at most.
  auto pause = std::chrono::milliseconds(1);
  while (running()) {
    const auto now = std::chrono::steady_clock::now();
    if (now >= deadline) return -1;
    std::this_thread::sleep_for(
        std::min<std::chrono::steady_clock::duration>(pause, deadline - now));
    pause = std::min(pause * 2, std::chrono::milliseconds(20));
  }
  if (status_ == -1) return -1;
  if (WIFEXITED(status_)) return WEXITSTATUS(status_);
  if (WIFSIGNALED(status_)) return 128 + WTERMSIG(status_);
  return -1;
}

int ChildProcess::stop(std::chrono::milliseconds grace) {
  signal(SIGTERM);
  const int code = wait(grace);
  if (code != -1 || !running()) return code;
  ::kill(pid_, SIGKILL);
  return wait(std::chrono::seconds(5));
}

std::string self_executable() {
  std::error_code error;
  auto path = std::filesystem::read_symlink("/proc/self/exe", error);
  return error ? "" : path.string();
}

}  // namespace base
