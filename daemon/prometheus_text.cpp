// SPDX-License-Identifier: GPL-3.0-or-later
#include "daemon/prometheus_text.h"

#include <charconv>
#include <cmath>

namespace bot {

std::string escape_label_value(std::string_view value) {
  std::string out;
  out.reserve(value.size());
  for (char c : value) {
    if (c == '\\')
      out += "\\\\";
    else if (c == '"')
      out += "\\\"";
    else if (c == '\n')
      out += "\\n";
    else
      out += c;
  }
  return out;
}

std::string escape_help(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (c == '\\')
      out += "\\\\";
    else if (c == '\n')
      out += "\\n";
    else
      out += c;
  }
  return out;
}

std::string format_sample_value(double value) {
  if (std::isnan(value)) return "NaN";
  if (std::isinf(value)) return value > 0 ? "+Inf" : "-Inf";
  // The shortest text that reads back as the same double: 0.005, not 0.0050000000000000001.
  char buffer[64];
  const auto end = std::to_chars(buffer, buffer + sizeof buffer, value).ptr;
  return std::string(buffer, end);
}

void PrometheusText::family(std::string_view name, std::string_view help, MetricType type) {
  const char* type_name = type == MetricType::kCounter ? "counter"
                          : type == MetricType::kGauge ? "gauge"
                                                       : "histogram";
  text_ += "# HELP ";
  text_ += name;
  text_ += ' ';
  text_ += escape_help(help);
  text_ += "\n# TYPE ";
  text_ += name;
  text_ += ' ';
  text_ += type_name;
  text_ += '\n';
}

void PrometheusText::line(std::string_view name, const MetricLabels& labels,
                          std::string_view extra_label, std::string_view extra_value,
                          double value) {
  text_ += name;
  if (!labels.empty() || !extra_label.empty()) {
    text_ += '{';
    bool first = true;
    auto add = [&](std::string_view label, std::string_view v) {
      if (!first) text_ += ',';
      first = false;
      text_ += label;
      text_ += "=\"";
      text_ += escape_label_value(v);
      text_ += '"';
    };
    for (const auto& [label, v] : labels) add(label, v);
    if (!extra_label.empty()) add(extra_label, extra_value);
    text_ += '}';
  }
  text_ += ' ';
  text_ += format_sample_value(value);
  text_ += '\n';
}

void PrometheusText::sample(std::string_view name, const MetricLabels& labels, double value) {
  line(name, labels, "", "", value);
}

void PrometheusText::histogram(std::string_view name, const MetricLabels& labels,
                               const HistogramCounts& h) {
  const std::string bucket = std::string(name) + "_bucket";
  std::uint64_t cumulative = 0;
  for (std::size_t i = 0; i < h.bounds.size(); ++i) {
    cumulative += i < h.counts.size() ? h.counts[i] : 0;
    line(bucket, labels, "le", format_sample_value(h.bounds[i]), double(cumulative));
  }
  if (h.counts.size() > h.bounds.size()) cumulative += h.counts[h.bounds.size()];
  line(bucket, labels, "le", "+Inf", double(cumulative));
  line(std::string(name) + "_sum", labels, "", "", h.sum);
  line(std::string(name) + "_count", labels, "", "", double(cumulative));
}

}  // namespace bot
