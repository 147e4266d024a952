// In-process self-play (`paxbot selfplay`): player specs, refereeing and scoring.
#include <gtest/gtest.h>

#include "engine/game.h"
#include "engine/tools/selfplay.h"

namespace engine::tools {
namespace {

TEST(Selfplay, PlayerSpecsNameTheirLimitsAndErrorsNameTheBadWord) {
  auto full = parse_player("name=full movetime=1000 hash=64 threads=2");
  ASSERT_TRUE(full) << full.error();
  EXPECT_EQ(full->name, "full");
  EXPECT_EQ(full->limits.movetime_ms, 1000);
  EXPECT_EQ(full->options.hash_mb, 64);
  EXPECT_EQ(full->options.threads, 2);
  auto shallow = parse_player("depth=1");
  ASSERT_TRUE(shallow);
  EXPECT_EQ(shallow->limits.depth, 1);
  EXPECT_EQ(shallow->name, "depth=1");

  auto unknown = parse_player("depth=1 speed=9");
  ASSERT_FALSE(unknown);
  EXPECT_NE(unknown.error().find("unknown key 'speed'"), std::string::npos) << unknown.error();
  auto no_limit = parse_player("name=x hash=8");
  ASSERT_FALSE(no_limit);
  EXPECT_NE(no_limit.error().find("needs a limit"), std::string::npos) << no_limit.error();
  EXPECT_FALSE(parse_player("depth=zero"));
  EXPECT_FALSE(parse_player("depth"));
}

// Every game of a short Pacifist match replays legally from its start, and the
// referee's verdict is the status of the replayed final position.
TEST(Selfplay, PacifistGamesReplayLegallyAndEndAsTheRulesSay) {
  SelfplayPlayer a = *parse_player("name=a depth=2 hash=1");
  SelfplayPlayer b = *parse_player("name=b depth=1 hash=1");
  SelfplayOptions options;
  options.variant = Variant::Pacifist;
  options.games = 4;
  options.seed = 7;
  std::vector<SelfplayGame> games;
  const SelfplayScore score = play_match(
      a, b, options, [&](int, const SelfplayGame& g, const SelfplayScore&) { games.push_back(g); });
  ASSERT_EQ(games.size(), 4u);
  EXPECT_EQ(score.games(), 4);
  int a_points_twice = 0;
  for (std::size_t i = 0; i < games.size(); ++i) {
    const SelfplayGame& g = games[i];
    EXPECT_TRUE(g.error.empty()) << g.error;
    EXPECT_EQ(g.a_is_white, i % 2 == 0);
    std::string moves;
    for (const std::string& m : g.moves) moves += m + " ";
    auto end = replay_game(Variant::Pacifist, g.start_fen, moves);
    ASSERT_TRUE(end) << end.error();
    const GameStatus status = game_status(*end);
    if (g.status.termination != Termination::None) {
      EXPECT_EQ(status.outcome, g.status.outcome);
      EXPECT_EQ(status.termination, g.status.termination);
    } else {
      EXPECT_EQ(g.moves.size(), std::size_t(options.max_plies));
    }
    a_points_twice += int(2 * score_for_a(g));
  }
  EXPECT_EQ(a_points_twice, 2 * score.wins + score.draws);
  // Each start is played twice, colours swapped.
  EXPECT_EQ(games[0].start_fen, games[1].start_fen);
  EXPECT_EQ(games[2].start_fen, games[3].start_fen);
  EXPECT_NE(games[0].start_fen, games[2].start_fen);
}

TEST(Selfplay, ABadStartPositionIsReportedAndNotPlayed) {
  SelfplayPlayer a = *parse_player("name=a depth=1 hash=1");
  SelfplayPlayer b = *parse_player("name=b depth=1 hash=1");
  SelfplayGame g = play_game(a, b, true, Variant::Standard, "not a fen", 10);
  EXPECT_FALSE(g.error.empty());
  EXPECT_EQ(g.status.outcome, Outcome::Draw);
  EXPECT_TRUE(g.moves.empty());
}

}  // namespace
}  // namespace engine::tools
