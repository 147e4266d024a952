// SPDX-License-Identifier: GPL-3.0-or-later
#include "server/streams.h"

namespace server {

void StreamChannel::push(std::string line) {
  {
    std::lock_guard lock(mutex_);
    if (closed_) return;
    if (queue_.size() >= max_queued_) {
      closed_ = aborted_ = true;
      queue_.clear();
    } else {
      queue_.push_back(std::move(line));
    }
  }
  cv_.notify_all();
}

void StreamChannel::close() {
  {
    std::lock_guard lock(mutex_);
    closed_ = true;
  }
  cv_.notify_all();
}

void StreamChannel::abort() {
  {
    std::lock_guard lock(mutex_);
    closed_ = aborted_ = true;
    queue_.clear();
  }
  cv_.notify_all();
}

bool StreamChannel::closed() const {
  std::lock_guard lock(mutex_);
  return closed_;
}

StreamChannel::Batch StreamChannel::wait(std::chrono::milliseconds timeout) {
  std::unique_lock lock(mutex_);
  cv_.wait_for(lock, timeout, [this] { return !queue_.empty() || closed_; });
  Batch batch;
  batch.lines.assign(std::make_move_iterator(queue_.begin()),
                     std::make_move_iterator(queue_.end()));
  queue_.clear();
  batch.closed = closed_;
  batch.aborted = aborted_;
  return batch;
}

namespace {

// What one stream's writer remembers between provider calls.
struct WriterState {
  std::shared_ptr<StreamChannel> channel;
  std::chrono::milliseconds keepalive;
  StreamFault fault;
  int lines_sent = 0;
  bool silent = false;
  bool malformed_sent = false;
  std::chrono::steady_clock::time_point last_write = std::chrono::steady_clock::now();
};

bool write_text(httplib::DataSink& sink, WriterState& w, const std::string& text) {
  w.last_write = std::chrono::steady_clock::now();
  return sink.write(text.data(), text.size());
}

}  // namespace

std::function<bool(std::size_t, httplib::DataSink&)> ndjson_provider(
    std::shared_ptr<StreamChannel> channel, std::chrono::milliseconds keepalive,
    StreamFault fault) {
  auto w = std::make_shared<WriterState>();
  w->channel = std::move(channel);
  w->keepalive = keepalive;
  w->fault = fault;
  return [w](std::size_t, httplib::DataSink& sink) -> bool {
    using namespace std::chrono;
    using Kind = StreamFault::Kind;
    const StreamFault& fault = w->fault;
    auto fault_active = [&](Kind kind) {
      return fault.kind == kind && w->lines_sent >= fault.after_lines;
    };
    if (fault_active(Kind::kDrop)) return false;  // cut the connection without the closing chunk
    if (fault_active(Kind::kMalformed) && !w->malformed_sent) {
      w->malformed_sent = true;
      if (!write_text(sink, *w, "{\"type\":\"gameState\",\"moves\":\"e2e4 \n")) return false;
    }
    const auto idle = duration_cast<milliseconds>(steady_clock::now() - w->last_write);
    const auto timeout = std::max(milliseconds(1), w->keepalive - idle);
    StreamChannel::Batch batch = w->channel->wait(timeout);
    if (batch.aborted) return false;
    for (const std::string& line : batch.lines) {
      if (fault_active(Kind::kSilent)) break;  // swallow everything, keep the socket open
      if (!write_text(sink, *w, line + "\n")) return false;
      ++w->lines_sent;
      if (fault_active(Kind::kDrop)) return false;
    }
    if (batch.closed) {
      sink.done();
      return true;
    }
    if (!fault_active(Kind::kSilent) && steady_clock::now() - w->last_write >= w->keepalive)
      return write_text(sink, *w, "\n");
    return true;
  };
}

}  // namespace server
