// SPDX-License-Identifier: GPL-3.0-or-later
// The games of a match (match/schedule.h): pairs with colours swapped, cycling starts, round
// robin.
#include "match/schedule.h"

#include <gtest/gtest.h>

#include "engine/fen.h"

namespace match {
namespace {

TEST(Schedule, EachStartIsAPairWithColoursSwapped) {
  ScheduleOptions options;
  options.games = 6;
  auto tasks = schedule_games({"A", "B"}, options);
  ASSERT_TRUE(tasks) << tasks.error();
  ASSERT_EQ(tasks->size(), 6u);
  const char* starts[] = {"A", "A", "B", "B", "A", "A"};  // cycles through the two starts
  for (int i = 0; i < 6; ++i) {
    const GameTask& t = (*tasks)[std::size_t(i)];
    EXPECT_EQ(t.number, i);
    EXPECT_EQ(t.pair, i / 2);
    EXPECT_EQ(t.start_fen, starts[i]);
    EXPECT_EQ(t.white, i % 2 == 0 ? 0 : 1);
    EXPECT_EQ(t.black, i % 2 == 0 ? 1 : 0);
  }
}

TEST(Schedule, RoundsAndRoundRobin) {
  ScheduleOptions options;
  options.engines = 3;
  options.rounds = 2;
  auto tasks = schedule_games({"A", "B"}, options);
  ASSERT_TRUE(tasks);
  // 2 rounds x 2 starts x 3 pairings x 2 colours.
  ASSERT_EQ(tasks->size(), 24u);
  // The first start is played by (0,1), (0,2), (1,2) before the second start.
  EXPECT_EQ((*tasks)[2].white, 0);
  EXPECT_EQ((*tasks)[2].black, 2);
  EXPECT_EQ((*tasks)[5].white, 2);
  EXPECT_EQ((*tasks)[5].black, 1);
  EXPECT_EQ((*tasks)[5].start_fen, "A");
  EXPECT_EQ((*tasks)[6].start_fen, "B");
  EXPECT_EQ((*tasks)[5].pair, 2);
}

TEST(Schedule, RandomPliesGiveEachSlotItsOwnStartAndBothGamesTheSame) {
  ScheduleOptions options;
  options.games = 8;
  options.random_plies = 4;
  options.seed = 3;
  options.variant = engine::Variant::Standard;
  auto tasks = schedule_games({std::string(engine::kStartFen)}, options);
  ASSERT_TRUE(tasks) << tasks.error();
  for (std::size_t i = 0; i < tasks->size(); i += 2)
    EXPECT_EQ((*tasks)[i].start_fen, (*tasks)[i + 1].start_fen);
  EXPECT_NE((*tasks)[0].start_fen, (*tasks)[2].start_fen);  // one opening, different starts
  EXPECT_EQ(schedule_games({std::string(engine::kStartFen)}, options)->at(4).start_fen,
            (*tasks)[4].start_fen);
}

TEST(Schedule, OddGameCountsAndEmptyStartsAreErrors) {
  ScheduleOptions options;
  options.games = 5;
  auto odd = schedule_games({"A"}, options);
  ASSERT_FALSE(odd);
  EXPECT_NE(odd.error().find("odd"), std::string::npos);
  EXPECT_FALSE(schedule_games({}, ScheduleOptions{}));
}

}  // namespace
}  // namespace match
