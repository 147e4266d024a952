// SPDX-License-Identifier: GPL-3.0-or-later
// `paxbot match`: parses the options (the multi-word --engine and --sprt groups first, the
// rest with the shared parser in cli/args.h), builds the schedule and runs it.
#include "match/match_command.h"

#include <limits>
#include <map>
#include <ostream>

#include "cli/args.h"
#include "engine/fen.h"
#include "engine/variant.h"
#include "match/match.h"
#include "match/openings.h"

namespace match {

namespace {

using cli::OptionSpec;
using cli::parse_integer;

const char kDescription[] =
    "Plays UCI engines against each other, each engine a child process, refereed move by move\n"
    "by paxbot's rules engine (standard, chess960 or pacifist). Every start is played twice with\n"
    "colours swapped; with three or more engines the match is a round robin. A crash, a hang,\n"
    "an illegal move or a time loss loses that game and the match goes on with a fresh\n"
    "process. After each game a progress line; at the end W/D/L, Elo with a 95% interval from\n"
    "the game pairs, the pentanomial counts, faults per engine and the SPRT verdict.\n"
    "\n"
    "Engine SPEC (words after --engine, up to the next --option):\n"
    "  cmd=PATH (required)  name=NAME  arg=ARG (repeatable)  option.NAME=VALUE (repeatable;\n"
    "  quote the word when NAME has spaces)  tc=BASE+INC  movetime=MS  nodes=N  depth=D\n"
    "  (the engine's own limits override the match's)  ponder=on (the runner sends go ponder\n"
    "  on the engine's expected reply, then ponderhit or stop; hit rates in the summary).\n"
    "\n"
    "SPRT (words after --sprt): elo0=X elo1=Y alpha=A beta=B (defaults 0 5 0.05 0.05),\n"
    "logistic Elo, GSPRT on game pairs; stops when it decides.\n"
    "\n"
    "Example:\n"
    "  paxbot match --engine name=new cmd=./paxbot arg=uci --engine name=old cmd=./paxbot-old\n"
    "    arg=uci --nodes 20000 --variant chess960 --chess960-random 500 --random-plies 4\n"
    "    --games 20000 --concurrency 2 --sprt elo0=0 elo1=5 --pgn games.pgn";

struct IntOption {
  const char* name;
  long long min, max;
};

}  // namespace

int match_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  const MatchConfig defaults;
  const std::vector<OptionSpec> options = {
      {"--engine", "SPEC...", "an engine (two or more); see above"},
      {"--variant", "V", "standard, chess960 or pacifist (default standard)"},
      {"--tc", "BASE+INC", "clock per game in ms, e.g. 10000+100"},
      {"--movetime", "MS", "fixed time per move"},
      {"--nodes", "N", "node limit per move"},
      {"--depth", "D", "depth limit per move"},
      {"--time-margin", "MS",
       "clock or movetime overrun allowed before a time loss (default " +
           std::to_string(defaults.time_margin_ms) + ")"},
      {"--hang-timeout", "MS",
       "wait for a bestmove without clock or movetime (default " +
           std::to_string(defaults.hang_timeout_ms) + ")"},
      {"--startup-timeout", "MS",
       "wait for uciok and readyok (default " + std::to_string(defaults.startup_timeout_ms) + ")"},
      {"--concurrency", "N", "games played at once (default 1)"},
      {"--openings", "FILE", "start positions, FEN or EPD lines ('#' comments)"},
      {"--chess960-random", "N", "N random Chess960 starts drawn from --seed"},
      {"--random-plies", "K", "play K random legal plies from each start (same for both games)"},
      {"--seed", "S", "seed for random starts and plies (default 1)"},
      {"--games", "N", "games to play (even), cycling through the starts"},
      {"--rounds", "N", "times through the starts (default 1), each start twice per pairing"},
      {"--draw", "MOVE:CP:COUNT",
       "draw from move MOVE if both say |score| <= CP, COUNT moves each"},
      {"--resign", "CP:COUNT", "loss if both say a side is below -CP, COUNT moves each"},
      {"--max-plies", "N", "adjudicate a draw after N plies"},
      {"--sprt", "WORDS...", "sequential test, e.g. elo0=0 elo1=5 alpha=0.05 beta=0.05"},
      {"--pgn", "FILE", "write the games as PGN (overwritten)"},
      {"--data", "FILE", "append FEN<TAB>RESULT<TAB>SCORE lines for the tuner (White's view)"},
      {"--event", "NAME", "PGN Event tag (default \"paxbot match\")"},
      {"--log", "FILE", "write every line sent to and read from the engines, timed"},
  };
  const std::string usage = cli::usage_text("match", "--engine SPEC... --engine SPEC... [options]",
                                            kDescription, options);
  const WordGroups groups = split_word_groups(args, {"--engine", "--sprt"});
  auto parsed = cli::parse_command_line("match", groups.rest, options, usage, out, err);
  if (!parsed) return parsed.error();
  auto fail = [&](const std::string& message) {
    err << "paxbot match: " << message << "\n";
    return 2;
  };

  MatchConfig config;
  for (const auto& [option, words] : groups.groups) {
    if (option == "--engine") {
      auto spec = parse_engine_spec(words);
      if (!spec) return fail(spec.error());
      config.engines.push_back(*spec);
    } else {
      auto sprt = parse_sprt(words);
      if (!sprt) return fail(sprt.error());
      config.sprt = *sprt;
    }
  }
  if (config.engines.size() < 2) return fail("give at least two engines (--engine cmd=PATH ...)");
  // Two engines of the same name (e.g. two builds called paxbot) are told apart by a suffix.
  for (std::size_t i = 1; i < config.engines.size(); ++i) {
    int same = 1;
    for (std::size_t j = 0; j < i; ++j) same += config.engines[j].name == config.engines[i].name;
    if (same > 1) config.engines[i].name += "-" + std::to_string(same);
  }
  if (config.sprt && config.engines.size() != 2) return fail("--sprt needs exactly two engines");

  if (auto v = parsed->value("--variant")) {
    auto variant = engine::parse_variant(*v);
    if (!variant) return fail(variant.error());
    config.variant = *variant;
  }
  std::map<std::string, long long> numbers;
  static constexpr IntOption kIntOptions[] = {
      {"--movetime", 1, 3'600'000},
      {"--nodes", 1, 1'000'000'000'000},
      {"--depth", 1, 127},
      {"--time-margin", 0, 60'000},
      {"--hang-timeout", 1, 3'600'000},
      {"--startup-timeout", 1, 600'000},
      {"--concurrency", 1, 256},
      {"--chess960-random", 1, 1'000'000},
      {"--random-plies", 0, 200},
      {"--seed", 0, std::numeric_limits<long long>::max()},
      {"--games", 2, 10'000'000},
      {"--rounds", 1, 1'000'000},
      {"--max-plies", 1, 100'000},
  };
  for (const IntOption& o : kIntOptions) {
    if (auto text = parsed->value(o.name)) {
      auto v = parse_integer(*text, o.name, o.min, o.max);
      if (!v) return fail(v.error());
      numbers[o.name] = *v;
    }
  }
  auto number = [&](const char* name, long long fallback) {
    auto it = numbers.find(name);
    return it == numbers.end() ? fallback : it->second;
  };
  if (auto tc = parsed->value("--tc")) {
    auto parsed_tc = parse_time_control(*tc);
    if (!parsed_tc) return fail("--tc: " + parsed_tc.error());
    config.limits.tc = *parsed_tc;
  }
  if (numbers.count("--movetime")) config.limits.movetime_ms = int(numbers["--movetime"]);
  if (numbers.count("--nodes")) config.limits.nodes = std::uint64_t(numbers["--nodes"]);
  if (numbers.count("--depth")) config.limits.depth = int(numbers["--depth"]);
  if (config.limits.tc && config.limits.movetime_ms)
    return fail("--tc and --movetime exclude each other");
  config.time_margin_ms = int(number("--time-margin", config.time_margin_ms));
  config.hang_timeout_ms = int(number("--hang-timeout", config.hang_timeout_ms));
  config.startup_timeout_ms = int(number("--startup-timeout", config.startup_timeout_ms));
  config.concurrency = int(number("--concurrency", 1));
  if (auto v = parsed->value("--draw")) {
    auto rule = parse_draw_rule(*v);
    if (!rule) return fail(rule.error());
    config.adjudication.draw = *rule;
  }
  if (auto v = parsed->value("--resign")) {
    auto rule = parse_resign_rule(*v);
    if (!rule) return fail(rule.error());
    config.adjudication.resign = *rule;
  }
  if (numbers.count("--max-plies")) config.adjudication.max_plies = int(numbers["--max-plies"]);
  config.pgn_path = parsed->value("--pgn").value_or("");
  config.data_path = parsed->value("--data").value_or("");
  config.event = parsed->value("--event").value_or(config.event);
  config.log_path = parsed->value("--log").value_or("");

  ScheduleOptions schedule;
  schedule.variant = config.variant;
  schedule.engines = int(config.engines.size());
  schedule.seed = std::uint64_t(number("--seed", 1));
  schedule.random_plies = int(number("--random-plies", 0));
  if (numbers.count("--games") && numbers.count("--rounds"))
    return fail("--games and --rounds exclude each other");
  schedule.games = int(number("--games", 0));
  schedule.rounds = int(number("--rounds", 1));

  std::vector<std::string> openings;
  const auto file = parsed->value("--openings");
  if (file && numbers.count("--chess960-random"))
    return fail("--openings and --chess960-random exclude each other");
  if (file) {
    auto loaded = load_openings(*file, config.variant);
    if (!loaded) return fail(loaded.error());
    openings = *loaded;
  } else if (numbers.count("--chess960-random")) {
    if (config.variant == engine::Variant::Standard)
      return fail("--chess960-random needs --variant chess960 or pacifist");
    openings = random_chess960_starts(int(numbers["--chess960-random"]), schedule.seed);
  } else if (config.variant == engine::Variant::Chess960) {
    return fail("--variant chess960 needs --openings FILE or --chess960-random N");
  } else {
    openings = {std::string(engine::kStartFen)};
  }
  auto tasks = schedule_games(openings, schedule);
  if (!tasks) return fail(tasks.error());

  out << "Match:";
  for (std::size_t i = 0; i < config.engines.size(); ++i)
    out << (i ? ", " : " ") << config.engines[i].name;
  out << "; " << engine::variant_name(config.variant) << ", " << tasks->size() << " games from "
      << openings.size() << " starts, concurrency " << config.concurrency << "\n";
  out.flush();
  auto result = run_match(config, *tasks, out);
  if (!result) {
    err << "paxbot match: " << result.error() << "\n";
    return 1;
  }
  out << result->tally.summary(config.sprt);
  if (!config.data_path.empty())
    out << "Data: " << result->data_lines << " positions appended to " << config.data_path << " ("
        << result->data_replays_skipped
        << " games left out as move-for-move replays of their pair's other game)\n";
  return 0;
}

}  // namespace match
