// SPDX-License-Identifier: GPL-3.0-or-later
// Pure pieces of the server: clocks, time controls, variants, challenge forms.
#include <gtest/gtest.h>

#include "server/challenges.h"
#include "server/clocks.h"
#include "server/variants.h"

namespace server {
namespace {

TEST(TimeControlTest, SpeedAndShow) {
  EXPECT_EQ(TimeControl::clock(15, 0).speed(), "ultraBullet");
  EXPECT_EQ(TimeControl::clock(30, 0).speed(), "bullet");
  EXPECT_EQ(TimeControl::clock(0, 1).speed(), "bullet");
  EXPECT_EQ(TimeControl::clock(180, 0).speed(), "blitz");
  EXPECT_EQ(TimeControl::clock(300, 3).speed(), "blitz");
  EXPECT_EQ(TimeControl::clock(600, 0).speed(), "rapid");
  EXPECT_EQ(TimeControl::clock(1800, 0).speed(), "classical");
  EXPECT_EQ(TimeControl::clock(10800, 180).speed(), "classical");
  EXPECT_EQ(TimeControl::correspondence(3).speed(), "correspondence");
  EXPECT_EQ(TimeControl::unlimited().speed(), "correspondence");
  EXPECT_EQ(TimeControl::clock(300, 2).show(), "5+2");
  EXPECT_EQ(TimeControl::clock(30, 0).show(), "½+0");
  EXPECT_EQ(TimeControl::clock(90, 1).show(), "1.5+1");
}

TEST(GameClockTest, PressAddsIncrementAndFlagging) {
  GameClock c(10000, 1000);
  EXPECT_FALSE(c.running());
  c.start(engine::White, 0);
  EXPECT_EQ(c.remaining(engine::White, 4000), 6000);
  EXPECT_EQ(c.remaining(engine::Black, 4000), 10000);
  c.press(engine::White, 4000);
  EXPECT_EQ(c.remaining(engine::White, 4000), 7000);
  EXPECT_TRUE(c.running());
  EXPECT_EQ(c.running_color(), engine::Black);
  EXPECT_FALSE(c.flagged(13999));
  EXPECT_TRUE(c.flagged(14000));
  EXPECT_EQ(c.remaining(engine::Black, 20000), 0);
  c.stop(5000);
  EXPECT_EQ(c.remaining(engine::Black, 99999), 9000);
  EXPECT_FALSE(c.flagged(99999));
}

TEST(Variants, EngineRules) {
  EXPECT_EQ(engine_rules(lichess::Variant::kStandard), engine::Variant::Standard);
  EXPECT_EQ(engine_rules(lichess::Variant::kChess960), engine::Variant::Chess960);
  EXPECT_EQ(engine_rules(lichess::Variant::kFromPosition), engine::Variant::Chess960);
  EXPECT_EQ(engine_rules(lichess::Variant::kPacifist), engine::Variant::Pacifist);
}

TEST(ChallengeForm, Defaults) {
  auto r = parse_challenge_request({}, false);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->time_control.kind, TimeControl::Kind::kUnlimited);
  EXPECT_EQ(r->color, ColorChoice::kRandom);
  EXPECT_EQ(r->variant, lichess::Variant::kStandard);
  auto any = parse_challenge_request({{"clock.limit", "7"}, {"clock.increment", "0"}}, true);
  ASSERT_TRUE(any);
  EXPECT_EQ(any->time_control.limit_s, 7);
  EXPECT_FALSE(parse_challenge_request({{"clock.limit", "7"}}, false));
  std::mt19937_64 rng(1);
  EXPECT_EQ(random_id(rng, 8).size(), 8u);
}

}  // namespace
}  // namespace server
