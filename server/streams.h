// SPDX-License-Identifier: GPL-3.0-or-later
// NDJSON streams. A StreamChannel is the queue between the server state (which
// pushes lines under its own lock, never touching a socket) and the one HTTP
// worker thread that writes the stream to its client. ndjson_provider() is that
// writer: it sends queued lines, an empty keep-alive line when idle, applies a
// test fault if one is set, and ends when the channel closes or the client is gone.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include <httplib.h>

namespace server {

// Thread-safe.
class StreamChannel {
 public:
  explicit StreamChannel(std::size_t max_queued = 4096) : max_queued_(max_queued) {}

  // Queues one line (without its '\n'). A consumer that falls max_queued lines
  // behind is cut off: the channel is aborted.
  void push(std::string line);
  // Ends the stream once the queued lines are written.
  void close();
  // Ends the stream at once, dropping queued lines.
  void abort();
  bool closed() const;

  struct Batch {
    std::vector<std::string> lines;
    bool closed = false;   // nothing more will come after these lines
    bool aborted = false;  // cut off: end the connection without a clean end
  };
  // Waits until lines are queued or the channel closes, at most `timeout`.
  Batch wait(std::chrono::milliseconds timeout);

 private:
  mutable std::mutex mutex_;
  std::condition_variable cv_;
  std::deque<std::string> queue_;
  std::size_t max_queued_;
  bool closed_ = false;
  bool aborted_ = false;
};

// Test faults a stream writer can apply (see test_hooks.h).
struct StreamFault {
  enum class Kind { kNone, kDrop, kSilent, kMalformed };
  Kind kind = Kind::kNone;
  int after_lines = 0;  // data lines sent before the fault starts
};

// The httplib content provider that writes a channel as NDJSON.
std::function<bool(std::size_t, httplib::DataSink&)> ndjson_provider(
    std::shared_ptr<StreamChannel> channel, std::chrono::milliseconds keepalive, StreamFault fault);

}  // namespace server
