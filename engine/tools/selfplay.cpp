#include "engine/tools/selfplay.h"

#include <random>

#include "engine/fen.h"
#include "engine/game.h"
#include "engine/notation.h"
#include "engine/text.h"
#include "engine/tools/args.h"

namespace engine::tools {

std::expected<SelfplayPlayer, std::string> parse_player(const std::string& spec) {
  SelfplayPlayer player;
  bool limited = false;
  for (std::string_view word : split_moves(spec)) {
    const auto eq = word.find('=');
    if (eq == std::string_view::npos)
      return std::unexpected(cat("player '", spec, "': '", word, "' is not key=value"));
    const std::string key(word.substr(0, eq)), value(word.substr(eq + 1));
    if (key == "name") {
      player.name = value;
      continue;
    }
    struct IntKey {
      const char* name;
      long long min, max;
    };
    static constexpr IntKey kKeys[] = {{"depth", 1, 127},
                                       {"nodes", 1, 1'000'000'000'000},
                                       {"movetime", 1, 3'600'000},
                                       {"hash", 1, 65536},
                                       {"threads", 1, 256}};
    const IntKey* known = nullptr;
    for (const IntKey& k : kKeys)
      if (key == k.name) known = &k;
    if (!known)
      return std::unexpected(cat("player '", spec, "': unknown key '", key,
                                 "' (name, depth, nodes, movetime, hash, threads)"));
    auto number = parse_integer(value, key, known->min, known->max);
    if (!number) return std::unexpected(cat("player '", spec, "': ", number.error()));
    if (key == "depth") player.limits.depth = int(*number);
    if (key == "nodes") player.limits.nodes = std::uint64_t(*number);
    if (key == "movetime") player.limits.movetime_ms = int(*number);
    if (key == "hash") player.options.hash_mb = int(*number);
    if (key == "threads") player.options.threads = int(*number);
    limited |= key == "depth" || key == "nodes" || key == "movetime";
  }
  if (!limited)
    return std::unexpected(cat("player '", spec, "' needs a limit: depth, nodes or movetime"));
  if (player.name.empty()) player.name = spec;
  return player;
}

SelfplayGame play_game(const SelfplayPlayer& a, const SelfplayPlayer& b, bool a_is_white,
                       Variant variant, const std::string& start_fen, int max_plies) {
  SelfplayGame game;
  game.start_fen = start_fen;
  game.a_is_white = a_is_white;
  auto referee = parse_fen(start_fen, variant);
  if (!referee) {
    game.error = cat("start position: ", referee.error());
    game.status = {Outcome::Draw, Termination::None};
    return game;
  }
  Engine engine_a(a.options), engine_b(b.options);
  auto loses = [&](Color side, std::string why) {
    game.error = std::move(why);
    game.status = {side == White ? Outcome::BlackWins : Outcome::WhiteWins, Termination::None};
    return game;
  };
  for (int ply = 0; ply < max_plies; ++ply) {
    game.status = game_status(*referee);
    if (game.status.over()) return game;
    const Color side = referee->side_to_move();
    const bool a_moves = (side == White) == a_is_white;
    Engine& engine = a_moves ? engine_a : engine_b;
    const SelfplayPlayer& player = a_moves ? a : b;
    if (auto set = engine.set_position(variant, start_fen, game.moves); !set)
      return loses(side, cat(player.name, ": ", set.error()));
    const SearchResult result = engine.search(player.limits);
    if (result.best == Move::none()) return loses(side, cat(player.name, " returned no move"));
    const std::string text = move_to_uci(engine.position(), result.best);
    auto move = parse_uci_move(*referee, text);
    if (!move) return loses(side, cat(player.name, " played ", text, ": ", move.error()));
    UndoRecord undo;
    referee->make_move(*move, undo);
    game.moves.push_back(text);
  }
  game.status = game_status(*referee);
  if (!game.status.over()) game.status = {Outcome::Draw, Termination::None};
  return game;
}

double score_for_a(const SelfplayGame& game) {
  switch (game.status.outcome) {
    case Outcome::WhiteWins:
      return game.a_is_white ? 1.0 : 0.0;
    case Outcome::BlackWins:
      return game.a_is_white ? 0.0 : 1.0;
    default:
      return 0.5;
  }
}

SelfplayScore play_match(
    const SelfplayPlayer& a, const SelfplayPlayer& b, const SelfplayOptions& options,
    const std::function<void(int, const SelfplayGame&, const SelfplayScore&)>& on_game) {
  std::mt19937_64 rng(options.seed);
  SelfplayScore score;
  std::string start = "startpos";
  for (int i = 0; i < options.games; ++i) {
    // Each start is played twice, A white first; a new start every other game.
    if (i % 2 == 0) {
      start =
          options.chess960_starts ? chess960_start_fen(int(rng() % 960)) : std::string("startpos");
    }
    const SelfplayGame game =
        play_game(a, b, i % 2 == 0, options.variant, start, options.max_plies);
    const double points = score_for_a(game);
    if (points == 1.0)
      ++score.wins;
    else if (points == 0.0)
      ++score.losses;
    else
      ++score.draws;
    if (on_game) on_game(i, game, score);
  }
  return score;
}

}  // namespace engine::tools
