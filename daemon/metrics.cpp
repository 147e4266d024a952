// SPDX-License-Identifier: GPL-3.0-or-later
#include "daemon/metrics.h"

#include <unistd.h>

#include <algorithm>
#include <fstream>
#include <iterator>

#include "daemon/prometheus_text.h"

namespace bot {

std::optional<std::uint64_t> resident_memory_bytes() {
  std::ifstream statm("/proc/self/statm");
  std::uint64_t size_pages = 0, resident_pages = 0;
  if (!(statm >> size_pages >> resident_pages)) return std::nullopt;
  const long page = sysconf(_SC_PAGESIZE);
  if (page <= 0) return std::nullopt;
  return resident_pages * std::uint64_t(page);
}

Metrics::Metrics(std::string version)
    : version_(std::move(version)), latency_counts_(std::size(kMoveLatencyBuckets) + 1, 0) {}

void Metrics::on_answer(Endpoint endpoint, const HttpResult& result) {
  std::string status =
      result.status != 0 ? std::to_string(result.status) : std::string(to_string(result.error));
  std::lock_guard lock(mutex_);
  ++http_[{std::string(endpoint_info(endpoint).name), std::move(status)}];
}

void Metrics::on_cooldown(Endpoint endpoint, std::chrono::milliseconds) {
  std::lock_guard lock(mutex_);
  ++cooldowns_started_[std::string(endpoint_info(endpoint).rate_key)];
}

void Metrics::stream_reconnect(std::string_view stream) {
  std::lock_guard lock(mutex_);
  ++reconnects_[std::string(stream)];
}

void Metrics::game_finished(std::string_view variant, std::string_view result) {
  std::lock_guard lock(mutex_);
  ++finished_[{std::string(variant), std::string(result)}];
}

void Metrics::move_sent(std::chrono::microseconds latency) {
  const double seconds = std::chrono::duration<double>(latency).count();
  const auto bucket =
      std::lower_bound(std::begin(kMoveLatencyBuckets), std::end(kMoveLatencyBuckets), seconds) -
      std::begin(kMoveLatencyBuckets);
  std::lock_guard lock(mutex_);
  ++latency_counts_[std::size_t(bucket)];
  latency_sum_s_ += seconds;
}

void Metrics::search_done(std::uint64_t nodes, std::chrono::milliseconds time, std::uint64_t nps) {
  std::lock_guard lock(mutex_);
  nodes_ += nodes;
  search_s_ += std::chrono::duration<double>(time).count();
  last_nps_ = nps;
}

void Metrics::ponder_result(bool hit) {
  std::lock_guard lock(mutex_);
  ++(hit ? ponder_hits_ : ponder_misses_);
}

void Metrics::set_status(const StatusReport& report) {
  std::map<std::string, int> in_progress;
  for (const GameSummary& g : report.games)
    ++in_progress[g.variant.empty() ? "unknown" : g.variant];
  std::vector<std::pair<std::string, double>> cooling;
  for (const Cooldown& c : report.cooldowns) cooling.emplace_back(c.key, c.remaining_ms / 1000.0);
  std::lock_guard lock(mutex_);
  in_progress_ = std::move(in_progress);
  cooling_ = std::move(cooling);
}

std::string Metrics::render() const {
  const auto rss = resident_memory_bytes();
  std::lock_guard lock(mutex_);
  PrometheusText out;
  out.family("paxbot_build_info", "The running paxbot's version (value always 1).",
             MetricType::kGauge);
  out.sample("paxbot_build_info", {{"version", version_}}, 1);

  out.family("paxbot_games_in_progress", "Games being played now, by variant.", MetricType::kGauge);
  for (const auto& [variant, n] : in_progress_)
    out.sample("paxbot_games_in_progress", {{"variant", variant}}, n);

  out.family("paxbot_games_finished_total",
             "Games finished since start, by variant and our result (none: aborted, no start).",
             MetricType::kCounter);
  for (const auto& [key, n] : finished_)
    out.sample("paxbot_games_finished_total",
               {{"variant", std::get<0>(key)}, {"result", std::get<1>(key)}}, double(n));

  out.family("paxbot_moves_sent_total", "Moves the server accepted from us.", MetricType::kCounter);
  std::uint64_t moves = 0;
  for (std::uint64_t n : latency_counts_) moves += n;
  out.sample("paxbot_moves_sent_total", {}, double(moves));

  out.family("paxbot_move_latency_seconds",
             "From the game event that made it our turn to the server accepting our move, "
             "thinking included.",
             MetricType::kHistogram);
  out.histogram(
      "paxbot_move_latency_seconds", {},
      {std::vector<double>(std::begin(kMoveLatencyBuckets), std::end(kMoveLatencyBuckets)),
       latency_counts_, latency_sum_s_});

  out.family("paxbot_http_requests_total",
             "Answers to our API requests, by endpoint and HTTP status (or transport error).",
             MetricType::kCounter);
  for (const auto& [key, n] : http_)
    out.sample("paxbot_http_requests_total",
               {{"endpoint", std::get<0>(key)}, {"status", std::get<1>(key)}}, double(n));

  out.family("paxbot_cooldowns_started_total",
             "Rate-limit cooldowns started after HTTP 429, by rate-limit key.",
             MetricType::kCounter);
  for (const auto& [key, n] : cooldowns_started_)
    out.sample("paxbot_cooldowns_started_total", {{"key", key}}, double(n));
  out.family("paxbot_cooldown_remaining_seconds",
             "Cooldowns running now: seconds left, by rate-limit key.", MetricType::kGauge);
  for (const auto& [key, left] : cooling_)
    out.sample("paxbot_cooldown_remaining_seconds", {{"key", key}}, left);

  out.family("paxbot_stream_reconnects_total",
             "Streams opened again after they ended, by stream (event, game).",
             MetricType::kCounter);
  for (const auto& [stream, n] : reconnects_)
    out.sample("paxbot_stream_reconnects_total", {{"stream", stream}}, double(n));

  out.family("paxbot_engine_nodes_total", "Nodes searched for our moves.", MetricType::kCounter);
  out.sample("paxbot_engine_nodes_total", {}, double(nodes_));
  out.family("paxbot_engine_search_seconds_total", "Time spent searching our moves.",
             MetricType::kCounter);
  out.sample("paxbot_engine_search_seconds_total", {}, search_s_);
  out.family("paxbot_engine_nodes_per_second", "Nodes per second of the last finished search.",
             MetricType::kGauge);
  if (last_nps_) out.sample("paxbot_engine_nodes_per_second", {}, double(*last_nps_));
  out.family("paxbot_ponder_total",
             "Opponent replies we pondered on (engine.ponder): hit when it was the expected move.",
             MetricType::kCounter);
  out.sample("paxbot_ponder_total", {{"result", "hit"}}, double(ponder_hits_));
  out.sample("paxbot_ponder_total", {{"result", "miss"}}, double(ponder_misses_));

  out.family("process_resident_memory_bytes", "Resident memory size in bytes.", MetricType::kGauge);
  if (rss) out.sample("process_resident_memory_bytes", {}, double(*rss));
  return out.text();
}

}  // namespace bot
