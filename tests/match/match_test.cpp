// SPDX-License-Identifier: GPL-3.0-or-later
// Whole matches (match/match.h) between real child processes: the fake UCI engine with scripted
// faults (each faulty engine loses that game, the match goes on with a fresh process) and a
// short Pacifist match between two `paxbot uci` processes whose games replay legally.
#include "match/match.h"

#include <gtest/gtest.h>

#include <unistd.h>

#include <fstream>
#include <sstream>

#include "engine/fen.h"
#include "engine/game.h"
#include "engine/san.h"
#include "match/openings.h"
#include "match/pgn_out.h"

namespace match {
namespace {

EngineSpec fake(const std::string& name, const std::string& mode, int after = 0, int seed = 1) {
  EngineSpec spec;
  spec.name = name;
  spec.cmd = FAKE_UCI_ENGINE;
  spec.args = {"mode=" + mode, "after=" + std::to_string(after), "seed=" + std::to_string(seed)};
  return spec;
}

std::vector<GameTask> games_from_start(int games) {
  ScheduleOptions options;
  options.games = games;
  return *schedule_games({std::string(engine::kStartFen)}, options);
}

std::string temp_path(const std::string& name) {
  return testing::TempDir() + "match_test_" + name;
}

std::string read_file(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

struct FaultCase {
  std::string mode;
  Fault fault;
  std::string termination;
};

void PrintTo(const FaultCase& c, std::ostream* out) {
  *out << c.mode;
}

class MatchFaults : public testing::TestWithParam<FaultCase> {};

// The faulty engine plays two good moves in every game, then fails: it loses each game by that
// fault, after exactly two of its own moves (so its process was restarted for every game), and
// the match plays all its games.
TEST_P(MatchFaults, TheFaultyEngineLosesEveryGameAndTheMatchGoesOn) {
  const FaultCase& c = GetParam();
  MatchConfig config;
  config.keep_games = true;
  config.engines = {fake("good", "random"), fake("bad", c.mode, 2)};
  config.limits.nodes = 1;
  // Time odds, so that only the slow engine can lose on time, even on a busy machine.
  if (c.fault == Fault::Time) {
    config.engines[0].limits.tc = TimeControl{60000, 0};
    config.engines[1].limits.tc = TimeControl{500, 0};
  }
  config.hang_timeout_ms = 500;
  config.time_margin_ms = 50;
  config.adjudication.max_plies = 40;
  config.pgn_path = temp_path(c.mode + ".pgn");
  config.log_path = temp_path(c.mode + ".log");
  std::ostringstream out;
  auto result = run_match(config, games_from_start(4), out);
  ASSERT_TRUE(result) << result.error();
  ASSERT_EQ(result->games.size(), 4u) << out.str();
  for (const GameRecord& game : result->games) {
    EXPECT_EQ(game.ending, Ending::Fault) << game.reason;
    EXPECT_EQ(game.fault, c.fault) << game.reason;
    int bad_moves = 0;
    for (const PlayedMove& m : game.moves) bad_moves += m.mover == game.fault_side;
    EXPECT_EQ(bad_moves, 2) << game.reason;
    EXPECT_NE(game.reason.find("bad"), std::string::npos) << game.reason;
    if (c.fault == Fault::Crash) {  // the fake exits with code 1 at the go it fails
      EXPECT_NE(game.reason.find("exited during its search (end of output; exit code 1)"),
                std::string::npos)
          << game.reason;
    }
  }
  const PairingTally& p = result->tally.pairings()[0];
  EXPECT_EQ(p.games.wins, 4);
  EXPECT_EQ(p.pairs.counts[4], 2);
  EXPECT_EQ(result->tally.faults_of(1, c.fault), 4);
  EXPECT_EQ(result->tally.faults_of(0, c.fault), 0);
  EXPECT_NE(out.str().find("faults 4 (" + std::string(fault_name(c.fault)) + " 4)"),
            std::string::npos)
      << out.str();
  const std::string pgn = read_file(config.pgn_path);
  EXPECT_NE(pgn.find("[Termination \"" + c.termination + "\"]"), std::string::npos) << pgn;
  EXPECT_NE(pgn.find("[Result \"0-1\"]"), std::string::npos);  // bad was White in game 2
  if (c.fault == Fault::Time) {  // time odds: each side's own clock in its own tag
    EXPECT_NE(pgn.find("[TimeControl \"?\"]\n[WhiteTimeControl \"60+0\"]\n"
                       "[BlackTimeControl \"0.5+0\"]"),
              std::string::npos)
        << pgn;
  }
  // The log shows the conversation with both engines, sent (">") and read ("<").
  const std::string log = read_file(config.log_path);
  EXPECT_NE(log.find(" > uci\n"), std::string::npos);
  EXPECT_NE(log.find(" < uciok\n"), std::string::npos);
  EXPECT_NE(log.find(" > position startpos moves "), std::string::npos) << log.substr(0, 2000);
  EXPECT_NE(log.find(" < bestmove "), std::string::npos);
  EXPECT_NE(log.find("bad@"), std::string::npos);
}

INSTANTIATE_TEST_SUITE_P(Modes, MatchFaults,
                         testing::Values(FaultCase{"crash", Fault::Crash, "abandoned"},
                                         FaultCase{"hang", Fault::Hang, "abandoned"},
                                         FaultCase{"illegal", Fault::Illegal, "rules infraction"},
                                         FaultCase{"slow", Fault::Time, "time forfeit"}),
                         [](const testing::TestParamInfo<FaultCase>& info) {
                           return info.param.mode;
                         });

TEST(Match, AnEngineThatNeverSaysUciokIsOneClearError) {
  MatchConfig config;
  config.keep_games = true;
  config.engines = {fake("good", "random"), fake("mute", "silent")};
  config.limits.nodes = 1;
  config.startup_timeout_ms = 200;
  std::ostringstream out;
  auto result = run_match(config, games_from_start(2), out);
  ASSERT_FALSE(result);
  EXPECT_NE(result.error().find("mute"), std::string::npos) << result.error();
  config.engines[1] = fake("good", "random");
  config.engines[1].cmd = "/nonexistent/engine";
  auto missing = run_match(config, games_from_start(2), out);
  ASSERT_FALSE(missing);
  EXPECT_NE(missing.error().find("/nonexistent/engine"), std::string::npos) << missing.error();
}

// Standard games send castling as king-to-destination (e1g1): the strict fake engine exits
// when it receives king-takes-rook in a standard game, which would be a crash fault here.
TEST(Match, StandardGamesSendCastlingAsKingToDestination) {
  MatchConfig config;
  config.keep_games = true;
  config.engines = {fake("a", "random", 0, 3), fake("b", "random", 0, 4)};
  for (EngineSpec& e : config.engines) e.args.push_back("strict-castling=1");
  config.limits.nodes = 1;
  config.adjudication.max_plies = 12;
  ScheduleOptions options;
  options.games = 8;
  options.random_plies = 1;
  // Only kings, rooks and pawns that cannot move far: castling comes up quickly.
  auto tasks = schedule_games({"r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1"}, options);
  ASSERT_TRUE(tasks);
  std::ostringstream out;
  auto result = run_match(config, *tasks, out);
  ASSERT_TRUE(result) << result.error();
  int castlings = 0;
  for (const GameRecord& game : result->games) {
    EXPECT_NE(game.ending, Ending::Fault) << game.reason;
    for (const PlayedMove& m : game.moves) castlings += m.san.rfind("O-O", 0) == 0;
  }
  EXPECT_GT(castlings, 0);
}

TEST(Match, DrawAdjudicationEndsQuietGames) {
  MatchConfig config;
  config.keep_games = true;
  config.engines = {fake("a", "random"), fake("b", "random", 0, 2)};
  config.limits.nodes = 1;
  config.adjudication.draw = AdjudicationRules::Draw{3, 10, 2};  // the fake reports cp 0
  std::ostringstream out;
  auto result = run_match(config, games_from_start(2), out);
  ASSERT_TRUE(result) << result.error();
  for (const GameRecord& game : result->games) {
    EXPECT_EQ(game.ending, Ending::Adjudication);
    EXPECT_EQ(game.outcome, engine::Outcome::Draw);
    // Quiet from move 3 on: White's and Black's moves 3 and 4, so 8 plies in all.
    EXPECT_EQ(game.moves.size(), 8u);
  }
}

// Both fakes report a fixed score from their own side: "gloom" always -2000, "glee" +2000, so
// both agree gloom's side is lost, whichever colour it has.
TEST(Match, ResignAdjudicationNeedsBothEnginesToAgree) {
  MatchConfig config;
  config.keep_games = true;
  config.engines = {fake("gloom", "random"), fake("glee", "random", 0, 2)};
  config.engines[0].args.push_back("score=-2000");
  config.engines[1].args.push_back("score=2000");
  config.limits.nodes = 1;
  config.adjudication.resign = AdjudicationRules::Resign{1000, 3};
  std::ostringstream out;
  auto result = run_match(config, games_from_start(2), out);
  ASSERT_TRUE(result) << result.error();
  ASSERT_EQ(result->games.size(), 2u);
  EXPECT_EQ(result->games[0].ending, Ending::Adjudication);
  EXPECT_EQ(result->games[0].moves.size(), 6u);  // three moves of each side
  EXPECT_EQ(result->tally.pairings()[0].games.losses, 2);
  EXPECT_EQ(result->tally.pairings()[0].pairs.counts[0], 1);
}

// Three engines: a round robin, each pairing plays the start as a pair with colours swapped.
TEST(Match, ThreeEnginesPlayARoundRobin) {
  MatchConfig config;
  config.keep_games = true;
  config.engines = {fake("a", "random", 0, 1), fake("b", "random", 0, 2), fake("c", "crash", 0)};
  config.limits.nodes = 1;
  config.adjudication.max_plies = 10;
  config.concurrency = 2;
  ScheduleOptions options;
  options.engines = 3;
  auto tasks = schedule_games({std::string(engine::kStartFen)}, options);
  ASSERT_TRUE(tasks);
  ASSERT_EQ(tasks->size(), 6u);
  std::ostringstream out;
  auto result = run_match(config, *tasks, out);
  ASSERT_TRUE(result) << result.error();
  const auto& p = result->tally.pairings();
  ASSERT_EQ(p.size(), 3u);
  for (const PairingTally& pairing : p) EXPECT_EQ(pairing.pairs.pairs(), 1);
  EXPECT_EQ(p[1].games.wins, 2);   // a vs c: c crashes every game
  EXPECT_EQ(p[2].games.wins, 2);   // b vs c
  EXPECT_EQ(p[0].games.draws, 2);  // a vs b: ten random plies, then the ply limit
  EXPECT_EQ(result->tally.faults_of(2, Fault::Crash), 4);
  const std::string summary = result->tally.summary(std::nullopt);
  EXPECT_NE(summary.find("Result a vs c: W 2 D 0 L 0"), std::string::npos) << summary;
  EXPECT_NE(summary.find("Result b vs c: W 2 D 0 L 0"), std::string::npos) << summary;
}

// The SPRT stops the match as soon as it decides: the fake that crashes at once loses every
// pair. With elo1 = 200 the LLR of n won pairs is about 0.418 n (n = 7: 2.928, n = 8: 3.347),
// so H1 is accepted at the eighth complete pair. With two workers that is after 16 games, or
// after 18 when one worker was still in the first game of a pair while the other finished the
// next pair; the game in flight on the other worker still finishes.
TEST(Match, SprtStopsTheMatchWhenItDecides) {
  MatchConfig config;
  config.keep_games = true;
  config.engines = {fake("good", "random"), fake("bad", "crash", 0)};
  config.limits.nodes = 1;
  config.sprt = SprtParameters{0, 200, 0.05, 0.05};
  config.concurrency = 2;
  std::ostringstream out;
  auto result = run_match(config, games_from_start(400), out);
  ASSERT_TRUE(result) << result.error();
  ASSERT_TRUE(result->sprt_decision);
  EXPECT_EQ(*result->sprt_decision, SprtDecision::AcceptH1);
  EXPECT_GE(result->games.size(), 16u);
  EXPECT_LE(result->games.size(), 18u);
  EXPECT_EQ(result->tally.pairings()[0].pairs.counts[4], int(result->games.size()) / 2);
  EXPECT_NE(out.str().find("H1 accepted"), std::string::npos) << out.str();
  EXPECT_NE(result->tally.summary(config.sprt).find("H1 accepted"), std::string::npos);
}

// Two copies of one deterministic engine play the same game twice in a pair (colours swapped,
// same moves): the data file gets the game once.
TEST(Match, DataLeavesOutAPairsMoveForMoveReplay) {
  MatchConfig config;
  config.keep_games = true;
  config.engines = {fake("a", "random", 0, 5), fake("b", "random", 0, 5)};
  config.limits.nodes = 1;
  config.adjudication.max_plies = 12;
  config.data_path = temp_path("replay.data");
  std::remove(config.data_path.c_str());
  std::ostringstream out;
  auto result = run_match(config, games_from_start(2), out);
  ASSERT_TRUE(result) << result.error();
  ASSERT_EQ(result->games.size(), 2u);
  ASSERT_EQ(result->games[0].moves.size(), 12u);
  for (std::size_t i = 0; i < 12; ++i)
    EXPECT_EQ(result->games[0].moves[i].uci, result->games[1].moves[i].uci);
  EXPECT_EQ(result->data_replays_skipped, 1);
  EXPECT_EQ(result->data_lines, 12);
  const std::string data = read_file(config.data_path);
  EXPECT_EQ(std::count(data.begin(), data.end(), '\n'), 12);
  // Different engines: both games are written.
  config.engines[1] = fake("b", "random", 0, 6);
  std::remove(config.data_path.c_str());
  auto different = run_match(config, games_from_start(2), out);
  ASSERT_TRUE(different);
  EXPECT_EQ(different->data_replays_skipped, 0);
  EXPECT_EQ(different->data_lines, 24);
}

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

// Two paxbot processes play short Pacifist games (tiny node limit, random Chess960 arrays moved
// on by two random plies). Every game replays legally with our rules engine and ends as
// game_status says; the PGN's SAN replays from its FEN tag; the data lines carry White's result.
TEST(Match, PacifistMatchBetweenTwoPaxbotProcessesReplaysLegally) {
  MatchConfig config;
  config.keep_games = true;
  EngineSpec paxbot;
  paxbot.cmd = PAXBOT_BINARY;
  paxbot.args = {"uci"};
  paxbot.options = {{"Hash", "1"}};
  paxbot.name = "p1";
  config.engines = {paxbot, paxbot};
  config.engines[1].name = "p2";
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
