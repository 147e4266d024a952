// SPDX-License-Identifier: GPL-3.0-or-later
// MemoryStream: an httplib::Stream in memory, for running httplib's own request processing
// without a socket (the HTTP priming in http_priming.cpp, the server_routes fuzz target).
// Reads come from the given input (which must outlive the stream); writes are kept. With
// max_writes > 0 the stream stops being writable after that many writes, as a client that
// hangs up. Thread contract: one thread at a time.
#pragma once

#include <algorithm>
#include <cstddef>
#include <string>
#include <string_view>
#include <utility>

#include <httplib.h>

namespace server {

class MemoryStream final : public httplib::Stream {
 public:
  explicit MemoryStream(std::string_view input, int max_writes = 0)
      : input_(input), max_writes_(max_writes) {}
  bool is_readable() const override { return true; }
  bool is_writable() const override { return max_writes_ <= 0 || writes_ < max_writes_; }
  ssize_t read(char* ptr, std::size_t size) override {
    const std::size_t n = std::min(size, input_.size() - at_);
    std::copy_n(input_.data() + at_, n, ptr);
    at_ += n;
    return ssize_t(n);
  }
  ssize_t write(const char* ptr, std::size_t size) override {
    ++writes_;
    output_.append(ptr, size);
    return ssize_t(size);
  }
  void get_remote_ip_and_port(std::string& ip, int& port) const override {
    ip = "127.0.0.1";
    port = 40000;
  }
  void get_local_ip_and_port(std::string& ip, int& port) const override {
    ip = "127.0.0.1";
    port = 8080;
  }
  socket_t socket() const override { return INVALID_SOCKET; }

  std::size_t consumed() const { return at_; }
  const std::string& output() const { return output_; }
  // Starts the next request: a new connection reading on where the last one stopped.
  std::string take_output() {
    writes_ = 0;
    return std::exchange(output_, {});
  }

 private:
  std::string_view input_;
  int max_writes_;
  std::size_t at_ = 0;
  int writes_ = 0;
  std::string output_;
};

}  // namespace server
