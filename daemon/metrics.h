// SPDX-License-Identifier: GPL-3.0-or-later
// The daemon's metrics registry, served as GET /metrics on the status page: the one
// owner of every operational counter (HTTP answers by endpoint and status, cooldowns
// started, stream reconnects, games finished by variant and result, moves sent, move
// latency, engine nodes, ponder hits) and of the gauges the main loop refreshes from its
// status report (games in progress, cooldowns running). The Bot owns one Metrics and lends it
// to the request executor (as its RequestObserver, detached in ~Bot), the event stream
// and the game sessions (SessionSettings::metrics), all of which it outlives; render() writes the
// Prometheus text through daemon/prometheus_text.h.
//
// Thread contract: every method may be called from any thread at once; one mutex guards
// all values (updates are a few map look-ups, far from any hot loop).
#pragma once

#include <chrono>
#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "daemon/lichess/request_executor.h"
#include "daemon/status_report.h"

namespace bot {

// Upper bounds (seconds) of the move-latency histogram's buckets: from the game-state
// event that gave us the move to the server accepting it, thinking included.
inline constexpr double kMoveLatencyBuckets[] = {0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1,
                                                 2.5,  5,     10,   30,  60,   300};

// The process's resident set size from /proc/self/statm; nullopt where it cannot be read.
std::optional<std::uint64_t> resident_memory_bytes();

class Metrics final : public RequestObserver {
 public:
  explicit Metrics(std::string version = "");

  // RequestObserver: one answer (status label: the HTTP status, or the transport error's
  // name when no answer arrived) and one cooldown started after a 429.
  void on_answer(Endpoint endpoint, const HttpResult& result) override;
  void on_cooldown(Endpoint endpoint, std::chrono::milliseconds duration) override;

  // A stream ended and is being opened again; stream is "event" or "game".
  void stream_reconnect(std::string_view stream);
  // result: "win", "draw", "loss" or "none" (aborted, never started).
  void game_finished(std::string_view variant, std::string_view result);
  // A move the server accepted, `latency` after the event that made it our turn.
  void move_sent(std::chrono::microseconds latency);
  // A finished search of one of our moves.
  void search_done(std::uint64_t nodes, std::chrono::milliseconds time, std::uint64_t nps);
  // engine.ponder: the opponent's reply was the one we pondered on (hit) or another (miss).
  void ponder_result(bool hit);

  // Gauges, replaced by every status report the main loop publishes.
  void set_status(const StatusReport& report);

  // The whole page in the text exposition format; reads the process RSS now.
  std::string render() const;

 private:
  mutable std::mutex mutex_;
  const std::string version_;
  std::map<std::tuple<std::string, std::string>, std::uint64_t> http_;      // endpoint, status
  std::map<std::string, std::uint64_t> cooldowns_started_;                  // rate key
  std::map<std::string, std::uint64_t> reconnects_;                         // stream kind
  std::map<std::tuple<std::string, std::string>, std::uint64_t> finished_;  // variant, result
  std::vector<std::uint64_t> latency_counts_;
  double latency_sum_s_ = 0;
  std::uint64_t nodes_ = 0;
  double search_s_ = 0;
  std::optional<std::uint64_t> last_nps_;
  std::uint64_t ponder_hits_ = 0, ponder_misses_ = 0;
  std::map<std::string, int> in_progress_;               // variant
  std::vector<std::pair<std::string, double>> cooling_;  // rate key, seconds left
};

}  // namespace bot
