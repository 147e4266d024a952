// SPDX-License-Identifier: GPL-3.0-or-later
// GET /metrics on the status pages of two `paxbot run` daemons: the values move as a game
// is played, a stream drops and a request is rate limited; the page passes
// `promtool check metrics`. Chat commands (!ping, !pv) answered in a real game.
#include <gtest/gtest.h>
#include <signal.h>

#include <cstdlib>
#include <optional>
#include <regex>
#include <thread>
#include <utility>

#include "daemon/http/curl_http_client.h"
#include "tests/integration/arena.h"
#include "tests/support/run_command.h"

namespace paxbot_test {
namespace {

using namespace std::chrono_literals;

struct Daemon {
  ChildProcess process;
  std::string url;
};

Daemon start_with_page(Arena& arena, const std::string& name) {
  const int port = free_port();
  ChildProcess p = arena.start_bot(name, [&](config::Config& c) {
    c.status_http.enabled = true;
    c.status_http.listen = "127.0.0.1:" + std::to_string(port);
  });
  return {std::move(p), "http://127.0.0.1:" + std::to_string(port)};
}

std::string scrape(const std::string& url) {
  bot::CurlHttpClient http({.base_url = url, .token = "", .user_name = "test"});
  bot::HttpResult r = http.request(bot::HttpRequest::get("/metrics"));
  return r.status == 200 ? r.body : "";
}

// The value of the sample `series` (name with its labels, as written), if present.
std::optional<double> value_of(const std::string& page, const std::string& series) {
  const std::string key = "\n" + series + " ";
  const auto at = page.find(key);
  if (at == std::string::npos) return std::nullopt;
  return std::strtod(page.c_str() + at + key.size(), nullptr);
}

double value_or_zero(const std::string& page, const std::string& series) {
  return value_of(page, series).value_or(0);
}

bool wait_ready(Arena& arena, const std::string& name) {
  return wait_until([&] { return arena.log_of(name).find("status page on") != std::string::npos; },
                    15s);
}

TEST(MetricsPage, ValuesMoveThroughAGameAStreamDropAndA429) {
  Arena arena({"--test-hooks"});
  // alice's first look at her ongoing games is rate limited (bob starts after it).
  arena.add_hook({{"action", "status"},
                  {"path", "/api/account/playing"},
                  {"code", 429},
                  {"seconds", 1},
                  {"times", 1}});
  Daemon alice = start_with_page(arena, "alice");
  ASSERT_TRUE(wait_ready(arena, "alice")) << arena.log_of("alice");
  ASSERT_TRUE(wait_until(
      [&] { return arena.log_of("alice").find("cannot list ongoing games") != std::string::npos; },
      15s))
      << arena.log_of("alice");
  Daemon bob = start_with_page(arena, "bob");
  ASSERT_TRUE(wait_ready(arena, "bob")) << arena.log_of("bob");

  const std::string idle = scrape(alice.url);
  ASSERT_FALSE(idle.empty());
  EXPECT_EQ(value_of(idle, "paxbot_moves_sent_total"), 0) << idle;
  EXPECT_EQ(value_of(idle, R"(paxbot_http_requests_total{endpoint="playing",status="429"})"), 1)
      << idle;
  EXPECT_EQ(value_of(idle, R"(paxbot_cooldowns_started_total{key="playing"})"), 1) << idle;
  EXPECT_GT(value_or_zero(idle, "process_resident_memory_bytes"), 1e6) << idle;

  // Each daemon's game stream is cut once after six lines; each drop is one reconnect.
  arena.add_hook(
      {{"action", "drop"}, {"path", "/api/bot/game/stream/"}, {"after", 6}, {"times", 2}});
  const std::string id = arena.challenge("bob", "alice", "standard", 60, 1);
  ASSERT_FALSE(id.empty());
  std::string playing;
  ASSERT_TRUE(wait_until(
      [&] {
        playing = scrape(alice.url);
        return value_or_zero(playing, "paxbot_moves_sent_total") >= 8;
      },
      60s, 200ms))
      << playing << arena.log_of("alice");
  EXPECT_EQ(value_of(playing, R"(paxbot_games_in_progress{variant="standard"})"), 1) << playing;

  ASSERT_TRUE(arena.client("bob").resign(id).has_value());
  ASSERT_TRUE(arena.wait_for_end(id, 30s));
  std::string after, bob_after;
  ASSERT_TRUE(wait_until(
      [&] {
        after = scrape(alice.url);
        bob_after = scrape(bob.url);
        return value_of(after, R"(paxbot_games_finished_total{variant="standard",result="win"})") ==
                   1 &&
               value_of(bob_after,
                        R"(paxbot_games_finished_total{variant="standard",result="loss"})") == 1 &&
               after.find("paxbot_games_in_progress{") == std::string::npos;
      },
      20s, 200ms))
      << after << bob_after;

  const double moves = value_or_zero(after, "paxbot_moves_sent_total");
  EXPECT_GE(moves, 8);
  EXPECT_EQ(value_of(after, "paxbot_move_latency_seconds_count"), moves);
  EXPECT_EQ(value_of(after, R"(paxbot_move_latency_seconds_bucket{le="+Inf"})"), moves);
  EXPECT_GT(value_or_zero(after, "paxbot_move_latency_seconds_sum"), 0);
  EXPECT_EQ(value_of(after, R"(paxbot_http_requests_total{endpoint="move",status="200"})"), moves);
  EXPECT_GT(value_or_zero(after, "paxbot_engine_nodes_total"), moves);
  EXPECT_GT(value_or_zero(after, "paxbot_engine_search_seconds_total"), 0);
  EXPECT_GT(value_or_zero(after, "paxbot_engine_nodes_per_second"), 0);
  EXPECT_EQ(value_or_zero(after, R"(paxbot_stream_reconnects_total{stream="game"})") +
                value_or_zero(bob_after, R"(paxbot_stream_reconnects_total{stream="game"})"),
            2)
      << after << bob_after;
  EXPECT_EQ(value_of(after, R"(paxbot_stream_reconnects_total{stream="event"})"), std::nullopt);

  alice.process.signal(SIGTERM);
  bob.process.signal(SIGTERM);
  EXPECT_EQ(alice.process.wait(20s), 0) << arena.log_of("alice");
  EXPECT_EQ(bob.process.wait(20s), 0) << arena.log_of("bob");
}

TEST(MetricsPage, PassesPromtoolCheckMetrics) {
  if (std::system("command -v promtool >/dev/null 2>&1") != 0) {
    if (std::getenv("CI")) FAIL() << "promtool is missing in CI (Debian package prometheus)";
    GTEST_SKIP() << "promtool is not installed (apt-get install prometheus); "
                    "the /metrics page was not checked";
  }
  Arena arena;
  Daemon alice = start_with_page(arena, "alice");
  ChildProcess bob = arena.start_bot("bob");
  ASSERT_TRUE(wait_ready(arena, "alice")) << arena.log_of("alice");
  ASSERT_TRUE(wait_until(
      [&] { return arena.log_of("bob").find("playing as bob") != std::string::npos; }, 15s));
  const std::string id = arena.challenge("bob", "alice", "chess960", 60, 1);
  std::string page;
  ASSERT_TRUE(wait_until(
      [&] {
        page = scrape(alice.url);
        return value_or_zero(page, "paxbot_moves_sent_total") >= 2;
      },
      30s, 200ms))
      << arena.log_of("alice");
  arena.dir().write("metrics.txt", page);
  auto checked = run_command("promtool check metrics < " + arena.dir().file("metrics.txt"));
  EXPECT_EQ(checked.exit_code, 0) << checked.out << checked.err << "\n" << page;
  EXPECT_EQ(checked.out + checked.err, "") << page;  // no lint warnings either
}

// Opens the player's own game stream, calls `opened` on its first line (chat lines are not
// replayed, so what is said must wait for the stream), and collects the chat lines until
// `done` says so or 30 s pass.
std::vector<nlohmann::json> chat_lines_until(
    bot::LichessClient& client, const std::string& id, const std::function<void()>& opened,
    const std::function<bool(const std::vector<nlohmann::json>&)>& done) {
  bool first = true;
  std::vector<nlohmann::json> lines;
  bot::StreamControl control;
  control.silence_limit = 20s;
  std::stop_source stop;
  std::thread timer([&] {
    for (int i = 0; i < 300 && !stop.stop_requested(); ++i) std::this_thread::sleep_for(100ms);
    stop.request_stop();
  });
  control.stop = stop.get_token();
  client.stream_game(
      id,
      [&](const bot::GameStreamEvent& event) {
        if (std::exchange(first, false)) opened();
        if (const auto* line = std::get_if<bot::ChatLineEvent>(&event))
          lines.push_back({{"room", line->room}, {"user", line->username}, {"text", line->text}});
        return done(lines) ? bot::StreamAction::kStop : bot::StreamAction::kContinue;
      },
      control);
  stop.request_stop();
  timer.join();
  return lines;
}

TEST(ChatCommandsInAGame, PingAndPvAreAnswered) {
  Arena arena;
  ChildProcess alice = arena.start_bot("alice");
  ChildProcess bob = arena.start_bot("bob");
  ASSERT_TRUE(wait_until(
      [&] { return arena.log_of("alice").find("playing as alice") != std::string::npos; }, 15s));
  ASSERT_TRUE(wait_until(
      [&] { return arena.log_of("bob").find("playing as bob") != std::string::npos; }, 15s));
  const std::string id = arena.challenge("bob", "alice", "standard", 120, 2);
  ASSERT_TRUE(wait_until([&] { return arena.outcome(id).plies >= 6; }, 30s));
  bot::LichessClient& client = arena.client("bob");
  const auto ask = [&] {
    EXPECT_TRUE(client.post_chat(id, bot::ChatRoom::kPlayer, "!ping").has_value());
    EXPECT_TRUE(client.post_chat(id, bot::ChatRoom::kSpectator, "!pv").has_value());
  };
  const auto from_alice = [](const std::vector<nlohmann::json>& lines, const std::string& room,
                             const std::string& prefix) {
    for (const auto& l : lines)
      if (l["user"] == "alice" && l["room"] == room &&
          l["text"].get<std::string>().starts_with(prefix))
        return l["text"].get<std::string>();
    return std::string();
  };
  const auto lines = chat_lines_until(client, id, ask, [&](const auto& seen) {
    return !from_alice(seen, "player", "pong").empty() &&
           !from_alice(seen, "spectator", "My line: ").empty();
  });
  EXPECT_EQ(from_alice(lines, "player", "pong"), "pong");
  const std::string pv = from_alice(lines, "spectator", "My line: ");
  // A numbered SAN line from the current move on, e.g. "My line: 4. Nf3 Nc6 5. d4".
  EXPECT_TRUE(std::regex_search(pv, std::regex(R"(^My line: \d+\.(\.\.)? [A-Za-z])"))) << pv;
  ASSERT_TRUE(client.resign(id).has_value());
}

}  // namespace
}  // namespace paxbot_test
