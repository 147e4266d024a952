// SPDX-License-Identifier: GPL-3.0-or-later
#include "match/uci_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <thread>

extern char** environ;

namespace match {

std::expected<std::unique_ptr<UciProcess>, std::string> UciProcess::start(
    const std::string& path, const std::vector<std::string>& args) {
  int sockets[2];
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sockets) != 0)
    return std::unexpected("socketpair: " + std::string(std::strerror(errno)));
  std::vector<std::string> words = {path};
  words.insert(words.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (std::string& w : words) argv.push_back(w.data());
  argv.push_back(nullptr);

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, sockets[1], STDIN_FILENO);
  posix_spawn_file_actions_adddup2(&actions, sockets[1], STDOUT_FILENO);
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
  pid_t pid = -1;
  const int error = posix_spawnp(&pid, path.c_str(), &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  close(sockets[1]);
  if (error != 0) {
    close(sockets[0]);
    return std::unexpected("cannot start '" + path + "': " + std::strerror(error));
  }
  return std::unique_ptr<UciProcess>(new UciProcess(sockets[0], pid));
}

UciProcess::~UciProcess() {
  kill_and_reap();
}

bool UciProcess::send(std::string_view line) {
  if (fd_ < 0) return false;
  std::string data(line);
  data += '\n';
  std::size_t done = 0;
  while (done < data.size()) {
    const ssize_t n = ::send(fd_, data.data() + done, data.size() - done, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += std::size_t(n);
  }
  return true;
}

UciProcess::ReadResult UciProcess::read_line(Clock::time_point deadline) {
  for (;;) {
    if (auto end = buffer_.find('\n'); end != std::string::npos) {
      ReadResult r{Read::Line, buffer_.substr(0, end)};
      buffer_.erase(0, end + 1);
      if (!r.line.empty() && r.line.back() == '\r') r.line.pop_back();
      return r;
    }
    if (fd_ < 0) return {Read::Closed, {}};
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    if (left <= 0) return {Read::Timeout, {}};
    pollfd p{fd_, POLLIN, 0};
    const int ready = poll(&p, 1, int(std::min<long long>(left, 1'000'000)));
    if (ready < 0 && errno == EINTR) continue;
    if (ready == 0) continue;  // the deadline check above ends the wait
    char chunk[4096];
    const ssize_t n = ready < 0 ? -1 : ::read(fd_, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      close(fd_);
      fd_ = -1;
      if (!buffer_.empty()) {  // a last line without its newline
        ReadResult r{Read::Line, buffer_};
        buffer_.clear();
        return r;
      }
      return {Read::Closed, {}};
    }
    buffer_.append(chunk, std::size_t(n));
  }
}

std::string UciProcess::exit_description(std::chrono::milliseconds wait) {
  if (pid_ <= 0) return "";
  const auto until = Clock::now() + wait;
  for (;;) {
    int status = 0;
    if (waitpid(pid_, &status, WNOHANG) == pid_) {
      pid_ = -1;
      if (WIFSIGNALED(status)) return "killed by signal " + std::to_string(WTERMSIG(status));
      const int code = WEXITSTATUS(status);
      return "exit code " + std::to_string(code) +
             (code == 127 ? " (the program could not be run)" : "");
    }
    if (Clock::now() >= until) return "";
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
}

void UciProcess::quit(std::chrono::milliseconds grace) {
  if (pid_ > 0 && send("quit")) {
    const auto until = Clock::now() + grace;
    while (Clock::now() < until) {
      int status = 0;
      if (waitpid(pid_, &status, WNOHANG) == pid_) {
        pid_ = -1;
        break;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
  }
  kill_and_reap();
}

void UciProcess::kill_and_reap() {
  if (pid_ > 0) {
    ::kill(pid_, SIGKILL);
    int status = 0;
    while (waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
    }
    pid_ = -1;
  }
  if (fd_ >= 0) {
    close(fd_);
    fd_ = -1;
  }
}

}  // namespace match
