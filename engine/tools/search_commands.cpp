// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/tools/search_commands.h"

#include <iostream>

#include "cli/args.h"
#include "engine/bench.h"
#include "engine/nnue/network.h"
#include "engine/uci/uci.h"

namespace engine::tools {

int uci_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  const std::string usage =
      cli::usage_text("uci", "", "Speaks the UCI protocol on standard input and output.", {});
  auto parsed = cli::parse_command_line("uci", args, {}, usage, out, err);
  if (!parsed) return parsed.error();
  std::ios::sync_with_stdio(false);
  uci::UciAdapter adapter(std::cin, out);
  return adapter.run();
}

int bench_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  const BenchOptions defaults;
  const std::vector<cli::OptionSpec> options = {
      {"--depth", "N",
       "search depth for chess positions (default " + std::to_string(defaults.chess_depth) + ")"},
      {"--pacifist-depth", "N",
       "search depth for Pacifist positions (default " + std::to_string(defaults.pacifist_depth) +
           ")"},
      {"--hash", "MB",
       "transposition table size (default " + std::to_string(defaults.hash_mb) + ")"},
      {"--eval-file", "PATH", "evaluate chess positions with this network file"},
      {"--verbose", "", "print one line per position on standard error"},
  };
  const std::string usage = cli::usage_text(
      "bench", "[options]",
      "Searches fixed positions to a fixed depth; the node count is the search's signature.",
      options);
  auto parsed = cli::parse_command_line("bench", args, options, usage, out, err);
  if (!parsed) return parsed.error();
  BenchOptions bench = defaults;
  struct IntOption {
    const char* name;
    int* target;
    int max;
  };
  for (IntOption o : {IntOption{"--depth", &bench.chess_depth, 40},
                      IntOption{"--pacifist-depth", &bench.pacifist_depth, 40},
                      IntOption{"--hash", &bench.hash_mb, 65536}}) {
    if (auto text = parsed->value(o.name)) {
      auto v = cli::parse_integer(*text, o.name, 1, o.max);
      if (!v) {
        err << "paxbot bench: " << v.error() << "\n";
        return 2;
      }
      *o.target = int(*v);
    }
  }
  if (auto path = parsed->value("--eval-file")) {
    auto network = nnue::load_network(std::string(*path));
    if (!network) {
      err << "paxbot bench: " << network.error() << "\n";
      return 1;
    }
    err << "network: " << *path << ", " << network->hidden << " hidden units\n";
    bench.network = std::make_shared<const nnue::Network>(std::move(*network));
  }
  const BenchResult result = run_bench(bench, parsed->has("--verbose") ? &err : nullptr);
  out << "Nodes searched: " << result.nodes << "\n";
  out << "Nodes/second: " << result.nodes_per_second << "\n";
  err << "time: " << result.time_ms << " ms\n";
  return 0;
}

}  // namespace engine::tools
