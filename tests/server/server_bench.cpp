// SPDX-License-Identifier: GPL-3.0-or-later
// server_bench: N concurrent games between scripted clients on loopback.
// The server runs in a child process (so its peak RSS is its own); the parent
// runs two player threads per game, each with its own game stream and HTTP
// connection, playing random legal moves. Reports moves per second (validated
// by the server and streamed to both players), the latency from a move POST to
// the opponent receiving the gameState, and the server's peak RSS.
//
// usage: server_bench [--games N] [--variant standard|pacifist|mixed] [--max-plies P]
//                     [--seed S] [--think-ms MS]
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <random>
#include <sstream>
#include <thread>

#include "engine/fen.h"
#include "engine/movegen.h"
#include "engine/notation.h"
#include "tests/server/test_client.h"

using namespace server;
using namespace server::testing;
using Steady = std::chrono::steady_clock;

namespace {

struct Config {
  int games = 50;
  std::string variant = "mixed";
  int max_plies = 200;
  unsigned seed = 1;
  int think_ms = 0;  // pause before each move: measures latency below saturation
};

struct BenchGame {
  std::string id;
  std::vector<std::int64_t> posted_ns, received_ns;  // by ply
  int plies = 0;
  std::string status;
  std::string error;
};

std::int64_t now_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(Steady::now().time_since_epoch())
      .count();
}

std::vector<std::string> words(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

long status_kib(pid_t pid, const std::string& key) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/status");
  for (std::string line; std::getline(in, line);)
    if (line.starts_with(key + ":")) return std::stol(line.substr(key.size() + 1));
  return -1;
}

// One side of a game: random legal moves, resign at max_plies.
void play(int port, const std::string& token, BenchGame& game, int max_plies, unsigned seed,
          int think_ms) {
  StreamClient stream("127.0.0.1", port, "/api/bot/game/stream/" + game.id, token, "bench");
  httplib::Client http("127.0.0.1", port);
  http.set_default_headers({{"Authorization", "Bearer " + token}});
  http.set_keep_alive(true);
  http.set_tcp_nodelay(true);
  std::mt19937 rng(seed);
  json full = next_json(stream, 10s);
  if (full.is_null()) {
    game.error = "no gameFull";
    return;
  }
  const std::string me = token.substr(0, token.find('_'));
  const engine::Color color = full["white"]["id"] == me ? engine::White : engine::Black;
  const std::string key = full["variant"]["key"];
  auto pos =
      engine::parse_fen(std::string(full["initialFen"]),
                        key == "pacifist" ? engine::Variant::Pacifist : engine::Variant::Standard);
  std::size_t applied = 0;
  json state = full["state"];
  while (state.value("status", "") == "started") {
    const std::vector<std::string> moves = words(state["moves"]);
    for (; applied < moves.size(); ++applied) {
      auto m = engine::parse_uci_move(*pos, moves[applied]);
      if (!m) {
        game.error = "unreadable move " + moves[applied];
        return;
      }
      engine::UndoRecord undo;
      pos->make_move(*m, undo);
    }
    const int ply = int(moves.size());
    if (ply > 0 && pos->side_to_move() == color && ply - 1 < int(game.received_ns.size()))
      game.received_ns[ply - 1] = now_ns();  // the opponent's move just arrived
    if (pos->side_to_move() == color) {
      if (think_ms > 0) std::this_thread::sleep_for(std::chrono::milliseconds(think_ms));
      std::string path;
      if (ply >= max_plies) {
        path = "/api/bot/game/" + game.id + "/resign";
      } else {
        engine::MoveList legal = engine::legal_moves(*pos);
        if (legal.empty()) {
          game.error = "no legal move in a started game";
          return;
        }
        path = "/api/bot/game/" + game.id + "/move/" +
               engine::move_to_uci(*pos, legal[rng() % legal.size()]);
        game.posted_ns[ply] = now_ns();
      }
      auto res = http.Post(path);
      if (!res || res->status != 200) {
        game.error = path + " -> " + (res ? res->body : "no answer");
        return;
      }
    }
    state = next_of_type(stream, "gameState", 30s);
    if (state.is_null()) {
      game.error = "stream stalled";
      return;
    }
  }
  game.status = state.value("status", "");
  game.plies = int(words(state.value("moves", "")).size());
}

}  // namespace

int main(int argc, char** argv) {
  Config config;
  for (int i = 1; i + 1 < argc; i += 2) {
    std::string name = argv[i], value = argv[i + 1];
    if (name == "--games")
      config.games = std::stoi(value);
    else if (name == "--variant")
      config.variant = value;
    else if (name == "--max-plies")
      config.max_plies = std::stoi(value);
    else if (name == "--seed")
      config.seed = unsigned(std::stoul(value));
    else if (name == "--think-ms")
      config.think_ms = std::stoi(value);
    else {
      std::cerr << "usage: server_bench [--games N] [--variant standard|pacifist|mixed] "
                   "[--max-plies P] [--seed S] [--think-ms MS]\n";
      return 2;
    }
  }
  std::string accounts;
  for (int i = 0; i < 2 * config.games; ++i)
    accounts += "b" + std::to_string(i) + ":b" + std::to_string(i) + "_token:bot\n";

  int to_parent[2], to_child[2];
  if (pipe(to_parent) != 0 || pipe(to_child) != 0) return 1;
  const pid_t child = fork();
  if (child == 0) {  // the server
    close(to_parent[0]);
    close(to_child[1]);
    ServerOptions options;
    options.threads = 8 * config.games + 64;
    options.tick = std::chrono::milliseconds(100);
    options.state.seed = config.seed;
    base::SystemClock clock;
    LocalServer local(*Accounts::parse(accounts, "bench"), options, clock);
    auto port = local.start();
    int p = port ? *port : -1;
    (void)!write(to_parent[1], &p, sizeof p);
    char c;
    while (read(to_child[0], &c, 1) > 0) {
    }
    local.stop();
    _exit(0);
  }
  close(to_parent[1]);
  close(to_child[0]);
  int port = -1;
  if (read(to_parent[0], &port, sizeof port) != sizeof port || port <= 0) {
    std::cerr << "server_bench: the server did not start\n";
    return 1;
  }
  const long rss_idle = status_kib(child, "VmRSS");

  std::vector<BenchGame> games(config.games);
  for (int g = 0; g < config.games; ++g) {
    Api white(port, "b" + std::to_string(2 * g) + "_token");
    Api black(port, "b" + std::to_string(2 * g + 1) + "_token");
    const bool pacifist = config.variant == "pacifist" || (config.variant == "mixed" && g % 2 == 1);
    std::string error;
    games[g].id = start_game(white, black, "b" + std::to_string(2 * g + 1),
                             std::string("color=white&clock.limit=600&clock.increment=5") +
                                 (pacifist ? "&variant=pacifist" : ""),
                             &error);
    if (games[g].id.empty()) {
      std::cerr << "server_bench: " << error << "\n";
      return 1;
    }
    games[g].posted_ns.assign(config.max_plies + 1, 0);
    games[g].received_ns.assign(config.max_plies + 1, 0);
  }

  const auto start = Steady::now();
  std::vector<std::thread> players;
  for (int g = 0; g < config.games; ++g) {
    for (int side = 0; side < 2; ++side) {
      players.emplace_back([&, g, side] {
        play(port, "b" + std::to_string(2 * g + side) + "_token", games[g], config.max_plies,
             config.seed * 1000 + unsigned(2 * g + side), config.think_ms);
      });
    }
  }
  for (auto& t : players) t.join();
  const double seconds = std::chrono::duration<double>(Steady::now() - start).count();
  const long rss_peak = status_kib(child, "VmHWM");
  const long threads = status_kib(child, "Threads");

  std::vector<double> latencies_ms;
  long moves = 0;
  int failures = 0;
  std::map<std::string, int> endings;
  for (const BenchGame& g : games) {
    if (!g.error.empty()) {
      ++failures;
      std::cerr << "game " << g.id << ": " << g.error << "\n";
    }
    moves += g.plies;
    ++endings[g.status];
    for (int p = 0; p < g.plies && p < int(g.posted_ns.size()); ++p)
      if (g.posted_ns[p] && g.received_ns[p])
        latencies_ms.push_back(double(g.received_ns[p] - g.posted_ns[p]) / 1e6);
  }
  std::sort(latencies_ms.begin(), latencies_ms.end());
  auto pct = [&](double q) {
    return latencies_ms.empty() ? 0.0 : latencies_ms[std::size_t(q * (latencies_ms.size() - 1))];
  };
  close(to_child[1]);
  waitpid(child, nullptr, 0);

  std::printf("server_bench: %d concurrent games (%s, think %d ms), %ld moves in %.2f s\n",
              config.games, config.variant.c_str(), config.think_ms, moves, seconds);
  std::printf("  moves/second validated and streamed: %.0f\n", double(moves) / seconds);
  std::printf(
      "  move POST -> opponent gameState: p50 %.2f ms, p99 %.2f ms, max %.2f ms (%zu samples)\n",
      pct(0.5), pct(0.99), latencies_ms.empty() ? 0.0 : latencies_ms.back(), latencies_ms.size());
  std::printf("  server RSS: %.1f MiB idle, %.1f MiB peak (VmHWM); %ld threads\n",
              rss_idle / 1024.0, rss_peak / 1024.0, threads);
  std::printf("  endings:");
  for (const auto& [status, n] : endings) std::printf(" %s=%d", status.c_str(), n);
  std::printf("\n");
  return failures == 0 ? 0 : 1;
}
