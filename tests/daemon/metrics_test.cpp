// SPDX-License-Identifier: GPL-3.0-or-later
// The metrics registry: what each feed adds to the /metrics page, the gauges refreshed
// from a status report, the move-latency histogram's buckets, the table of families, and
// concurrent updates.
#include "daemon/metrics.h"

#include <gtest/gtest.h>

#include <iterator>
#include <thread>
#include <vector>

namespace bot {
namespace {

using namespace std::chrono_literals;

bool has_line(const std::string& page, const std::string& line) {
  return page.find("\n" + line + "\n") != std::string::npos;
}

TEST(Metrics, CountsAnswersByEndpointAndStatusOrTransportError) {
  Metrics m("1.2.3");
  m.on_answer(Endpoint::kMove, HttpResult::response(200, ""));
  m.on_answer(Endpoint::kMove, HttpResult::response(200, ""));
  m.on_answer(Endpoint::kMove, HttpResult::response(429, ""));
  m.on_answer(Endpoint::kAccount, HttpResult::failure(TransportError::kTimeout, "slow"));
  const std::string page = m.render();
  EXPECT_TRUE(has_line(page, R"(paxbot_http_requests_total{endpoint="move",status="200"} 2)"))
      << page;
  EXPECT_TRUE(has_line(page, R"(paxbot_http_requests_total{endpoint="move",status="429"} 1)"));
  EXPECT_TRUE(has_line(page, R"(paxbot_http_requests_total{endpoint="account",status=")" +
                                 std::string(to_string(TransportError::kTimeout)) + R"("} 1)"));
  EXPECT_TRUE(has_line(page, R"(paxbot_build_info{version="1.2.3"} 1)"));
}

TEST(Metrics, CountsCooldownsByRateKeyAndReconnectsByStream) {
  Metrics m;
  m.on_cooldown(Endpoint::kChallengeCreate, 60s);
  m.on_cooldown(Endpoint::kChallengeCreate, 60s);
  m.stream_reconnect("event");
  m.stream_reconnect("game");
  m.stream_reconnect("game");
  const std::string page = m.render();
  const std::string key(endpoint_info(Endpoint::kChallengeCreate).rate_key);
  EXPECT_TRUE(has_line(page, "paxbot_cooldowns_started_total{key=\"" + key + "\"} 2")) << page;
  EXPECT_TRUE(has_line(page, R"(paxbot_stream_reconnects_total{stream="event"} 1)"));
  EXPECT_TRUE(has_line(page, R"(paxbot_stream_reconnects_total{stream="game"} 2)"));
}

TEST(Metrics, GamesInProgressAndCooldownsComeFromTheStatusReport) {
  Metrics m;
  StatusReport r;
  for (const char* variant : {"standard", "standard", "chess960"}) {
    GameSummary g;
    g.variant = variant;
    r.games.push_back(g);
  }
  r.cooldowns = {{"move", 1500}};
  m.set_status(r);
  std::string page = m.render();
  EXPECT_TRUE(has_line(page, R"(paxbot_games_in_progress{variant="standard"} 2)")) << page;
  EXPECT_TRUE(has_line(page, R"(paxbot_games_in_progress{variant="chess960"} 1)"));
  EXPECT_TRUE(has_line(page, R"(paxbot_cooldown_remaining_seconds{key="move"} 1.5)"));

  m.set_status(StatusReport{});  // the games ended, the cooldown ran out
  page = m.render();
  EXPECT_EQ(page.find("paxbot_games_in_progress{"), std::string::npos) << page;
  EXPECT_EQ(page.find("paxbot_cooldown_remaining_seconds{"), std::string::npos);
}

TEST(Metrics, FinishedGamesByVariantAndResult) {
  Metrics m;
  m.game_finished("standard", "win");
  m.game_finished("standard", "win");
  m.game_finished("pacifist", "none");
  const std::string page = m.render();
  EXPECT_TRUE(has_line(page, R"(paxbot_games_finished_total{variant="standard",result="win"} 2)"))
      << page;
  EXPECT_TRUE(has_line(page, R"(paxbot_games_finished_total{variant="pacifist",result="none"} 1)"));
}

TEST(Metrics, MoveLatencyFillsTheHistogramAndCountsMovesSent) {
  Metrics m;
  m.move_sent(250ms);  // le 0.25: bounds are inclusive
  m.move_sent(500ms);  // le 0.5
  m.move_sent(2s);     // le 2.5
  m.move_sent(1000s);  // above the last bound
  const std::string page = m.render();
  EXPECT_TRUE(has_line(page, "paxbot_moves_sent_total 4")) << page;
  EXPECT_TRUE(has_line(page, R"(paxbot_move_latency_seconds_bucket{le="0.1"} 0)")) << page;
  EXPECT_TRUE(has_line(page, R"(paxbot_move_latency_seconds_bucket{le="0.25"} 1)"));
  EXPECT_TRUE(has_line(page, R"(paxbot_move_latency_seconds_bucket{le="0.5"} 2)"));
  EXPECT_TRUE(has_line(page, R"(paxbot_move_latency_seconds_bucket{le="1"} 2)"));
  EXPECT_TRUE(has_line(page, R"(paxbot_move_latency_seconds_bucket{le="2.5"} 3)"));
  EXPECT_TRUE(has_line(page, R"(paxbot_move_latency_seconds_bucket{le="300"} 3)"));
  EXPECT_TRUE(has_line(page, R"(paxbot_move_latency_seconds_bucket{le="+Inf"} 4)"));
  EXPECT_TRUE(has_line(page, "paxbot_move_latency_seconds_sum 1002.75")) << page;
  EXPECT_TRUE(has_line(page, "paxbot_move_latency_seconds_count 4"));
}

TEST(Metrics, SearchesAddNodesAndTimeAndSetTheLastSpeed) {
  Metrics m;
  std::string page = m.render();
  EXPECT_TRUE(has_line(page, "paxbot_engine_nodes_total 0")) << page;
  EXPECT_EQ(page.find("\npaxbot_engine_nodes_per_second "), std::string::npos);
  m.search_done(1000, 500ms, 2000);
  m.search_done(3000, 1000ms, 3000);
  page = m.render();
  EXPECT_TRUE(has_line(page, "paxbot_engine_nodes_total 4000")) << page;
  EXPECT_TRUE(has_line(page, "paxbot_engine_search_seconds_total 1.5"));
  EXPECT_TRUE(has_line(page, "paxbot_engine_nodes_per_second 3000"));
}

TEST(Metrics, CountsPonderHitsAndMisses) {
  Metrics m;
  std::string page = m.render();
  EXPECT_TRUE(has_line(page, R"(paxbot_ponder_total{result="hit"} 0)")) << page;
  EXPECT_TRUE(has_line(page, R"(paxbot_ponder_total{result="miss"} 0)")) << page;
  m.ponder_result(true);
  m.ponder_result(true);
  m.ponder_result(false);
  page = m.render();
  EXPECT_TRUE(has_line(page, R"(paxbot_ponder_total{result="hit"} 2)")) << page;
  EXPECT_TRUE(has_line(page, R"(paxbot_ponder_total{result="miss"} 1)")) << page;
}

TEST(Metrics, ReportsTheProcessResidentMemory) {
  const auto rss = resident_memory_bytes();
  ASSERT_TRUE(rss);
  EXPECT_GT(*rss, 1024u * 1024u);  // a gtest binary holds more than a megabyte
  EXPECT_NE(Metrics().render().find("\nprocess_resident_memory_bytes "), std::string::npos);
}

// Every family of the table, once, in table order, with its # HELP and # TYPE lines; the
// names are unique and each row's id is its position.
TEST(Metrics, ThePageHasEveryFamilyOfTheTableInOrder) {
  const std::string page = Metrics("1.0").render();
  std::size_t at = 0;
  for (std::size_t i = 0; i < std::size(kMetricFamilies); ++i) {
    const MetricFamily& f = kMetricFamilies[i];
    EXPECT_EQ(std::size_t(f.id), i) << f.name;
    const std::string type = f.type == MetricType::kCounter ? "counter"
                             : f.type == MetricType::kGauge ? "gauge"
                                                            : "histogram";
    const std::string help = "# HELP " + std::string(f.name) + " " + std::string(f.help) + "\n";
    const std::size_t found = page.find(help, at);
    ASSERT_NE(found, std::string::npos) << f.name << " missing or out of order:\n" << page;
    EXPECT_EQ(page.find(help, found + 1), std::string::npos) << f.name << " twice";
    EXPECT_TRUE(page.substr(found + help.size())
                    .starts_with("# TYPE " + std::string(f.name) + " " + type + "\n"))
        << f.name;
    at = found + help.size();
  }
  EXPECT_TRUE(page.starts_with("# HELP paxbot_build_info "));
  EXPECT_TRUE(has_line(page, R"(paxbot_build_info{version="1.0"} 1)"));
}

TEST(Metrics, ConcurrentFeedsLoseNothing) {
  Metrics m;
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&] {
      for (int i = 0; i < 1000; ++i) {
        m.on_answer(Endpoint::kMove, HttpResult::response(200, ""));
        m.move_sent(1ms);
        if (i % 100 == 0) (void)m.render();
      }
    });
  for (auto& t : threads) t.join();
  const std::string page = m.render();
  EXPECT_TRUE(has_line(page, R"(paxbot_http_requests_total{endpoint="move",status="200"} 4000)"));
  EXPECT_TRUE(has_line(page, "paxbot_moves_sent_total 4000"));
}

}  // namespace
}  // namespace bot
