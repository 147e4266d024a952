// SPDX-License-Identifier: GPL-3.0-or-later
// Whole matches (match/match.h) between fake UCI engines with scripted faults: each faulty
// engine loses that game, the match goes on with a fresh process; adjudication, round robins,
// the SPRT stop and the data lines. Matches between real engines: match_real_engines_test.cpp.
#include "match/match.h"

#include <gtest/gtest.h>

#include <sstream>

#include "engine/fen.h"
#include "match/pgn_out.h"
#include "tests/match/match_files.h"

namespace match {
namespace {

using test_files::read_file;
using test_files::temp_path;

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

// Pondering on a clock: "a" names as its ponder move the reply "b" (seed 2) will play, so every
// move of "a" after its first in each game is a ponderhit; "c" guesses with another seed and
// misses. The fakes exit on any ponder protocol error (out-of-turn position, go or
// ponderhit), which would be a crash fault; games end by the ply cap while "a" may ponder.
TEST(Match, ThePonderingEngineGetsAHitWhenItsGuessIsPlayed) {
  MatchConfig config;
  config.keep_games = true;
  config.engines = {fake("a", "random", 0, 1), fake("b", "random", 0, 2)};
  config.engines[0].args.push_back("ponder-seed=2");
  config.engines[0].ponder = true;
  config.limits.tc = TimeControl{5000, 50};
  config.adjudication.max_plies = 11;
  std::ostringstream out;
  auto result = run_match(config, games_from_start(4), out);
  ASSERT_TRUE(result) << result.error();
  for (const GameRecord& game : result->games) {
    EXPECT_NE(game.ending, Ending::Fault) << game.reason;
    for (const PlayedMove& m : game.moves) EXPECT_NE(m.ponder, PonderOutcome::Miss) << m.uci;
  }
  const int ponders = result->tally.ponders_of(0);
  EXPECT_EQ(ponders, result->tally.ponder_hits_of(0));
  // "a" plays 6 moves as White and 5 as Black in an 11-ply game; the first one is not pondered.
  EXPECT_EQ(ponders, 2 * (5 + 4));
  EXPECT_EQ(result->tally.ponders_of(1), 0);
  EXPECT_NE(result->tally.summary(std::nullopt).find("Ponder: a 18 hits of 18 (100.0%)"),
            std::string::npos)
      << result->tally.summary(std::nullopt);

  config.engines[0] = fake("c", "random", 0, 1);
  config.engines[0].args.push_back("ponder-seed=7");
  config.engines[0].ponder = true;
  auto guessing = run_match(config, games_from_start(4), out);
  ASSERT_TRUE(guessing) << guessing.error();
  for (const GameRecord& game : guessing->games)
    EXPECT_NE(game.ending, Ending::Fault) << game.reason;
  EXPECT_EQ(guessing->tally.ponders_of(0), 18);
  EXPECT_LT(guessing->tally.ponder_hits_of(0), 18);
}

}  // namespace
}  // namespace match
