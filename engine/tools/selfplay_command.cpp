// `paxbot selfplay`: the command-line face of engine/tools/selfplay.h.
#include <iomanip>
#include <limits>
#include <ostream>
#include <tuple>

#include "engine/tools/args.h"
#include "engine/tools/search_commands.h"
#include "engine/tools/selfplay.h"
#include "engine/variant.h"

namespace engine::tools {

int selfplay_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  const SelfplayOptions defaults;
  const std::vector<OptionSpec> options = {
      {"--a", "SPEC",
       "player A, e.g. 'name=full movetime=1000' (keys: name depth nodes "
       "movetime hash threads)"},
      {"--b", "SPEC", "player B, e.g. 'name=depth1 depth=1'"},
      {"--variant", "V", "standard, chess960 or pacifist (default pacifist)"},
      {"--games", "N", "games to play, each start twice with colours swapped (default 2)"},
      {"--seed", "N", "seed for the random Chess960 starts (default 1)"},
      {"--standard-start", "", "start every game from the standard position"},
      {"--max-plies", "N",
       "adjudicate a draw after N plies (default " + std::to_string(defaults.max_plies) + ")"},
      {"--moves", "", "print each game's start and moves"},
  };
  const std::string usage = usage_text(
      "selfplay", "--a SPEC --b SPEC [options]",
      "Plays two settings of paxbot's engine against each other in this process, refereed by "
      "its rules engine, from random Chess960 starts; prints each result and the score of A.",
      options);
  auto parsed = parse_command_line("selfplay", args, options, usage, out, err);
  if (!parsed) return parsed.error();
  auto fail = [&](const std::string& message) {
    err << "paxbot selfplay: " << message << "\n";
    return 2;
  };
  if (!parsed->value("--a") || !parsed->value("--b")) return fail("--a and --b are required");
  auto a = parse_player(*parsed->value("--a"));
  if (!a) return fail(a.error());
  auto b = parse_player(*parsed->value("--b"));
  if (!b) return fail(b.error());
  SelfplayOptions match = defaults;
  if (auto v = parsed->value("--variant")) {
    auto variant = parse_variant(*v);
    if (!variant) return fail(variant.error());
    match.variant = *variant;
  }
  for (auto [name, target, max] : {std::tuple{"--games", &match.games, 100000},
                                   std::tuple{"--max-plies", &match.max_plies, 100000}}) {
    if (auto text = parsed->value(name)) {
      auto v = parse_integer(*text, name, 1, max);
      if (!v) return fail(v.error());
      *target = int(*v);
    }
  }
  if (auto text = parsed->value("--seed")) {
    auto v = parse_integer(*text, "--seed", 0, std::numeric_limits<long long>::max());
    if (!v) return fail(v.error());
    match.seed = std::uint64_t(*v);
  }
  match.chess960_starts = !parsed->has("--standard-start");
  const bool print_moves = parsed->has("--moves");

  out << "Match: " << a->name << " vs " << b->name << ", " << match.games << " games, "
      << variant_name(match.variant) << "\n";
  const SelfplayScore score = play_match(
      *a, *b, match, [&](int index, const SelfplayGame& game, const SelfplayScore& so_far) {
        const std::string& white = game.a_is_white ? a->name : b->name;
        const std::string& black = game.a_is_white ? b->name : a->name;
        out << "Game " << index + 1 << "/" << match.games << ": " << white << " vs " << black << " "
            << result_text(game.status.outcome) << " {"
            << (!game.error.empty() ? game.error
                : game.status.termination == Termination::None
                    ? std::string("adjudicated at the ply limit")
                    : std::string(termination_text(game.status.termination)))
            << "} " << game.moves.size() << " plies | " << a->name << " +" << so_far.wins << " ="
            << so_far.draws << " -" << so_far.losses << " (" << std::fixed << std::setprecision(1)
            << so_far.percent() << "%)\n";
        if (print_moves) {
          out << "  start " << game.start_fen << "\n  moves";
          for (const std::string& m : game.moves) out << " " << m;
          out << "\n";
        }
        out.flush();
      });
  out << "Result " << a->name << " vs " << b->name << ": W " << score.wins << " D " << score.draws
      << " L " << score.losses << " (" << score.games() << " games), score " << std::fixed
      << std::setprecision(1) << score.percent() << "%\n";
  return 0;
}

}  // namespace engine::tools
