// SPDX-License-Identifier: GPL-3.0-or-later
#include "demo/command.h"

#include <csignal>
#include <filesystem>
#include <optional>
#include <thread>

#include "cli/args.h"
#include "demo/client.h"
#include "demo/daemons.h"
#include "demo/printer.h"
#include "server/local_server.h"
#include "server/stream_client.h"
#include "server/web_files.h"

namespace demo {
namespace {

using cli::OptionSpec;
using json = nlohmann::json;
using namespace std::chrono_literals;

const std::vector<OptionSpec> kOptions = {
    {"--players", "daemon|builtin",
     "who plays: two `paxbot run` daemons, or a minimal in-process client\n"
     "                             (default: daemon when run as the paxbot binary)"},
    {"--paxbot", "PATH", "the paxbot binary for --players daemon (default: this program)"},
    {"--movetime", "MS", "engine think time per move (default 100)"},
    {"--draw-after", "PLIES", "builtin players offer draws from this ply on (default 300)"},
    {"--seed", "N", "seed for the server's ids, colours and Chess960 starts"},
    {"--watch", "", "keep the server (and its web pages) up after the games, until Ctrl-C"},
};

struct DemoGame {
  std::string title;
  std::string form;
};

const DemoGame kGames[] = {
    {"Pacifist from a random Chess960 start",
     "variant=pacifist&chess960=true&clock.limit=300&clock.increment=3&color=white"},
    {"standard chess", "variant=standard&clock.limit=300&clock.increment=3&color=white"},
};

const std::string kWhite = "paxbot", kBlack = "sparring";
const std::string kWhiteToken = "demo_token_paxbot", kBlackToken = "demo_token_sparring";

struct Settings {
  bool daemons = false;
  std::string paxbot;
  int movetime_ms = 100;
  int draw_after = 300;
  std::uint64_t seed = 0;
};

// Polls `done` every 50 ms until it holds or the timeout passes.
template <typename F>
bool wait_for(F done, std::chrono::milliseconds timeout) {
  const auto end = std::chrono::steady_clock::now() + timeout;
  while (!done()) {
    if (std::chrono::steady_clock::now() >= end) return false;
    std::this_thread::sleep_for(50ms);
  }
  return true;
}

// Follows a game on White's game stream (its own User-Agent, so the daemon's stream
// stays) and feeds the printer until the game is over. Reconnects if the stream drops.
bool watch_game(int port, const std::string& id, DemoPrinter& printer,
                std::chrono::milliseconds timeout) {
  const auto end = std::chrono::steady_clock::now() + timeout;
  while (std::chrono::steady_clock::now() < end) {
    server::StreamClient stream("127.0.0.1", port, "/api/bot/game/stream/" + id, kWhiteToken,
                                "paxbot-demo-observer/1.0");
    while (std::chrono::steady_clock::now() < end) {
      server::StreamClient::Next next = stream.next(500ms);
      if (next.kind == server::StreamClient::Next::Kind::kEnded) break;
      if (next.kind != server::StreamClient::Next::Kind::kLine || next.line.empty()) continue;
      json line = json::parse(next.line, nullptr, false);
      if (line.is_object()) printer.on_line(id, line);
      if (printer.wait_done(id, 0ms)) return true;
    }
    if (printer.wait_done(id, 0ms)) return true;
    std::this_thread::sleep_for(200ms);
  }
  return false;
}

// Plays the demo games with two `paxbot run` daemons; returns the number of failures, or
// nothing when the daemons could not be started (the caller falls back to builtin players).
std::optional<int> play_with_daemons(server::LocalServer& local, const Settings& s,
                                     DemoPrinter& printer,
                                     std::vector<std::pair<std::string, std::string>>& results,
                                     std::ostream& err) {
  auto daemons = DemoDaemons::start(s.paxbot, local.base_url(),
                                    {{kWhite, kWhiteToken}, {kBlack, kBlackToken}}, s.movetime_ms);
  if (!daemons) {
    err << "paxbot demo: " << daemons.error() << "\n";
    return std::nullopt;
  }
  auto both_online = [&] {
    auto status = local.state().users_status(kWhite + "," + kBlack, false);
    return status && status->size() == 2 && (*status)[0].value("online", false) &&
           (*status)[1].value("online", false);
  };
  wait_for([&] { return both_online() || !(*daemons)->running(); }, 30s);
  const bool online = both_online() && (*daemons)->running();
  if (!online) {
    err << "paxbot demo: the daemons did not come online\n" << (*daemons)->log_tails(15);
    return std::nullopt;
  }
  int failures = 0;
  const auto game_timeout = std::chrono::milliseconds(2000LL * (s.movetime_ms + 100)) + 600s;
  for (const DemoGame& game : kGames) {
    auto id =
        DemoPlayer::create_challenge("127.0.0.1", local.port(), kWhiteToken, kBlack, game.form);
    std::string status;
    const bool answered = id && wait_for(
                                    [&] {
                                      auto c = local.state().show_challenge(*id);
                                      status = c ? (*c)["status"].get<std::string>() : "gone";
                                      return status != "created";
                                    },
                                    30s);
    if (!id || !answered || status != "accepted") {
      err << "paxbot demo: " << (id ? "challenge " + *id + " " + status : id.error()) << "\n"
          << (*daemons)->log_tails(15);
      ++failures;
      continue;
    }
    if (!watch_game(local.port(), *id, printer, game_timeout)) {
      err << "paxbot demo: game " << *id << " did not finish in time\n"
          << (*daemons)->log_tails(15);
      ++failures;
      continue;
    }
    results.emplace_back(game.title, printer.summary(*id) + ", " + local.base_url() + "/" + *id);
  }
  return failures;
}

// Plays the demo games with two in-process clients; returns the number of failures.
int play_builtin(server::LocalServer& local, const Settings& s, DemoPrinter& printer,
                 std::vector<std::pair<std::string, std::string>>& results, std::ostream& err) {
  auto make_player = [&](const std::string& name, const std::string& token) {
    DemoPlayerOptions o;
    o.port = local.port();
    o.username = name;
    o.token = token;
    o.movetime_ms = s.movetime_ms;
    o.draw_after_plies = s.draw_after;
    return std::make_unique<DemoPlayer>(o);
  };
  auto first = make_player(kWhite, kWhiteToken);
  auto second = make_player(kBlack, kBlackToken);
  first->set_observer(
      [&printer](const std::string& id, const json& line) { printer.on_line(id, line); });
  for (DemoPlayer* p : {first.get(), second.get()}) {
    if (auto started = p->start(); !started) {
      err << "paxbot demo: " << started.error() << "\n";
      return 1;
    }
  }
  const auto game_timeout =
      std::chrono::milliseconds(s.draw_after * (s.movetime_ms + 50) * 2) + 120s;
  int failures = 0;
  for (const DemoGame& game : kGames) {
    auto id = first->challenge(kBlack, game.form);
    if (!id) {
      err << "paxbot demo: " << id.error() << "\n";
      ++failures;
      continue;
    }
    if (!first->wait_finished(*id, game_timeout) || !printer.wait_done(*id, 10s)) {
      err << "paxbot demo: game " << *id << " (" << game.title << ") did not finish in time\n";
      ++failures;
      continue;
    }
    results.emplace_back(game.title, printer.summary(*id) + ", " + local.base_url() + "/" + *id);
  }
  first->stop();
  second->stop();
  for (DemoPlayer* p : {first.get(), second.get()})
    for (const std::string& e : p->errors()) err << "paxbot demo: " << e << "\n";
  return failures;
}

}  // namespace

int demo_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  const std::string usage = cli::usage_text(
      "demo", "[--players daemon|builtin] [--movetime MS] [--seed N] [--watch]",
      "Starts the local server on a free loopback port and lets two bots play it over\n"
      "the Bot API: a Pacifist game from a random Chess960 start, then a standard game.",
      kOptions);
  auto parsed = cli::parse_args(args, kOptions);
  if (!parsed) {
    err << "paxbot demo: " << parsed.error() << "\n" << usage;
    return 2;
  }
  if (parsed->has("--help")) {
    out << usage;
    return 0;
  }
  auto number = [&](const std::string& name, long long fallback, long long min,
                    long long max) -> std::expected<long long, std::string> {
    auto text = parsed->value(name);
    return text ? cli::parse_integer(*text, name, min, max) : fallback;
  };
  auto movetime = number("--movetime", 100, 10, 10000);
  auto draw_after = number("--draw-after", 300, 2, 10000);
  auto seed = number("--seed", 0, 0, 1LL << 62);
  for (const auto* value : {&movetime, &draw_after, &seed}) {
    if (!*value) {
      err << "paxbot demo: " << value->error() << "\n";
      return 2;
    }
  }
  Settings s;
  s.movetime_ms = int(*movetime);
  s.draw_after = int(*draw_after);
  s.seed = std::uint64_t(*seed);
  s.paxbot = parsed->value("--paxbot").value_or(base::self_executable());
  const std::string players =
      parsed->value("--players")
          .value_or(std::filesystem::path(s.paxbot).filename() == "paxbot" ? "daemon" : "builtin");
  if (players != "daemon" && players != "builtin") {
    err << "paxbot demo: --players must be daemon or builtin\n";
    return 2;
  }
  s.daemons = players == "daemon";

  server::Accounts accounts;
  for (const std::string& spec :
       {kWhite + ":" + kWhiteToken + ":bot", kBlack + ":" + kBlackToken + ":bot"})
    (void)accounts.add(*server::parse_account_spec(spec));
  server::ServerOptions options;
  options.keepalive = 2000ms;
  options.tick = 50ms;
  options.threads = 32;
  options.state.seed = s.seed;
  options.web_files = server::find_web_files(base::self_executable());
  // --watch waits for SIGINT/SIGTERM at the end: block them before any thread starts
  // (the daemons' child processes unblock them again).
  const bool watch = parsed->has("--watch");
  sigset_t stop_signals;
  sigemptyset(&stop_signals);
  sigaddset(&stop_signals, SIGINT);
  sigaddset(&stop_signals, SIGTERM);
  if (watch) pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);
  base::SystemClock clock;
  server::LocalServer local(std::move(accounts), options, clock);
  auto port = local.start();
  if (!port) {
    err << "paxbot demo: " << port.error() << "\n";
    return 1;
  }
  out << "paxbot demo: server on " << local.base_url() << "; " << kWhite << " and " << kBlack
      << " play over the Bot API as "
      << (s.daemons ? "two `paxbot run` daemons" : "two in-process clients") << " (engine, "
      << s.movetime_ms << " ms per move)\n";
  if (options.web_files.dir.empty())
    out << "paxbot demo: " << server::missing_web_files_message(options.web_files) << "\n";
  else
    out << "paxbot demo: watch in a browser at " << local.base_url() << "/\n";

  DemoPrinter printer(out);
  std::vector<std::pair<std::string, std::string>> results;
  std::optional<int> failures;
  if (s.daemons) failures = play_with_daemons(local, s, printer, results, err);
  if (!failures) {
    if (s.daemons) out << "paxbot demo: falling back to the in-process players\n";
    failures = play_builtin(local, s, printer, results, err);
  }
  out << "\nsummary:\n";
  for (const auto& [title, summary] : results) out << "  " << title << ": " << summary << "\n";
  if (watch) {
    out << "paxbot demo: the server stays up at " << local.base_url() << "/ until Ctrl-C"
        << std::endl;
    int signal = 0;
    sigwait(&stop_signals, &signal);
  }
  local.stop();
  return *failures == 0 ? 0 : 1;
}

}  // namespace demo
