#include "server/demo_command.h"

#include "engine/tools/args.h"
#include "server/demo_client.h"
#include "server/demo_printer.h"
#include "server/local_server.h"

namespace server {
namespace {

using engine::tools::OptionSpec;
using namespace std::chrono_literals;

const std::vector<OptionSpec> kOptions = {
    {"--movetime", "MS", "engine think time per move (default 100)"},
    {"--draw-after", "PLIES", "both bots offer draws from this ply on (default 300)"},
    {"--seed", "N", "seed for the server's ids, colours and Chess960 starts"},
};

struct DemoGame {
  std::string title;
  std::string form;
};

}  // namespace

int demo_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  const std::string usage = engine::tools::usage_text(
      "demo", "[--movetime MS] [--draw-after PLIES] [--seed N]",
      "Starts the local server on a free loopback port and lets two bots play it over\n"
      "the Bot API: a Pacifist game from a random Chess960 start, then a standard game.",
      kOptions);
  auto parsed = engine::tools::parse_args(args, kOptions);
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
    return text ? engine::tools::parse_integer(*text, name, min, max) : fallback;
  };
  auto movetime = number("--movetime", 100, 1, 10000);
  auto draw_after = number("--draw-after", 300, 2, 10000);
  auto seed = number("--seed", 0, 0, 1LL << 62);
  for (const auto* value : {&movetime, &draw_after, &seed}) {
    if (!*value) {
      err << "paxbot demo: " << value->error() << "\n";
      return 2;
    }
  }

  const std::string white = "paxbot", black = "sparring";
  Accounts accounts;
  for (const std::string& spec :
       {white + ":demo_token_paxbot:bot", black + ":demo_token_sparring:bot"})
    (void)accounts.add(*parse_account_spec(spec));
  ServerOptions options;
  options.keepalive = 2000ms;
  options.tick = 50ms;
  options.threads = 32;
  options.state.seed = std::uint64_t(*seed);
  SystemClock clock;
  LocalServer local(std::move(accounts), options, clock);
  auto port = local.start();
  if (!port) {
    err << "paxbot demo: " << port.error() << "\n";
    return 1;
  }
  out << "paxbot demo: server on " << local.base_url() << "; " << white << " and " << black
      << " play over the Bot API (engine, " << *movetime << " ms per move)\n";

  DemoPrinter printer(out);
  auto make_player = [&](const std::string& name, const std::string& token) {
    DemoPlayerOptions o;
    o.port = *port;
    o.username = name;
    o.token = token;
    o.movetime_ms = int(*movetime);
    o.draw_after_plies = int(*draw_after);
    return std::make_unique<DemoPlayer>(o);
  };
  auto first = make_player(white, "demo_token_paxbot");
  auto second = make_player(black, "demo_token_sparring");
  first->set_observer(
      [&printer](const std::string& id, const nlohmann::json& line) { printer.on_line(id, line); });
  for (DemoPlayer* p : {first.get(), second.get()}) {
    if (auto started = p->start(); !started) {
      err << "paxbot demo: " << started.error() << "\n";
      return 1;
    }
  }

  const DemoGame games[] = {
      {"Pacifist from a random Chess960 start",
       "variant=pacifist&chess960=true&clock.limit=300&clock.increment=3&color=white"},
      {"standard chess", "variant=standard&clock.limit=300&clock.increment=3&color=white"},
  };
  // Generous: every ply up to the draw offers at full think time, plus slack.
  const auto game_timeout = std::chrono::milliseconds(*draw_after * (*movetime + 50) * 2) + 120s;
  int failures = 0;
  std::vector<std::pair<std::string, std::string>> results;
  for (const DemoGame& game : games) {
    auto id = first->challenge(black, game.form);
    if (!id) {
      err << "paxbot demo: " << id.error() << "\n";
      ++failures;
      continue;
    }
    auto finished = first->wait_finished(*id, game_timeout);
    if (!finished || !printer.wait_done(*id, 10s)) {
      err << "paxbot demo: game " << *id << " (" << game.title << ") did not finish in time\n";
      ++failures;
      continue;
    }
    std::string summary =
        printer.result(*id) + " (" + (*finished)["status"]["name"].get<std::string>();
    if (game.form.find("pacifist") != std::string::npos)
      summary += ", " + std::to_string(printer.conversions(*id)) + " conversions";
    results.emplace_back(game.title, summary + ")");
  }
  first->stop();
  second->stop();
  for (DemoPlayer* p : {first.get(), second.get()})
    for (const std::string& e : p->errors()) err << "paxbot demo: " << e << "\n";
  local.stop();
  out << "\nsummary:\n";
  for (const auto& [title, summary] : results) out << "  " << title << ": " << summary << "\n";
  return failures == 0 ? 0 : 1;
}

}  // namespace server
