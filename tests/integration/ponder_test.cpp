// SPDX-License-Identifier: GPL-3.0-or-later
// engine.ponder through whole games: two `paxbot run` daemons with pondering on play on
// `paxbot serve`; their /metrics pages count ponder hits (the opponent played the reply
// we pondered on), and the counters agree with the "ponder hit" / "ponder miss" lines of
// their logs. The slow suite plays a short match and prints the hit rate and alice's score
// (figures for the report, never asserted).
#include <gtest/gtest.h>

#include <cstdlib>
#include <iostream>
#include <optional>
#include <sstream>

#include "daemon/http/curl_http_client.h"
#include "tests/integration/arena.h"

namespace paxbot_test {
namespace {

using namespace std::chrono_literals;

struct PonderingDaemon {
  std::string name;
  ChildProcess process;
  std::string url;  // its status page
};

PonderingDaemon start_pondering(Arena& arena, const std::string& name,
                                const std::function<void(config::Config&)>& adjust = {}) {
  const int port = free_port();
  ChildProcess p = arena.start_bot(name, [&](config::Config& c) {
    c.engine.ponder = true;
    c.status_http.enabled = true;
    c.status_http.listen = "127.0.0.1:" + std::to_string(port);
    if (adjust) adjust(c);
  });
  return {name, std::move(p), "http://127.0.0.1:" + std::to_string(port)};
}

// paxbot_ponder_total{result="hit"|"miss"} on the daemon's page; nullopt when unreadable.
std::optional<double> ponder_count(const PonderingDaemon& d, const std::string& result) {
  bot::CurlHttpClient http({.base_url = d.url, .token = "", .user_name = "test"});
  const bot::HttpResult r = http.request(bot::HttpRequest::get("/metrics"));
  if (r.status != 200) return std::nullopt;
  const std::string key = "\npaxbot_ponder_total{result=\"" + result + "\"} ";
  const auto at = r.body.find(key);
  if (at == std::string::npos) return std::nullopt;
  return std::strtod(r.body.c_str() + at + key.size(), nullptr);
}

std::size_t lines_with(const std::string& log, const std::string& what) {
  std::istringstream in(log);
  std::size_t n = 0;
  for (std::string line; std::getline(in, line);)
    if (line.find(what) != std::string::npos) ++n;
  return n;
}

bool wait_ready(Arena& arena, const PonderingDaemon& d) {
  return wait_until(
      [&] {
        const std::string log = arena.log_of(d.name);
        return log.find("status page on") != std::string::npos &&
               log.find("playing as " + d.name) != std::string::npos;
      },
      15s);
}

TEST(Ponder, TwoPonderingDaemonsHitTheExpectedReply) {
  Arena arena;
  PonderingDaemon alice = start_pondering(arena, "alice");
  PonderingDaemon bob = start_pondering(arena, "bob");
  ASSERT_TRUE(wait_ready(arena, alice)) << arena.log_of("alice");
  ASSERT_TRUE(wait_ready(arena, bob)) << arena.log_of("bob");
  const std::string id = arena.challenge("bob", "alice", "standard", 60, 1);
  ASSERT_FALSE(id.empty());
  // Both engines think alike, so the expected reply comes soon; bob resigns after the first
  // hit (or the game ends first and the test fails below).
  double hits = 0;
  wait_until(
      [&] {
        hits = ponder_count(alice, "hit").value_or(0) + ponder_count(bob, "hit").value_or(0);
        return hits > 0 || !arena.outcome(id).status.empty();
      },
      90s, 200ms);
  EXPECT_GT(hits, 0) << arena.log_of("alice") << arena.log_of("bob");
  if (arena.outcome(id).status.empty()) {
    EXPECT_TRUE(arena.client("bob").resign(id).has_value());
  }
  ASSERT_TRUE(arena.wait_for_end(id, 30s));
  // The counters are the hits and misses each daemon logged, and the game ended cleanly.
  for (const PonderingDaemon* d : {&alice, &bob}) {
    ASSERT_TRUE(wait_until(
        [&] { return arena.log_of(d->name).find("game " + id + ": over") != std::string::npos; },
        20s))
        << arena.log_of(d->name);
    const std::string log = arena.log_of(d->name);
    EXPECT_EQ(ponder_count(*d, "hit"), double(lines_with(log, "game " + id + ": ponder hit after")))
        << log;
    EXPECT_EQ(ponder_count(*d, "miss"),
              double(lines_with(log, "game " + id + ": ponder miss after")))
        << log;
    EXPECT_EQ(lines_with(log, "[error]"), 0u) << log;
  }
}

// A short match for the report: PAXBOT_PONDER_GAMES games (default 4) at
// PAXBOT_PONDER_BASE_S + PAXBOT_PONDER_INC_S (default 30+0: bots may not play ultraBullet, under
// 30 s estimated, and the Bot API's increment is whole seconds) with the default think-time
// cap, colours drawn by the server; prints each daemon's hits and misses and alice's score.
// PAXBOT_PONDER_BOB=0 turns bob's pondering off: ponder on (alice) against ponder off (bob).
TEST(PonderSlow, HitRateOverAShortMatch) {
  const int games = env_int("PAXBOT_PONDER_GAMES", 4, 1, 1000);
  const int base_s = env_int("PAXBOT_PONDER_BASE_S", 30, 1, 10'800);
  const int inc_s = env_int("PAXBOT_PONDER_INC_S", 0, 0, 180);
  const bool bob_ponders = env_int("PAXBOT_PONDER_BOB", 1, 0, 1) != 0;
  Arena arena;
  auto realistic = [](config::Config& c) {
    c.engine.hash_mb = 16;
    c.engine.max_think_ms = 30'000;
    c.engine.move_overhead_ms = 100;
  };
  PonderingDaemon alice = start_pondering(arena, "alice", realistic);
  PonderingDaemon bob = start_pondering(arena, "bob", [&](config::Config& c) {
    realistic(c);
    c.engine.ponder = bob_ponders;
  });
  ASSERT_TRUE(wait_ready(arena, alice)) << arena.log_of("alice");
  ASSERT_TRUE(wait_ready(arena, bob)) << arena.log_of("bob");
  double alice_score = 0;
  for (int g = 0; g < games; ++g) {
    // The server draws the colours; alice's daemon logs which one she has.
    const std::string id = g % 2 == 0 ? arena.challenge("bob", "alice", "standard", base_s, inc_s)
                                      : arena.challenge("alice", "bob", "standard", base_s, inc_s);
    ASSERT_FALSE(id.empty());
    ASSERT_TRUE(arena.wait_for_end(id, std::chrono::seconds(8 * (base_s + 60 * inc_s) + 60)))
        << arena.log_of("alice");
    const GameOutcome o = arena.outcome(id);
    const std::string alice_colour =
        arena.log_of("alice").find("game " + id + ": playing standard as white") !=
                std::string::npos
            ? "white"
            : "black";
    alice_score += o.winner.empty() ? 0.5 : o.winner == alice_colour ? 1 : 0;
    std::cout << "[ benchmark ] game " << id << ": " << o.status << " " << o.winner << " (alice "
              << alice_colour << ") after " << o.plies << " plies\n";
  }
  ASSERT_TRUE(wait_until(
      [&] {
        return lines_with(arena.log_of("alice"), ": over (") >= std::size_t(games) &&
               lines_with(arena.log_of("bob"), ": over (") >= std::size_t(games);
      },
      20s));
  double all_hits = 0, all_pondered = 0;
  for (const PonderingDaemon* d : {&alice, &bob}) {
    const double hits = ponder_count(*d, "hit").value_or(0);
    const double misses = ponder_count(*d, "miss").value_or(0);
    all_hits += hits;
    all_pondered += hits + misses;
    std::cout << "[ benchmark ] " << d->name << ": ponder hits " << hits << " of " << hits + misses
              << "\n";
  }
  ASSERT_GT(all_pondered, 0);
  std::cout << "[ benchmark ] ponder hit rate over " << games << " games at " << base_s << "+"
            << inc_s << ": " << all_hits << " of " << all_pondered << " = "
            << 100 * all_hits / all_pondered << "%\n";
  std::cout << "[ benchmark ] alice (ponder on) against bob (ponder "
            << (bob_ponders ? "on" : "off") << "): " << alice_score << " of " << games << "\n";
}

}  // namespace
}  // namespace paxbot_test
