// SPDX-License-Identifier: GPL-3.0-or-later
// The daemon's metrics registry, served as GET /metrics on the status page: the one
// owner of every operational counter (HTTP answers by endpoint and status, cooldowns
// started, stream reconnects, games finished by variant and result, moves sent, move
// latency, engine nodes, ponder hits) and of the gauges the main loop refreshes from its
// status report (games in progress, cooldowns running). The Bot owns one Metrics and lends it
// to the request executor (as its RequestObserver, detached in ~Bot), the event stream
// and the game sessions (SessionSettings::metrics), all of which it outlives; render() writes the
// families of kMetricFamilies, in order, as Prometheus text through daemon/prometheus_text.h.
//
// Thread contract: every method may be called from any thread at once; one mutex guards
// all values (updates are a few map look-ups, far from any hot loop). kMetricFamilies is
// immutable.
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
#include "daemon/prometheus_text.h"
#include "daemon/status_report.h"

namespace bot {

// Upper bounds (seconds) of the move-latency histogram's buckets: from the game-state
// event that gave us the move to the server accepting it, thinking included.
inline constexpr double kMoveLatencyBuckets[] = {0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1,
                                                 2.5,  5,     10,   30,  60,   300};

// Every family on the page, in the order render() writes them.
enum class MetricFamilyId {
  kBuildInfo,
  kGamesInProgress,
  kGamesFinished,
  kMovesSent,
  kMoveLatency,
  kHttpRequests,
  kCooldownsStarted,
  kCooldownRemaining,
  kStreamReconnects,
  kEngineNodes,
  kEngineSearchSeconds,
  kEngineNodesPerSecond,
  kPonder,
  kResidentMemory,
};

struct MetricFamily {
  MetricFamilyId id;
  std::string_view name;
  MetricType type;
  std::string_view help;
};

// The one table of metric families: each family's name, type and help text. render()
// writes every row's # HELP and # TYPE lines, then that family's samples.
inline constexpr MetricFamily kMetricFamilies[] = {
    {MetricFamilyId::kBuildInfo, "paxbot_build_info", MetricType::kGauge,
     "The running paxbot's version (value always 1)."},
    {MetricFamilyId::kGamesInProgress, "paxbot_games_in_progress", MetricType::kGauge,
     "Games being played now, by variant."},
    {MetricFamilyId::kGamesFinished, "paxbot_games_finished_total", MetricType::kCounter,
     "Games finished since start, by variant and our result (none: aborted, no start)."},
    {MetricFamilyId::kMovesSent, "paxbot_moves_sent_total", MetricType::kCounter,
     "Moves the server accepted from us."},
    {MetricFamilyId::kMoveLatency, "paxbot_move_latency_seconds", MetricType::kHistogram,
     "From the game event that made it our turn to the server accepting our move, "
     "thinking included."},
    {MetricFamilyId::kHttpRequests, "paxbot_http_requests_total", MetricType::kCounter,
     "Answers to our API requests, by endpoint and HTTP status (or transport error)."},
    {MetricFamilyId::kCooldownsStarted, "paxbot_cooldowns_started_total", MetricType::kCounter,
     "Rate-limit cooldowns started after HTTP 429, by rate-limit key."},
    {MetricFamilyId::kCooldownRemaining, "paxbot_cooldown_remaining_seconds", MetricType::kGauge,
     "Cooldowns running now: seconds left, by rate-limit key."},
    {MetricFamilyId::kStreamReconnects, "paxbot_stream_reconnects_total", MetricType::kCounter,
     "Streams opened again after they ended, by stream (event, game)."},
    {MetricFamilyId::kEngineNodes, "paxbot_engine_nodes_total", MetricType::kCounter,
     "Nodes searched for our moves."},
    {MetricFamilyId::kEngineSearchSeconds, "paxbot_engine_search_seconds_total",
     MetricType::kCounter, "Time spent searching our moves."},
    {MetricFamilyId::kEngineNodesPerSecond, "paxbot_engine_nodes_per_second", MetricType::kGauge,
     "Nodes per second of the last finished search."},
    {MetricFamilyId::kPonder, "paxbot_ponder_total", MetricType::kCounter,
     "Opponent replies we pondered on (engine.ponder): hit when it was the expected move."},
    {MetricFamilyId::kResidentMemory, "process_resident_memory_bytes", MetricType::kGauge,
     "Resident memory size in bytes."},
};

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
  // The samples of one family (mutex_ held).
  void samples(const MetricFamily& family, std::optional<std::uint64_t> rss,
               PrometheusText& out) const;

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
