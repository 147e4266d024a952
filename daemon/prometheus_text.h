// SPDX-License-Identifier: GPL-3.0-or-later
// The Prometheus text exposition format (version 0.0.4), as GET /metrics serves it:
// one writer for family headers (# HELP, # TYPE), samples with escaped label values,
// and histograms (cumulative buckets ending in le="+Inf", then _sum and _count).
// The metrics registry (daemon/metrics.h) renders through it; nothing else writes it.
//
// Thread contract: a PrometheusText is a plain value used by one thread at a time;
// the free functions are pure.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace bot {

using MetricLabels = std::vector<std::pair<std::string, std::string>>;

// A label value with backslash, double quote and line feed escaped (\\, \", \n).
std::string escape_label_value(std::string_view value);
// HELP text with backslash and line feed escaped.
std::string escape_help(std::string_view text);
// A sample value: integers without a fraction, +Inf/-Inf/NaN as Prometheus spells them.
std::string format_sample_value(double value);

enum class MetricType { kCounter, kGauge, kHistogram };

// One histogram's observations: counts[i] observations in (bounds[i-1], bounds[i]],
// counts.back() those above the last bound; bounds ascend. Not cumulative.
struct HistogramCounts {
  std::vector<double> bounds;
  std::vector<std::uint64_t> counts;  // bounds.size() + 1 entries
  double sum = 0;
};

class PrometheusText {
 public:
  // Starts a family: its # HELP and # TYPE lines. Call once per name, before its samples.
  void family(std::string_view name, std::string_view help, MetricType type);
  void sample(std::string_view name, const MetricLabels& labels, double value);
  // name_bucket{...,le="..."} cumulative up to le="+Inf", then name_sum and name_count.
  void histogram(std::string_view name, const MetricLabels& labels, const HistogramCounts& h);

  const std::string& text() const { return text_; }

 private:
  void line(std::string_view name, const MetricLabels& labels, std::string_view extra_label,
            std::string_view extra_value, double value);
  std::string text_;
};

}  // namespace bot
