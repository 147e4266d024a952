// SPDX-License-Identifier: GPL-3.0-or-later
// Adjudication (match/adjudication.h): draw and resign windows and the ply limit.
#include "match/adjudication.h"

#include <gtest/gtest.h>

namespace match {
namespace {

using engine::Black;
using engine::White;

ReportedScore cp(int value) {
  return ReportedScore{value, std::nullopt};
}

TEST(Adjudication, DrawNeedsBothSidesQuietForTheWholeWindowAfterTheMove) {
  AdjudicationRules rules;
  rules.draw = AdjudicationRules::Draw{10, 20, 2};  // from move 10, |score| <= 20, 2 moves each
  Adjudicator a(rules);
  // Moves 8 and 9 are quiet but too early; they do not count.
  EXPECT_FALSE(a.after_move(White, 8, 15, cp(0)));
  EXPECT_FALSE(a.after_move(Black, 9, 18, cp(5)));
  EXPECT_FALSE(a.after_move(White, 10, 19, cp(10)));
  EXPECT_FALSE(a.after_move(Black, 10, 20, cp(-20)));
  EXPECT_FALSE(a.after_move(White, 11, 21, cp(25)));  // out of the window: start again
  EXPECT_FALSE(a.after_move(Black, 11, 22, cp(0)));
  EXPECT_FALSE(a.after_move(White, 12, 23, cp(0)));
  EXPECT_FALSE(a.after_move(Black, 12, 24, std::nullopt));  // no score: start again
  EXPECT_FALSE(a.after_move(White, 13, 25, cp(3)));
  EXPECT_FALSE(a.after_move(Black, 13, 26, cp(-3)));
  EXPECT_FALSE(a.after_move(White, 14, 27, cp(1)));
  auto verdict = a.after_move(Black, 14, 28, cp(0));
  ASSERT_TRUE(verdict);
  EXPECT_EQ(verdict->outcome, engine::Outcome::Draw);
}

TEST(Adjudication, ResignNeedsBothEnginesToAgree) {
  AdjudicationRules rules;
  rules.resign = AdjudicationRules::Resign{500, 2};
  Adjudicator a(rules);
  // White thinks it is lost, but Black does not agree: no verdict.
  EXPECT_FALSE(a.after_move(White, 20, 39, cp(-600)));
  EXPECT_FALSE(a.after_move(Black, 20, 40, cp(100)));
  // Now both agree that White is lost (Black's own score is high, White's low).
  EXPECT_FALSE(a.after_move(White, 21, 41, cp(-600)));
  EXPECT_FALSE(a.after_move(Black, 21, 42, cp(700)));
  EXPECT_FALSE(a.after_move(White, 22, 43, cp(-800)));
  ReportedScore mate;
  mate.mate_in = 3;  // Black mates: as good as any score beyond the threshold
  auto verdict = a.after_move(Black, 22, 44, mate);
  ASSERT_TRUE(verdict);
  EXPECT_EQ(verdict->outcome, engine::Outcome::BlackWins);
  EXPECT_NE(verdict->reason.find("White is lost"), std::string::npos);
}

TEST(Adjudication, PlyLimitIsADraw) {
  AdjudicationRules rules;
  rules.max_plies = 3;
  Adjudicator a(rules);
  EXPECT_FALSE(a.after_move(White, 1, 1, std::nullopt));
  EXPECT_FALSE(a.after_move(Black, 1, 2, std::nullopt));
  auto verdict = a.after_move(White, 2, 3, std::nullopt);
  ASSERT_TRUE(verdict);
  EXPECT_EQ(verdict->outcome, engine::Outcome::Draw);
  // Without rules nothing is ever adjudicated.
  Adjudicator none({});
  for (int ply = 1; ply < 500; ++ply) EXPECT_FALSE(none.after_move(White, ply, ply, cp(0)));
}

TEST(Adjudication, RuleTextsParseAndErrorsNameTheOption) {
  auto draw = parse_draw_rule("40:10:8");
  ASSERT_TRUE(draw) << draw.error();
  EXPECT_EQ(draw->from_move, 40);
  EXPECT_EQ(draw->score_cp, 10);
  EXPECT_EQ(draw->moves, 8);
  auto resign = parse_resign_rule("900:3");
  ASSERT_TRUE(resign);
  EXPECT_EQ(resign->score_cp, 900);
  EXPECT_EQ(resign->moves, 3);
  auto bad = parse_draw_rule("40:10");
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().find("--draw"), std::string::npos) << bad.error();
  EXPECT_FALSE(parse_resign_rule("x:3"));
  EXPECT_FALSE(parse_resign_rule("500:0"));
}

}  // namespace
}  // namespace match
