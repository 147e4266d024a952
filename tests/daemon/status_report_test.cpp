// SPDX-License-Identifier: GPL-3.0-or-later
// The status report's JSON form, the text `paxbot status` prints from it, and the
// status page serving the published report.
#include <gtest/gtest.h>

#include "daemon/http/curl_http_client.h"
#include "daemon/status_report.h"
#include "daemon/status_server.h"

namespace bot {
namespace {

StatusReport sample_report() {
  StatusReport r;
  r.account = "PaxBot";
  r.server = "https://lichess.org";
  r.version = "1.2.3";
  r.started_unix_s = 1'000'000;
  r.updated_unix_s = 1'003'725;
  r.concurrency = 2;
  GameSummary g;
  g.id = "abcd1234";
  g.opponent = "OtherBot";
  g.variant = "pacifist";
  g.speed = "blitz";
  g.color = "white";
  g.plies = 23;
  g.our_turn = true;
  g.our_clock_ms = 154'300;
  g.their_clock_ms = 61'000;
  g.eval_cp = -35;
  r.games.push_back(g);
  r.starting = {"efgh5678"};
  r.queue.push_back({"chal0001", "carol", "standard", "rapid"});
  r.bot_games_today = 12;
  r.bot_games_cap = 100;
  r.matchmaking.enabled = true;
  r.matchmaking.pending = {"mine0001"};
  r.matchmaking.paused_for_s = 75;
  r.matchmaking.credits_last_minute = 1;
  r.matchmaking.credits_last_day = 40;
  r.matchmaking.blocked_by = "the server rate-limited our challenges";
  r.cooldowns.push_back({"challenge", 74'200});
  return r;
}

TEST(StatusReport, TextShowsEverySectionOfTheReport) {
  auto text = format_status(to_json(sample_report()), 1'003'727);
  ASSERT_TRUE(text) << text.error();
  for (const char* expected : {
           "paxbot 1.2.3 as PaxBot on https://lichess.org, up 1h02m, report 2s old\n",
           "games in progress: 1 of 2\n",
           "  abcd1234  vs OtherBot  pacifist blitz  as white  ply 23  our move  clock 2:34.3 vs "
           "1:01.0  eval -0.35\n",
           "accepted, not started yet: efgh5678\n",
           "challenge queue: 1\n  chal0001  from carol  standard rapid\n",
           "bot games in the last 24 h: 12 of 100\n",
           "matchmaking: on, credits used 1 in the last minute, 40 today, waiting for an answer "
           "to mine0001, paused 1m15s after a 429, held back: the server rate-limited our "
           "challenges\n",
           "rate-limit cooldowns: challenge 1m15s\n",
       }) {
    EXPECT_NE(text->find(expected), std::string::npos) << "missing: " << expected << "\n" << *text;
  }
}

TEST(StatusReport, CorrespondenceGamesCountAgainstTheirOwnLimitAndShowAClosedStream) {
  StatusReport r = sample_report();
  r.correspondence_max_games = 50;
  GameSummary waiting = r.games.front();
  waiting.id = "corr0001";
  waiting.speed = "correspondence";
  waiting.our_turn = false;
  waiting.stream_open = false;
  r.games.push_back(waiting);
  const nlohmann::json j = to_json(r);
  EXPECT_EQ(j["games"][1]["stream_open"], false);
  auto text = format_status(j, r.updated_unix_s);
  ASSERT_TRUE(text) << text.error();
  EXPECT_NE(text->find("games in progress: 1 of 2, correspondence 1 of 50\n"), std::string::npos)
      << *text;
  EXPECT_NE(text->find("  corr0001  vs OtherBot  pacifist correspondence"), std::string::npos);
  EXPECT_NE(text->find("  stream closed\n"), std::string::npos) << *text;
  EXPECT_EQ(text->find("abcd1234  vs OtherBot  pacifist blitz  as white  ply 23  our move  clock "
                       "2:34.3 vs 1:01.0  eval -0.35  stream closed"),
            std::string::npos);
}

TEST(StatusReport, AnIdleDaemonSaysNoneAndOff) {
  StatusReport r = sample_report();
  r.games.clear();
  r.starting.clear();
  r.queue.clear();
  r.matchmaking = {};
  r.cooldowns.clear();
  r.shutting_down = true;
  auto text = format_status(to_json(r), r.updated_unix_s);
  ASSERT_TRUE(text) << text.error();
  EXPECT_NE(text->find(", SHUTTING DOWN\n"), std::string::npos) << *text;
  EXPECT_NE(text->find("games in progress: 0 of 2\n"), std::string::npos) << *text;
  EXPECT_EQ(text->find("accepted, not started"), std::string::npos) << *text;
  EXPECT_NE(text->find("matchmaking: off\n"), std::string::npos) << *text;
  EXPECT_NE(text->find("rate-limit cooldowns: none\n"), std::string::npos) << *text;
}

TEST(StatusReport, MateScoresAreShownAsMate) {
  StatusReport r = sample_report();
  r.games[0].eval_cp.reset();
  r.games[0].mate_in = 3;
  auto text = format_status(to_json(r), r.updated_unix_s);
  ASSERT_TRUE(text);
  EXPECT_NE(text->find("eval mate 3\n"), std::string::npos) << *text;
}

TEST(StatusReport, BookMovesAndTheTimeTheySavedAreShown) {
  StatusReport r = sample_report();
  r.games[0].book_moves = 4;
  r.games[0].book_time_saved_ms = 3'250;
  const auto json = to_json(r);
  EXPECT_EQ(json["games"][0]["book_moves"], 4);
  EXPECT_EQ(json["games"][0]["book_time_saved_ms"], 3'250);
  auto text = format_status(json, r.updated_unix_s);
  ASSERT_TRUE(text);
  EXPECT_NE(text->find("eval -0.35  book 4 moves (saved 3.2 s)\n"), std::string::npos) << *text;
  // A report without the book fields (an older daemon) still reads.
  auto older = to_json(sample_report());
  older["games"][0].erase("book_moves");
  auto plain = format_status(older, r.updated_unix_s);
  ASSERT_TRUE(plain) << plain.error();
  EXPECT_EQ(plain->find("book"), std::string::npos) << *plain;
}

TEST(StatusReport, PonderHitsAndMissesAreShown) {
  StatusReport r = sample_report();
  r.games[0].ponder_hits = 3;
  r.games[0].ponder_misses = 2;
  const auto json = to_json(r);
  EXPECT_EQ(json["games"][0]["ponder_hits"], 3);
  EXPECT_EQ(json["games"][0]["ponder_misses"], 2);
  auto text = format_status(json, r.updated_unix_s);
  ASSERT_TRUE(text);
  EXPECT_NE(text->find("eval -0.35  ponder 3 of 5 hit\n"), std::string::npos) << *text;
  r.games[0].pondering = "e7e5";
  text = format_status(to_json(r), r.updated_unix_s);
  ASSERT_TRUE(text);
  EXPECT_NE(text->find("eval -0.35  ponder 3 of 5 hit, on e7e5 now\n"), std::string::npos) << *text;
  // Without pondering (or from an older daemon without the fields) nothing is shown.
  auto older = to_json(sample_report());
  older["games"][0].erase("ponder_hits");
  older["games"][0].erase("ponder_misses");
  older["games"][0].erase("pondering");
  auto plain = format_status(older, r.updated_unix_s);
  ASSERT_TRUE(plain) << plain.error();
  EXPECT_EQ(plain->find("ponder"), std::string::npos) << *plain;
}

TEST(StatusReport, SomethingElseIsAnErrorNamingWhatIsMissing) {
  auto report = to_json(sample_report());
  report.erase("queue");
  auto text = format_status(report, 0);
  ASSERT_FALSE(text);
  EXPECT_NE(text.error().find("queue"), std::string::npos) << text.error();
  EXPECT_FALSE(format_status(nlohmann::json::array(), 0));
  EXPECT_FALSE(format_status(nlohmann::json{{"account", 7}}, 0));
}

TEST(StatusServer, ServesTheLatestPublishedReport) {
  StatusServer page;
  ASSERT_TRUE(page.start("127.0.0.1:0"));
  ASSERT_GT(page.port(), 0);
  CurlHttpClient::Options options;
  options.base_url = "http://127.0.0.1:" + std::to_string(page.port());
  CurlHttpClient http(options);

  page.publish(to_json(sample_report()));
  HttpResult json = http.request(HttpRequest::get("/status"));
  ASSERT_TRUE(json.ok()) << json.error_message << " " << json.status;
  EXPECT_EQ(nlohmann::json::parse(json.body)["games"][0]["id"], "abcd1234");

  StatusReport later = sample_report();
  later.games.clear();
  page.publish(to_json(later));
  HttpResult text = http.request(HttpRequest::get("/"));
  ASSERT_TRUE(text.ok());
  EXPECT_NE(text.body.find("games in progress: 0 of 2"), std::string::npos) << text.body;

  HttpResult post = http.request(HttpRequest::post("/status"));
  EXPECT_FALSE(post.ok());
}

TEST(StatusServer, AnAddressInUseIsAnErrorNamingIt) {
  StatusServer first;
  ASSERT_TRUE(first.start("127.0.0.1:0"));
  const std::string taken = "127.0.0.1:" + std::to_string(first.port());
  StatusServer second;
  auto started = second.start(taken);
  ASSERT_FALSE(started);
  EXPECT_NE(started.error().find(taken), std::string::npos) << started.error();
}

}  // namespace
}  // namespace bot
