// SPDX-License-Identifier: GPL-3.0-or-later
// The Prometheus text exposition format: family headers, escaping of label values and
// help text, sample values, and histograms (cumulative buckets, +Inf, _sum, _count).
#include "daemon/prometheus_text.h"

#include <gtest/gtest.h>

#include <limits>

namespace bot {
namespace {

TEST(PrometheusText, EscapesBackslashQuoteAndNewlineInLabelValues) {
  EXPECT_EQ(escape_label_value("plain"), "plain");
  EXPECT_EQ(escape_label_value(R"(a\b)"), R"(a\\b)");
  EXPECT_EQ(escape_label_value(R"(say "hi")"), R"(say \"hi\")");
  EXPECT_EQ(escape_label_value("two\nlines"), R"(two\nlines)");
  EXPECT_EQ(escape_label_value("ünïcode"), "ünïcode");
}

TEST(PrometheusText, HelpEscapesBackslashAndNewlineButNotQuotes) {
  EXPECT_EQ(escape_help("a \"b\"\\\nc"), "a \"b\"\\\\\\nc");
}

TEST(PrometheusText, WritesFamilyHeadersAndSamplesWithEscapedLabels) {
  PrometheusText out;
  out.family("x_total", "Things\ncounted.", MetricType::kCounter);
  out.sample("x_total", {{"who", "a\"b"}, {"kind", "c\\d"}}, 3);
  out.sample("x_total", {}, 0.25);
  EXPECT_EQ(out.text(),
            "# HELP x_total Things\\ncounted.\n"
            "# TYPE x_total counter\n"
            "x_total{who=\"a\\\"b\",kind=\"c\\\\d\"} 3\n"
            "x_total 0.25\n");
}

TEST(PrometheusText, FormatsValuesAsPrometheusReadsThem) {
  EXPECT_EQ(format_sample_value(0), "0");
  EXPECT_EQ(format_sample_value(42), "42");
  EXPECT_EQ(format_sample_value(0.005), "0.005");
  EXPECT_EQ(format_sample_value(-1.5), "-1.5");
  EXPECT_EQ(format_sample_value(std::numeric_limits<double>::infinity()), "+Inf");
  EXPECT_EQ(format_sample_value(-std::numeric_limits<double>::infinity()), "-Inf");
  EXPECT_EQ(format_sample_value(std::numeric_limits<double>::quiet_NaN()), "NaN");
}

TEST(PrometheusText, HistogramBucketsAreCumulativeAndEndWithInfSumAndCount) {
  PrometheusText out;
  out.family("lat_seconds", "Latency.", MetricType::kHistogram);
  // 2 in (-inf, 0.1], none in (0.1, 1], 3 in (1, 10], 1 above 10.
  out.histogram("lat_seconds", {{"game", "g1"}}, {{0.1, 1, 10}, {2, 0, 3, 1}, 31.5});
  EXPECT_EQ(out.text(),
            "# HELP lat_seconds Latency.\n"
            "# TYPE lat_seconds histogram\n"
            "lat_seconds_bucket{game=\"g1\",le=\"0.1\"} 2\n"
            "lat_seconds_bucket{game=\"g1\",le=\"1\"} 2\n"
            "lat_seconds_bucket{game=\"g1\",le=\"10\"} 5\n"
            "lat_seconds_bucket{game=\"g1\",le=\"+Inf\"} 6\n"
            "lat_seconds_sum{game=\"g1\"} 31.5\n"
            "lat_seconds_count{game=\"g1\"} 6\n");
}

TEST(PrometheusText, EmptyHistogramHasZeroBucketsAndCount) {
  PrometheusText out;
  out.histogram("h", {}, {{0.5}, {0, 0}, 0});
  EXPECT_EQ(out.text(),
            "h_bucket{le=\"0.5\"} 0\n"
            "h_bucket{le=\"+Inf\"} 0\n"
            "h_sum 0\n"
            "h_count 0\n");
}

}  // namespace
}  // namespace bot
