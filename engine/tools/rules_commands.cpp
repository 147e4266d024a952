// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/tools/rules_commands.h"

#include <algorithm>
#include <chrono>
#include <ostream>

#include "cli/args.h"
#include "engine/fen.h"
#include "engine/movegen.h"
#include "engine/notation.h"
#include "engine/perft.h"
#include "engine/status.h"
#include "engine/variant.h"

namespace engine::tools {
namespace {

const std::vector<cli::OptionSpec> kPositionOptions = {
    {"--variant", "V", "standard (default), chess960 or pacifist"},
    {"--fen", "FEN", "start position (default: the standard start)"},
};

// Parses --variant and --fen into a position, or reports why not.
std::expected<Position, std::string> position_from(const cli::ParsedArgs& parsed) {
  Variant variant = Variant::Standard;
  if (auto name = parsed.value("--variant")) {
    auto v = parse_variant(*name);
    if (!v) return std::unexpected(v.error());
    variant = *v;
  }
  auto pos = parse_fen(parsed.value("--fen").value_or(std::string(kStartFen)), variant);
  if (!pos) return std::unexpected("bad FEN: " + pos.error());
  return pos;
}

}  // namespace

int perft_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  const std::string usage = cli::usage_text(
      "perft", "[--variant V] [--fen FEN] DEPTH",
      "Counts the leaf nodes of the legal move tree DEPTH plies deep, per root move.",
      kPositionOptions);
  auto parsed = cli::parse_args(args, kPositionOptions);
  if (!parsed) {
    err << "paxbot perft: " << parsed.error() << "\n" << usage;
    return 2;
  }
  if (parsed->has("--help")) {
    out << usage;
    return 0;
  }
  if (parsed->positional.size() != 1) {
    err << "paxbot perft: expected one DEPTH argument\n" << usage;
    return 2;
  }
  auto depth = cli::parse_integer(parsed->positional[0], "depth", 0, 20);
  if (!depth) {
    err << "paxbot perft: " << depth.error() << "\n";
    return 2;
  }
  auto pos = position_from(*parsed);
  if (!pos) {
    err << "paxbot perft: " << pos.error() << "\n";
    return 1;
  }
  auto start = std::chrono::steady_clock::now();
  std::uint64_t total = 0;
  if (*depth == 0) {
    total = 1;
  } else {
    for (auto [move, count] : perft_divide(*pos, int(*depth))) {
      out << move_to_uci(*pos, move) << ": " << count << "\n";
      total += count;
    }
  }
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  out << "\nNodes searched: " << total << "\n";
  err << "time: " << std::uint64_t(seconds * 1000)
      << " ms, nodes/second: " << std::uint64_t(seconds > 0 ? double(total) / seconds : 0) << "\n";
  return 0;
}

int moves_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  const std::string usage = cli::usage_text(
      "moves", "[--variant V] --fen FEN",
      "Prints each legal move with the FEN after it, sorted by move text, then the game status.",
      kPositionOptions);
  auto parsed = cli::parse_args(args, kPositionOptions);
  if (!parsed) {
    err << "paxbot moves: " << parsed.error() << "\n" << usage;
    return 2;
  }
  if (parsed->has("--help")) {
    out << usage;
    return 0;
  }
  if (!parsed->positional.empty()) {
    err << "paxbot moves: unexpected argument '" << parsed->positional[0] << "'\n" << usage;
    return 2;
  }
  auto pos = position_from(*parsed);
  if (!pos) {
    err << "paxbot moves: " << pos.error() << "\n";
    return 1;
  }
  std::vector<std::pair<std::string, std::string>> lines;
  UndoRecord undo;
  for (Move m : legal_moves(*pos)) {
    std::string text = move_to_uci(*pos, m);
    pos->make_move(m, undo);
    lines.emplace_back(text, to_fen(*pos));
    pos->undo_move(m, undo);
  }
  std::sort(lines.begin(), lines.end());
  for (const auto& [move, fen] : lines) out << move << " " << fen << "\n";
  out << "status: " << result_text(game_status(*pos).outcome) << "\n";
  return 0;
}

}  // namespace engine::tools
