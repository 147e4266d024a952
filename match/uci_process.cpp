// SPDX-License-Identifier: GPL-3.0-or-later
#include "match/uci_process.h"

#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>

namespace match {

std::expected<std::unique_ptr<UciProcess>, std::string> UciProcess::start(
    const std::string& path, const std::vector<std::string>& args) {
  std::vector<std::string> argv = {path};
  argv.insert(argv.end(), args.begin(), args.end());
  auto joined = base::ChildProcess::start_joined(argv);
  if (!joined) return std::unexpected(joined.error());
  return std::unique_ptr<UciProcess>(new UciProcess(std::move(*joined)));
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
  child_.wait(wait);
  return child_.exit_description();
}

void UciProcess::quit(std::chrono::milliseconds grace) {
  if (child_.running() && send("quit")) child_.wait(grace);
  kill_and_reap();
}

void UciProcess::kill_and_reap() {
  child_.kill();
  if (fd_ >= 0) {
    close(fd_);
    fd_ = -1;
  }
}

}  // namespace match
