// SPDX-License-Identifier: GPL-3.0-or-later
#include "lichess/time_control.h"

#include <gtest/gtest.h>

namespace lichess {
namespace {

TEST(SpeedTest, ClassifiesByLimitPlusFortyIncrements) {
  EXPECT_EQ(classify_speed(15, 0), Speed::kUltraBullet);
  EXPECT_EQ(classify_speed(29, 0), Speed::kUltraBullet);
  EXPECT_EQ(classify_speed(30, 0), Speed::kBullet);   // 1/2+0
  EXPECT_EQ(classify_speed(0, 1), Speed::kBullet);    // 0+1 = 40 s
  EXPECT_EQ(classify_speed(120, 1), Speed::kBullet);  // 160
  EXPECT_EQ(classify_speed(180, 0), Speed::kBlitz);   // 3+0
  EXPECT_EQ(classify_speed(180, 2), Speed::kBlitz);   // 260
  EXPECT_EQ(classify_speed(300, 5), Speed::kRapid);   // 500
  EXPECT_EQ(classify_speed(600, 0), Speed::kRapid);
  EXPECT_EQ(classify_speed(900, 14), Speed::kRapid);      // 1460
  EXPECT_EQ(classify_speed(900, 15), Speed::kClassical);  // 1500
  EXPECT_EQ(classify_speed(1499, 0), Speed::kRapid);
  EXPECT_EQ(classify_speed(1500, 0), Speed::kClassical);
  EXPECT_EQ(classify_speed(10800, 60), Speed::kClassical);
  // Lichess (scalachess Speed): classical ends below 21600 s of estimated time.
  EXPECT_EQ(classify_speed(10800, 180), Speed::kClassical);  // 18000
  EXPECT_EQ(classify_speed(21599, 0), Speed::kClassical);
  EXPECT_EQ(classify_speed(21600, 0), Speed::kCorrespondence);
  EXPECT_EQ(classify_speed(0, 540), Speed::kCorrespondence);  // 0+540 = 21600
}

TEST(SpeedTest, CorrespondenceWithDaysOrWithoutClock) {
  EXPECT_EQ(classify_speed(std::nullopt, std::nullopt, 3), Speed::kCorrespondence);
  EXPECT_EQ(classify_speed(std::nullopt, std::nullopt, std::nullopt), Speed::kCorrespondence);
  EXPECT_EQ(classify_speed(180, 2, std::nullopt), Speed::kBlitz);
  EXPECT_EQ(classify_speed(60, std::nullopt, std::nullopt), Speed::kBullet);
}

TEST(SpeedTest, KeysRoundTrip) {
  for (Speed s : {Speed::kUltraBullet, Speed::kBullet, Speed::kBlitz, Speed::kRapid,
                  Speed::kClassical, Speed::kCorrespondence}) {
    EXPECT_EQ(parse_speed(to_string(s)), s);
  }
  EXPECT_EQ(to_string(Speed::kUltraBullet), "ultraBullet");
  EXPECT_FALSE(parse_speed("Blitz").has_value());
}

TEST(SpeedTest, BotsMayPlayEverythingButUltraBullet) {
  EXPECT_FALSE(bots_may_play(Speed::kUltraBullet));
  for (Speed s :
       {Speed::kBullet, Speed::kBlitz, Speed::kRapid, Speed::kClassical, Speed::kCorrespondence}) {
    EXPECT_TRUE(bots_may_play(s)) << to_string(s);
  }
}

TEST(ClockLimitTest, ChallengeClocksAndDays) {
  for (int ok : {0, 15, 30, 45, 60, 90, 120, 600, 10'800}) {
    EXPECT_TRUE(is_challenge_clock_limit(ok)) << ok;
  }
  for (int bad : {-60, 1, 20, 75, 100, 150, 10'860, 21'600}) {
    EXPECT_FALSE(is_challenge_clock_limit(bad)) << bad;
  }
  for (int days : kCorrespondenceDays) EXPECT_TRUE(is_correspondence_days(days)) << days;
  for (int bad : {0, 4, 6, 8, 15}) EXPECT_FALSE(is_correspondence_days(bad)) << bad;
}

}  // namespace
}  // namespace lichess
