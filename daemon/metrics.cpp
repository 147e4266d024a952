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
  for (const MetricFamily& family : kMetricFamilies) {
    out.family(family.name, family.help, family.type);
    samples(family, rss, out);
  }
  return out.text();
}

void Metrics::samples(const MetricFamily& family, std::optional<std::uint64_t> rss,
                      PrometheusText& out) const {
  const std::string_view name = family.name;
  switch (family.id) {
    case MetricFamilyId::kBuildInfo:
      out.sample(name, {{"version", version_}}, 1);
      return;
    case MetricFamilyId::kGamesInProgress:
      for (const auto& [variant, n] : in_progress_) out.sample(name, {{"variant", variant}}, n);
      return;
    case MetricFamilyId::kGamesFinished:
      for (const auto& [key, n] : finished_)
        out.sample(name, {{"variant", std::get<0>(key)}, {"result", std::get<1>(key)}}, double(n));
      return;
    case MetricFamilyId::kMovesSent: {
      std::uint64_t moves = 0;
      for (std::uint64_t n : latency_counts_) moves += n;
      out.sample(name, {}, double(moves));
      return;
    }
    case MetricFamilyId::kMoveLatency:
      out.histogram(
          name, {},
          {std::vector<double>(std::begin(kMoveLatencyBuckets), std::end(kMoveLatencyBuckets)),
           latency_counts_, latency_sum_s_});
      return;
    case MetricFamilyId::kHttpRequests:
      for (const auto& [key, n] : http_)
        out.sample(name, {{"endpoint", std::get<0>(key)}, {"status", std::get<1>(key)}}, double(n));
      return;
    case MetricFamilyId::kCooldownsStarted:
      for (const auto& [key, n] : cooldowns_started_) out.sample(name, {{"key", key}}, double(n));
      return;
    case MetricFamilyId::kCooldownRemaining:
      for (const auto& [key, left] : cooling_) out.sample(name, {{"key", key}}, left);
      return;
    case MetricFamilyId::kStreamReconnects:
      for (const auto& [stream, n] : reconnects_) out.sample(name, {{"stream", stream}}, double(n));
      return;
    case MetricFamilyId::kEngineNodes:
      out.sample(name, {}, double(nodes_));
      return;
    case MetricFamilyId::kEngineSearchSeconds:
      out.sample(name, {}, search_s_);
      return;
    case MetricFamilyId::kEngineNodesPerSecond:
      if (last_nps_) out.sample(name, {}, double(*last_nps_));
      return;
    case MetricFamilyId::kPonder:
      out.sample(name, {{"result", "hit"}}, double(ponder_hits_));
      out.sample(name, {{"result", "miss"}}, double(ponder_misses_));
      return;
    case MetricFamilyId::kResidentMemory:
      if (rss) out.sample(name, {}, double(*rss));
      return;
  }
}

}  // namespace bot
