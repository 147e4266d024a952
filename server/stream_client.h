// SPDX-License-Identifier: GPL-3.0-or-later
// A client for one NDJSON stream (event stream, game stream): a background thread
// reads the HTTP response with cpp-httplib and queues complete lines for the
// owner, who takes them with next(). Used by the demo players and the tests.
// next()/close() may be called from any thread.
#pragma once

#include <chrono>
#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include <httplib.h>

namespace server {

class StreamClient {
 public:
  StreamClient(const std::string& host, int port, const std::string& path, const std::string& token,
               const std::string& user_agent = "paxbot-stream-client");
  ~StreamClient();
  StreamClient(const StreamClient&) = delete;
  StreamClient& operator=(const StreamClient&) = delete;

  struct Next {
    enum class Kind { kLine, kTimeout, kEnded };
    Kind kind = Kind::kTimeout;
    std::string line;  // Kind::kLine: the line without '\n' ("" is a keep-alive)
  };
  // The next line, waiting at most `timeout`. Ended once the stream is over and drained.
  Next next(std::chrono::milliseconds timeout);
  // The HTTP status of the response (0 until the headers arrived, -1 on connection failure).
  int status() const;
  // The body when the status was not 200 (an error message).
  std::string error_body() const;
  // Hangs up.
  void close();

 private:
  void run(std::string path, std::string token, std::string user_agent);

  httplib::Client client_;
  mutable std::mutex mutex_;
  std::condition_variable cv_;
  std::deque<std::string> lines_;
  std::string partial_;
  std::string error_body_;
  int status_ = 0;
  bool ended_ = false;
  bool closing_ = false;
  std::thread reader_;
};

}  // namespace server
