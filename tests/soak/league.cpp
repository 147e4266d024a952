// SPDX-License-Identifier: GPL-3.0-or-later
#include "tests/soak/league.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <sstream>

namespace paxbot_test {
namespace {

using namespace std::chrono_literals;
using nlohmann::json;

struct TimeControl {
  int limit_s, increment_s;
};
// Two bullet and two blitz clocks.
constexpr std::array<TimeControl, 4> kTimeControls = {{{60, 0}, {120, 1}, {180, 0}, {180, 2}}};
constexpr std::array<const char*, 4> kVariants = {"standard", "chess960", "fromPosition",
                                                  "pacifist"};
constexpr std::array<const char*, 2> kStartFens = {
    "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
    "rnbqkb1r/pp2pppp/3p1n2/8/3NP3/8/PPP2PPP/RNBQKB1R w KQkq - 1 5"};

constexpr const char* kGameStreamPath = "/api/bot/game/stream/";

// Ends that a game between two healthy daemons must never have.
bool bad_end(const std::string& status) {
  return status == "aborted" || status == "noStart" || status == "outoftime" || status == "timeout";
}

std::chrono::seconds deadline_of(const LeagueGame& g) {
  return std::chrono::seconds(2 * g.limit_s + 300 * g.increment_s + 180);
}

}  // namespace

std::string League::game_log(const LeagueGame& g) const {
  std::string out;
  for (const std::string& name : {g.challenger, g.dest}) {
    std::istringstream log(arena_.log_of(name));
    for (std::string line; std::getline(log, line);)
      if (line.find(g.id) != std::string::npos) out += name + ": " + line + "\n";
  }
  return out;
}

League::League(Arena& arena, std::vector<std::string> bots, int concurrency, Adjust adjust)
    : arena_(arena), bots_(std::move(bots)), concurrency_(concurrency), adjust_(std::move(adjust)) {
  for (const std::string& name : bots_) {
    status_ports_[name] = free_port();
    busy_[name] = 0;
    start(name);
  }
}

std::string League::pgn_dir(const std::string& name) const {
  return arena_.dir().file("pgn-" + name);
}

void League::start(const std::string& name) {
  const std::size_t logged = arena_.log_of(name).size();
  daemons_[name] = arena_.start_bot(name, [&](config::Config& c) {
    c.challenge.concurrency = concurrency_;
    c.challenge.queue = false;
    c.engine.max_think_ms = 40;
    c.status_http.enabled = true;
    c.status_http.listen = "127.0.0.1:" + std::to_string(status_port(name));
    c.pgn.directory = pgn_dir(name);
    if (adjust_) adjust_(name, c);
    bot_games_per_day_ = std::min(bot_games_per_day_, c.challenge.bot_games_per_day);
  });
  const bool up = wait_until(
      [&] {
        const std::string log = arena_.log_of(name);
        return log.size() > logged && log.find("playing as " + name, logged) != std::string::npos;
      },
      30s);
  EXPECT_TRUE(up) << name << " did not start:\n" << arena_.log_of(name).substr(logged);
}

int League::challenged(const std::string& name) const {
  return int(std::count_if(games_.begin(), games_.end(),
                           [&](const LeagueGame& g) { return g.dest == name; }));
}

int League::running() const {
  return int(std::count_if(games_.begin(), games_.end(),
                           [](const LeagueGame& g) { return g.outcome.status.empty(); }));
}

void League::step(int target) {
  while (started() < target) {
    const std::optional<std::pair<std::string, std::string>> pair = next_pair();
    if (!pair) break;
    const auto& [a, b] = *pair;
    LeagueGame g;
    g.challenger = a;
    g.dest = b;
    // A Latin square: any four games in a row play every variant and every clock, sixteen
    // every pair of them.
    const std::size_t i = games_.size();
    const TimeControl tc = kTimeControls[(i + i / kVariants.size()) % kTimeControls.size()];
    g.limit_s = tc.limit_s;
    g.increment_s = tc.increment_s;
    g.variant = kVariants[games_.size() % kVariants.size()];
    const std::string fen =
        g.variant == "fromPosition" ? kStartFens[games_.size() % kStartFens.size()] : "";
    g.id = arena_.challenge(a, b, g.variant, g.limit_s, g.increment_s, fen);
    g.created = std::chrono::steady_clock::now();
    if (g.id.empty()) g.outcome.status = "challenge failed";
    ++busy_[a];
    ++busy_[b];
    games_.push_back(std::move(g));
  }
  const auto now = std::chrono::steady_clock::now();
  if (now - last_poll_ < 1s) return;
  last_poll_ = now;
  for (LeagueGame& g : games_) {
    if (!g.outcome.status.empty()) continue;
    g.outcome = arena_.outcome(g.id);
    if (g.outcome.status.empty() && g.outcome.variant.empty() && now - g.created > 2s)
      g.outcome.status = challenge_end(g);
    if (g.outcome.status.empty() && now - g.created > deadline_of(g))
      g.outcome.status = "no end after " + std::to_string(deadline_of(g).count()) + " s";
    if (g.outcome.status.empty()) continue;
    --busy_[g.challenger];
    --busy_[g.dest];
  }
}

std::pair<const std::string&, const std::string&> League::pair_of(std::size_t k) const {
  const std::size_t n = bots_.size();
  return {bots_[k / (n - 1)], bots_[(k / (n - 1) + 1 + k % (n - 1)) % n]};
}

std::optional<std::pair<std::string, std::string>> League::next_pair() {
  const std::size_t pairs = bots_.size() * (bots_.size() - 1);
  // Every ordered pair with room on both sides, in rotation order from where the last
  // search stopped; the destination sent the fewest challenges so far goes first.
  struct Candidate {
    std::size_t k;
    int sent;
  };
  std::vector<Candidate> candidates;
  for (std::size_t j = 0; j < pairs; ++j) {
    const std::size_t k = (next_pair_ + j) % pairs;
    const auto& [a, b] = pair_of(k);
    if (busy_[a] >= concurrency_ || busy_[b] >= concurrency_) continue;
    const int sent = challenged(b);
    if (sent >= bot_games_per_day_) continue;
    candidates.push_back({k, sent});
  }
  std::stable_sort(candidates.begin(), candidates.end(),
                   [](const Candidate& x, const Candidate& y) { return x.sent < y.sent; });
  for (const Candidate& c : candidates) {
    const auto& [a, b] = pair_of(c.k);
    // A daemon keeps a game's slot a moment after the server ended it (until its session
    // is done, or up to 5 s after gameFinish when its game stream went quiet); a challenge
    // then would be declined for no free slot.
    if (!free_slot(a) || !free_slot(b)) continue;
    next_pair_ = c.k + 1;
    return std::pair{a, b};
  }
  return std::nullopt;
}

bool League::finish(std::chrono::seconds timeout) {
  return wait_until(
      [&] {
        step(started());
        return running() == 0;
      },
      timeout, 250ms);
}

json League::status_page(const std::string& name) {
  bot::CurlHttpClient page({.base_url = "http://127.0.0.1:" + std::to_string(status_port(name)),
                            .token = "",
                            .user_name = ""});
  auto r = page.request(bot::HttpRequest::get("/status"));
  return r.ok() ? json::parse(r.body, nullptr, false) : json();
}

bool League::free_slot(const std::string& name) {
  const json page = status_page(name);
  if (!page.is_object() || !page["games"].is_array() || !page["starting"].is_array()) return false;
  return int(page["games"].size() + page["starting"].size()) < concurrency_;
}

std::string League::challenge_end(const LeagueGame& g) {
  const std::string status = arena_.challenge_status(g.challenger, g.id);
  return status == "declined" || status == "canceled" ? "challenge " + status : "";
}

int League::declined() const {
  return int(std::count_if(games_.begin(), games_.end(), [](const LeagueGame& g) {
    return g.outcome.status.starts_with("challenge ");
  }));
}

bool League::slots_released(std::chrono::seconds timeout) {
  return wait_until(
      [&] {
        for (const std::string& name : bots_) {
          json page = status_page(name);
          if (!page.is_object() || !page["games"].empty()) return false;
          bot::CurlHttpClient api(
              {.base_url = arena_.base_url(), .token = Arena::token(name), .user_name = name});
          auto r = api.request(bot::HttpRequest::get("/api/account/playing"));
          json playing = r.ok() ? json::parse(r.body, nullptr, false) : json();
          if (!playing.is_object() || !playing["nowPlaying"].empty()) return false;
        }
        return true;
      },
      timeout, 500ms);
}

std::string League::inject_fault(std::mt19937& rng, bool games_starting) {
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  json rule = {{"times", 1}};
  auto game_stream_fault_pending = [&] {
    const json pending = arena_.hooks();
    return std::any_of(pending.begin(), pending.end(),
                       [](const json& r) { return r.value("path", "") == kGameStreamPath; });
  };
  const int stream = games_starting && !game_stream_fault_pending() ? 1 : 0;
  // Weights: silence costs a 20 s watchdog wait on a bullet clock, so it is rarer. Kinds 1-3
  // are the game-stream faults.
  const std::array<int, 10> weights = {3, 3 * stream, 2 * stream, 1 * stream, 2, 2, 3, 2, 2, 1};
  std::discrete_distribution<int> kind(weights.begin(), weights.end());
  const int k = kind(rng);
  switch (k) {
    case 0:
      rule.update({{"action", "drop"}, {"path", "/api/stream/event"}, {"after", pick(1, 4)}});
      break;
    case 1:
      rule.update({{"action", "drop"}, {"path", kGameStreamPath}, {"after", pick(2, 40)}});
      break;
    case 2:
      rule.update({{"action", "malformed"}, {"path", kGameStreamPath}, {"after", pick(1, 30)}});
      break;
    case 3:
      rule.update({{"action", "silent"}, {"path", kGameStreamPath}, {"after", pick(2, 40)}});
      break;
    case 4:
    case 5:
      rule.update({{"action", "status"},
                   {"path", "/api/bot/game/"},
                   {"method", "POST"},
                   {"code", 429},
                   {"seconds", 1},
                   {"html", k == 5}});
      break;
    case 6:
      rule.update({{"action", "status"},
                   {"path", "/api/bot/game/"},
                   {"method", "POST"},
                   {"code", std::array{500, 502, 503}[pick(0, 2)]}});
      break;
    case 7:
      rule.update(
          {{"action", "status"}, {"path", "/api/stream/event"}, {"method", "GET"}, {"code", 503}});
      break;
    case 8:
      rule.update({{"action", "slow"}, {"path", "/api/bot/game/"}, {"ms", pick(200, 1500)}});
      break;
    default:
      rule.update({{"action", "slow"}, {"path", "/api/stream/event"}, {"ms", pick(500, 2000)}});
      break;
  }
  arena_.add_hook(rule);
  return rule.dump();
}

std::vector<std::string> League::problems(bool declines_allowed) const {
  std::vector<std::string> out;
  for (const LeagueGame& g : games_) {
    const GameOutcome& o = g.outcome;
    std::string what;
    if (o.status.starts_with("challenge ")) {
      if (!declines_allowed) what = o.status;
    } else if (o.status.empty())
      what = "still running";
    else if (bad_end(o.status) || o.plies == 0 || o.variant.empty())
      what = "ended " + o.status + " after " + std::to_string(o.plies) + " plies";
    else if (o.variant != g.variant)
      what = "variant " + o.variant;
    if (!what.empty())
      out.push_back(g.id + " (" + g.challenger + " v " + g.dest + ", " + g.variant + " " +
                    std::to_string(g.limit_s) + "+" + std::to_string(g.increment_s) + "): " + what +
                    "\n" + game_log(g));
  }
  return out;
}

}  // namespace paxbot_test
