// SPDX-License-Identifier: GPL-3.0-or-later
// Recording fakes for the daemon's side-effect interfaces (HttpClient, Notifier; the
// Clock's fake is base's), shared by every daemon test.
#pragma once

#include <chrono>
#include <condition_variable>
#include <deque>
#include <map>
#include <mutex>
#include <optional>
#include <stop_token>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#include "daemon/http/http_client.h"
#include "daemon/systemd_notify.h"
#include "tests/base/support/fake_clock.h"

namespace bot::test {

// The fake clock of every test (tests/base/support/fake_clock.h), under the daemon tests' name.
using base::test::FakeClock;

// Scripted HttpClient: replies are queued per (method, path) and consumed in
// order; an unscripted request gets the default reply (404 {"error":"unscripted"}
// unless set_default_reply() changed it). Streams feed their scripted lines to the
// handler, then end with the scripted result; a live stream instead hands over the
// lines a test pushes while it runs (the test plays the server). Records every
// request. Thread-safe.
class FakeHttpClient final : public HttpClient {
 public:
  void reply(HttpMethod method, std::string path, HttpResult result) {
    std::lock_guard lock(mutex_);
    replies_[{method, std::move(path)}].push_back(std::move(result));
  }

  void stream_reply(std::string path, std::vector<std::string> lines,
                    HttpResult end = HttpResult::response(200, "")) {
    std::lock_guard lock(mutex_);
    streams_[std::move(path)].push_back({std::move(lines), std::move(end)});
  }

  void set_default_reply(HttpResult result) {
    std::lock_guard lock(mutex_);
    default_reply_ = std::move(result);
  }

  // The next stream() on `path` (after its scripted ones) stays open, delivering each
  // push_line() until end_live_stream() or the reader's stop request.
  void live_stream(std::string path) {
    std::lock_guard lock(mutex_);
    live_[std::move(path)] = {};
  }
  void push_line(const std::string& path, std::string line) {
    {
      std::lock_guard lock(mutex_);
      live_[path].lines.push_back(std::move(line));
    }
    live_changed_.notify_all();
  }
  void end_live_stream(const std::string& path, HttpResult end = HttpResult::response(200, "")) {
    {
      std::lock_guard lock(mutex_);
      live_[path].end = std::move(end);
    }
    live_changed_.notify_all();
  }

  std::vector<HttpRequest> requests() const {
    std::lock_guard lock(mutex_);
    return requests_;
  }

  // The recorded requests with `method` whose path starts with `prefix`.
  std::vector<HttpRequest> requests_to(HttpMethod method, std::string_view prefix) const {
    std::lock_guard lock(mutex_);
    std::vector<HttpRequest> found;
    for (const HttpRequest& r : requests_)
      if (r.method == method && r.path.starts_with(prefix)) found.push_back(r);
    return found;
  }

  // Waits until other threads made at least `count` such requests and returns them all;
  // after `hang_guard` of real time (a guard against a hang, not a speed target) it returns
  // what there is.
  std::vector<HttpRequest> wait_for_requests(
      HttpMethod method, std::string_view prefix, std::size_t count,
      std::chrono::milliseconds hang_guard = std::chrono::seconds(20)) const {
    const auto give_up = std::chrono::steady_clock::now() + hang_guard;
    std::vector<HttpRequest> found = requests_to(method, prefix);
    while (found.size() < count && std::chrono::steady_clock::now() < give_up) {
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
      found = requests_to(method, prefix);
    }
    return found;
  }

  HttpResult request(const HttpRequest& request) override {
    std::lock_guard lock(mutex_);
    requests_.push_back(request);
    if (aborted_) return HttpResult::failure(TransportError::kAborted, "aborted");
    auto it = replies_.find({request.method, request.path});
    if (it == replies_.end() || it->second.empty()) return default_reply_;
    HttpResult result = std::move(it->second.front());
    it->second.pop_front();
    return result;
  }

  StreamResult stream(const HttpRequest& request, const LineHandler& on_line,
                      const StreamControl& control) override {
    ScriptedStream script;
    bool live = false;
    {
      std::lock_guard lock(mutex_);
      requests_.push_back(request);
      StreamResult result;
      if (aborted_) {
        result.http = HttpResult::failure(TransportError::kAborted, "aborted");
        return result;
      }
      auto it = streams_.find(request.path);
      live = (it == streams_.end() || it->second.empty()) && live_.contains(request.path);
      if (!live && (it == streams_.end() || it->second.empty())) {
        result.http = HttpResult::response(404, R"({"error":"unscripted"})");
        return result;
      }
      if (!live) {
        script = std::move(it->second.front());
        it->second.pop_front();
      }
    }
    if (live) return run_live(request.path, on_line, control);  // takes the lock itself
    StreamResult result;
    result.http = HttpResult::response(script.end.status, "", script.end.headers);
    for (const std::string& line : script.lines) {
      if (control.stop.stop_requested()) {
        result.stopped = true;
        return result;
      }
      ++result.lines;
      if (on_line(line) == StreamAction::kStop) {
        result.stopped = true;
        return result;
      }
    }
    result.http = std::move(script.end);
    return result;
  }

  void abort() override {
    std::lock_guard lock(mutex_);
    aborted_ = true;
  }

 private:
  struct ScriptedStream {
    std::vector<std::string> lines;
    HttpResult end;
  };

  struct LiveStream {
    std::deque<std::string> lines;
    std::optional<HttpResult> end;
  };

  StreamResult run_live(const std::string& path, const LineHandler& on_line,
                        const StreamControl& control) {
    StreamResult result;
    result.http = HttpResult::response(200, "");
    std::unique_lock lock(mutex_);
    while (true) {
      LiveStream& live = live_[path];
      live_changed_.wait(lock, control.stop, [&] { return !live.lines.empty() || live.end; });
      if (control.stop.stop_requested()) {
        result.stopped = true;
        return result;
      }
      if (live.lines.empty()) {
        result.http = std::move(*live.end);
        live_.erase(path);
        return result;
      }
      std::string line = std::move(live.lines.front());
      live.lines.pop_front();
      lock.unlock();
      ++result.lines;
      const StreamAction action = on_line(line);
      lock.lock();
      if (action == StreamAction::kStop) {
        result.stopped = true;
        return result;
      }
    }
  }

  mutable std::mutex mutex_;
  std::condition_variable_any live_changed_;
  HttpResult default_reply_ = HttpResult::response(404, R"({"error":"unscripted"})");
  std::map<std::string, LiveStream> live_;
  bool aborted_ = false;
  std::map<std::pair<HttpMethod, std::string>, std::deque<HttpResult>> replies_;
  std::map<std::string, std::deque<ScriptedStream>> streams_;
  std::vector<HttpRequest> requests_;
};

// Records every notification as the datagram text the real notifier would
// send. Thread-safe.
class RecordingNotifier final : public Notifier {
 public:
  explicit RecordingNotifier(std::optional<std::chrono::microseconds> watchdog = std::nullopt)
      : watchdog_(watchdog) {}

  bool ready() override { return record("READY=1"); }
  bool status(std::string_view text) override { return record("STATUS=" + std::string(text)); }
  bool watchdog() override { return record("WATCHDOG=1"); }
  bool stopping() override { return record("STOPPING=1"); }
  std::optional<std::chrono::microseconds> watchdog_interval() const override { return watchdog_; }

  std::vector<std::string> messages() const {
    std::lock_guard lock(mutex_);
    return messages_;
  }

 private:
  bool record(std::string message) {
    std::lock_guard lock(mutex_);
    messages_.push_back(std::move(message));
    return true;
  }

  const std::optional<std::chrono::microseconds> watchdog_;
  mutable std::mutex mutex_;
  std::vector<std::string> messages_;
};

}  // namespace bot::test
