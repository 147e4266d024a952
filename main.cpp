// SPDX-License-Identifier: GPL-3.0-or-later
// paxbot: one binary, subcommand dispatch only.
#include <iostream>
#include <string>
#include <string_view>
#include <vector>

#include "engine/tools/rules_commands.h"
#include "engine/tools/search_commands.h"
#include "match/match_command.h"
#include "paxbot_version.h"
#include "tune/train_command.h"
#include "tune/tune_command.h"
// The modules above the engine are in the build unless -DPAXBOT_MODULES leaves them out
// (CMakeLists.txt defines PAXBOT_HAVE_<MODULE> for each one it links).
#if PAXBOT_HAVE_CONFIG
#include "config/check_config_command.h"
#endif
#if PAXBOT_HAVE_DAEMON
#include "daemon/run_command.h"
#include "daemon/status_command.h"
#endif
#if PAXBOT_HAVE_SERVER
#include "server/serve_command.h"
#endif
#if PAXBOT_HAVE_DEMO
#include "demo/command.h"
#endif

namespace {

using CommandFunction = int (*)(const std::vector<std::string>&, std::ostream&, std::ostream&);

// The subcommands of each module, or null where the build leaves the module out.
#if PAXBOT_HAVE_CONFIG
constexpr CommandFunction kCheckConfig = config::check_config_command;
#else
constexpr CommandFunction kCheckConfig = nullptr;
#endif
#if PAXBOT_HAVE_DAEMON
constexpr CommandFunction kRun = bot::run_command;
constexpr CommandFunction kUpgrade = bot::upgrade_command;
constexpr CommandFunction kStatus = bot::status_command;
#else
constexpr CommandFunction kRun = nullptr;
constexpr CommandFunction kUpgrade = nullptr;
constexpr CommandFunction kStatus = nullptr;
#endif
#if PAXBOT_HAVE_SERVER
constexpr CommandFunction kServe = server::serve_command;
#else
constexpr CommandFunction kServe = nullptr;
#endif
#if PAXBOT_HAVE_DEMO
constexpr CommandFunction kDemo = demo::demo_command;
#else
constexpr CommandFunction kDemo = nullptr;
#endif

struct Command {
  std::string_view name;
  std::string_view summary;
  std::string_view needs;  // the PAXBOT_MODULES it is built with ("" for the engine's tools)
  CommandFunction run;     // null: this build leaves a module it needs out
};

constexpr Command kCommands[] = {
    {"run", "play as a bot account on lichess.org or any server with the Lichess Bot API", "daemon",
     kRun},
    {"upgrade", "turn the configured account into a bot account (irreversible)", "daemon",
     kUpgrade},
    {"status", "show a running daemon's games, queue, matchmaking and rate limits", "daemon",
     kStatus},
    {"perft", "count move-tree leaves per root move (move generation test)", "",
     engine::tools::perft_command},
    {"moves", "list legal moves with the FEN after each, and the game status", "",
     engine::tools::moves_command},
    {"check-config", "validate a configuration file and print the effective settings", "config",
     kCheckConfig},
    {"uci", "speak the UCI protocol on standard input/output (for GUIs and match tools)", "",
     engine::tools::uci_command},
    {"bench", "search fixed positions to a fixed depth; print the node-count signature", "",
     engine::tools::bench_command},
    {"match", "play UCI engines against each other, refereed by our rules (SPRT, tuning data)", "",
     match::match_command},
    {"tune",
     "fit the evaluation weights to game positions (Texel tuning); writes the weights header", "",
     tune::tune_command},
    {"train-net", "train the evaluation network on game positions; writes a network file", "",
     tune::train_net_command},
    {"serve", "run a local server that speaks the Lichess Bot API (incl. Pacifist games)", "server",
     kServe},
    {"demo", "start a local server and let two bots play a Pacifist and a standard game",
     "server and config", kDemo},
};

void print_help(std::ostream& out) {
  out << "paxbot " << PAXBOT_VERSION << ": a chess bot for the Lichess Bot API\n\n"
      << "usage: paxbot <command> [options]\n\ncommands:\n";
  std::string absent;
  for (const Command& c : kCommands) {
    if (c.run == nullptr) {
      absent += absent.empty() ? "" : ", ";
      absent += c.name;
      continue;
    }
    std::string name(c.name);
    name.resize(14, ' ');
    out << "  " << name << c.summary << "\n";
  }
  if (!absent.empty()) out << "\nnot in this build (see PAXBOT_MODULES): " << absent << "\n";
  out << "\n'paxbot <command> --help' describes a command's options.\n";
}

}  // namespace

int main(int argc, char** argv) {
#ifdef PAXBOT_REQUIRES_POPCNT
  if (!__builtin_cpu_supports("popcnt")) {
    std::cerr << "paxbot: this build needs a CPU with the POPCNT instruction; "
                 "rebuild with -DPAXBOT_POPCNT=OFF for this machine\n";
    return 2;
  }
#endif
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty() || args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
    print_help(args.empty() ? std::cerr : std::cout);
    return args.empty() ? 2 : 0;
  }
  if (args[0] == "--version") {
    std::cout << "paxbot " << PAXBOT_VERSION << "\n";
    return 0;
  }
  for (const Command& c : kCommands) {
    if (c.name == args[0]) {
      if (c.run == nullptr) {
        std::cerr << "paxbot: '" << c.name << "' is not in this build: it needs the module(s) "
                  << c.needs << ", which -DPAXBOT_MODULES left out\n";
        return 2;
      }
      std::vector<std::string> rest(args.begin() + 1, args.end());
      return c.run(rest, std::cout, std::cerr);
    }
  }
  std::cerr << "paxbot: unknown command '" << args[0] << "'\n\n";
  print_help(std::cerr);
  return 2;
}
