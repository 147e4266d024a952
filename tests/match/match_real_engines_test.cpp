// SPDX-License-Identifier: GPL-3.0-or-later
// Whole matches (match/match.h) between real engines: a short Pacifist match between two
// `paxbot uci` processes whose games, PGN and data lines replay legally, and (label slow) the
// Debian reference engines against paxbot. Fake-engine matches: match_test.cpp.
#include <gtest/gtest.h>

#include <unistd.h>

#include <sstream>

#include "engine/fen.h"
#include "engine/game.h"
#include "engine/san.h"
#include "match/match.h"
#include "match/openings.h"
#include "tests/match/match_files.h"

namespace match {
namespace {

using test_files::read_file;
using test_files::temp_path;

// PGN movetext without tags, numbers, comments and the result: the SAN moves.
std::vector<std::string> san_moves(const std::string& movetext) {
  std::vector<std::string> moves;
  std::istringstream words(movetext);
  bool in_comment = false;
  for (std::string w; words >> w;) {
    if (w.front() == '{') in_comment = true;
    if (in_comment) {
      in_comment = w.back() != '}';
      continue;
    }
    if (std::isdigit(static_cast<unsigned char>(w.front()))) continue;  // "12." "12..." "1-0"
    if (w == "*") continue;
    moves.push_back(w);
  }
  return moves;
}

// Our build as a UCI engine with a small hash.
EngineSpec paxbot_uci(const std::string& name, const std::string& hash_mb) {
  EngineSpec spec;
  spec.cmd = PAXBOT_BINARY;
  spec.args = {"uci"};
  spec.options = {{"Hash", hash_mb}};
  spec.name = name;
  return spec;
}

// Two paxbot processes play short Pacifist games (tiny node limit, random Chess960 arrays moved
// on by two random plies). Every game replays legally with our rules engine and ends as
// game_status says; the PGN's SAN replays from its FEN tag; the data lines carry White's result.
TEST(Match, PacifistMatchBetweenTwoPaxbotProcessesReplaysLegally) {
  MatchConfig config;
  config.keep_games = true;
  config.engines = {paxbot_uci("p1", "1"), paxbot_uci("p2", "1")};
  config.engines[1].limits.nodes = 200;
  config.limits.nodes = 400;
  config.variant = engine::Variant::Pacifist;
  config.concurrency = 2;
  config.adjudication.max_plies = 160;
  config.pgn_path = temp_path("pacifist.pgn");
  config.data_path = temp_path("pacifist.data");
  std::remove(config.data_path.c_str());
  ScheduleOptions options;
  options.variant = engine::Variant::Pacifist;
  options.games = 4;
  options.random_plies = 2;
  options.seed = 11;
  auto tasks = schedule_games(random_chess960_starts(2, 5), options);
  ASSERT_TRUE(tasks) << tasks.error();
  std::ostringstream out;
  auto result = run_match(config, *tasks, out);
  ASSERT_TRUE(result) << result.error();
  ASSERT_EQ(result->games.size(), 4u);

  std::size_t positions = 0;
  for (const GameRecord& game : result->games) {
    ASSERT_NE(game.ending, Ending::Fault) << game.reason;
    std::string moves;
    for (const PlayedMove& m : game.moves) moves += m.uci + " ";
    auto end = engine::replay_game(engine::Variant::Pacifist, game.start_fen, moves);
    ASSERT_TRUE(end) << end.error();
    const engine::GameStatus status = engine::game_status(*end);
    if (game.ending == Ending::Rules) {
      EXPECT_EQ(status.outcome, game.outcome);
      EXPECT_EQ(status.termination, game.termination);
    } else {
      EXPECT_FALSE(status.over());
      EXPECT_EQ(game.moves.size(), 160u);
    }
    positions += game.moves.size();
  }

  // PGN: one game per [Event tag; the SAN replays from the FEN tag to the same moves.
  const std::string pgn = read_file(config.pgn_path);
  std::size_t at = 0;
  int games = 0;
  while ((at = pgn.find("[Event ", at)) != std::string::npos) {
    const std::size_t next = pgn.find("[Event ", at + 1);
    const std::string one = pgn.substr(at, next == std::string::npos ? next : next - at);
    at += 1;
    ++games;
    EXPECT_NE(one.find("[Variant \"Pacifist\"]"), std::string::npos);
    EXPECT_NE(one.find("[SetUp \"1\"]"), std::string::npos);
    const auto fen_at = one.find("[FEN \"") + 6;
    const std::string fen = one.substr(fen_at, one.find('"', fen_at) - fen_at);
    auto pos = engine::parse_fen(fen, engine::Variant::Pacifist);
    ASSERT_TRUE(pos) << fen;
    const std::vector<std::string> sans = san_moves(one.substr(one.find("\n\n")));
    ASSERT_FALSE(sans.empty());
    for (const std::string& san : sans) {
      auto move = engine::parse_san(*pos, san);
      ASSERT_TRUE(move) << san << ": " << move.error();
      engine::UndoRecord undo;
      pos->make_move(*move, undo);
    }
  }
  EXPECT_EQ(games, 4);

  // Data: one line per position an engine moved from, FEN, White's result, White's score.
  std::istringstream data(read_file(config.data_path));
  std::size_t lines = 0, game_index = 0, in_game = 0;
  for (std::string line; std::getline(data, line); ++lines) {
    while (game_index < result->games.size() && in_game == result->games[game_index].moves.size()) {
      ++game_index;
      in_game = 0;
    }
    ASSERT_LT(game_index, result->games.size());
    const GameRecord& game = result->games[game_index];
    const auto tab1 = line.find('\t'), tab2 = line.rfind('\t');
    ASSERT_NE(tab1, tab2) << line;
    const std::string fen = line.substr(0, tab1),
                      white_result = line.substr(tab1 + 1, tab2 - tab1 - 1),
                      score = line.substr(tab2 + 1);
    EXPECT_EQ(fen, game.moves[in_game].fen_before);
    EXPECT_TRUE(engine::parse_fen(fen, engine::Variant::Pacifist)) << fen;
    const char* expected = game.outcome == engine::Outcome::WhiteWins   ? "1"
                           : game.outcome == engine::Outcome::BlackWins ? "0"
                                                                        : "0.5";
    EXPECT_EQ(white_result, expected);
    EXPECT_TRUE(score == "-" || score.find_first_not_of("-0123456789") == std::string::npos)
        << score;
    ++in_game;
  }
  EXPECT_EQ(lines, positions);
}

// Pondering with our own engine on a clock: "ponderer" gets "go ponder", then "ponderhit" or
// "stop", from its second move on; no move is late, illegal or missing, and some guesses hit.
TEST(Match, PaxbotPondersOnAClockWithoutFaults) {
  MatchConfig config;
  config.keep_games = true;
  config.engines = {paxbot_uci("ponderer", "4"), paxbot_uci("plain", "4")};
  config.engines[0].ponder = true;
  config.limits.tc = TimeControl{1500, 15};
  // The test is of the ponder protocol, not of timing: a sanitizer build on a loaded machine
  // may overrun a move by more than the default 100 ms.
  config.time_margin_ms = 1000;
  config.adjudication.max_plies = 40;
  ScheduleOptions options;
  options.games = 2;
  auto tasks = schedule_games({std::string(engine::kStartFen)}, options);
  ASSERT_TRUE(tasks) << tasks.error();
  std::ostringstream out;
  auto result = run_match(config, *tasks, out);
  ASSERT_TRUE(result) << result.error();
  for (const GameRecord& game : result->games) EXPECT_NE(game.ending, Ending::Fault) << game.reason;
  EXPECT_GT(result->tally.ponders_of(0), 10);
  EXPECT_GT(result->tally.ponder_hits_of(0), 0);
  EXPECT_EQ(result->tally.ponders_of(1), 0);
}

// Interoperation with the reference engines from Debian, when installed (label slow): Ethereal
// against paxbot on a clock in standard chess (e1g1 castling, clock checks) and Stockfish
// against paxbot in Chess960 at fixed nodes (UCI_Chess960, king-takes-rook castling).
TEST(MatchSlow, ReferenceEnginesPlayWithoutFaults) {
  const std::string ethereal = "/usr/games/ethereal-chess", stockfish = "/usr/games/stockfish";
  if (access(ethereal.c_str(), X_OK) != 0 || access(stockfish.c_str(), X_OK) != 0)
    GTEST_SKIP() << "Ethereal or Stockfish is not installed";
  EngineSpec paxbot;
  paxbot.name = "paxbot";
  paxbot.cmd = PAXBOT_BINARY;
  paxbot.args = {"uci"};
  for (engine::Variant variant : {engine::Variant::Standard, engine::Variant::Chess960}) {
    MatchConfig config;
    config.keep_games = true;
    config.variant = variant;
    EngineSpec other;
    other.cmd = variant == engine::Variant::Standard ? ethereal : stockfish;
    other.name = variant == engine::Variant::Standard ? "ethereal" : "stockfish";
    config.engines = {paxbot, other};
    if (variant == engine::Variant::Standard)
      config.limits.tc = TimeControl{2000, 20};
    else
      config.limits.nodes = 3000;
    config.adjudication.max_plies = 120;
    ScheduleOptions options;
    options.variant = variant;
    options.games = 2;
    options.random_plies = 2;
    const std::vector<std::string> starts =
        variant == engine::Variant::Standard
            ? std::vector<std::string>{std::string(engine::kStartFen)}
            : random_chess960_starts(1, 4);
    auto tasks = schedule_games(starts, options);
    ASSERT_TRUE(tasks);
    std::ostringstream out;
    auto result = run_match(config, *tasks, out);
    ASSERT_TRUE(result) << result.error();
    for (const GameRecord& game : result->games) {
      EXPECT_NE(game.ending, Ending::Fault) << other.name << ": " << game.reason;
      std::string moves;
      for (const PlayedMove& m : game.moves) moves += m.uci + " ";
      EXPECT_TRUE(engine::replay_game(variant, game.start_fen, moves));
    }
  }
}

}  // namespace
}  // namespace match
