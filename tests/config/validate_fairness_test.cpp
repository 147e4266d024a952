// SPDX-License-Identifier: GPL-3.0-or-later
// The fairness keys of the challenge section and engine.overrides: loading, printing and
// their rules.
#include <gtest/gtest.h>

#include "config/defaults.h"
#include "config/describe.h"
#include "config/load.h"
#include "config/validate.h"
#include "tests/config/test_support.h"

namespace config {
namespace {

using testing::lines_of;
using testing::TempDir;

TEST(EngineOverridesConfig, LoadWithAbsentSettingsLeftUnset) {
  const LoadResult result = load_string(
      "engine:\n"
      "  overrides:\n"
      "    - {speeds: [classical, correspondence], opponent: human, hash_mb: 256}\n"
      "    - {opponent: bot, book: false, ponder: true, max_think_ms: 2000}\n");
  ASSERT_EQ(lines_of(result.diagnostics), std::vector<std::string>{});
  const auto& o = result.config.engine.overrides;
  ASSERT_EQ(o.size(), 2u);
  EXPECT_EQ(o[0].speeds, (std::vector<Speed>{Speed::kClassical, Speed::kCorrespondence}));
  EXPECT_EQ(o[0].opponent, OpponentKind::kHuman);
  EXPECT_EQ(o[0].hash_mb, 256);
  EXPECT_FALSE(o[0].threads.has_value());
  EXPECT_FALSE(o[0].book.has_value());
  EXPECT_FALSE(o[0].ponder.has_value());
  EXPECT_TRUE(o[1].speeds.empty());
  EXPECT_EQ(o[1].opponent, OpponentKind::kBot);
  EXPECT_EQ(o[1].book, false);
  EXPECT_EQ(o[1].ponder, true);
  EXPECT_EQ(o[1].max_think_ms, 2000);
  EXPECT_FALSE(o[1].hash_mb.has_value());
}

TEST(EngineOverridesConfig, PrintedConfigReloadsToTheSameOverrides) {
  Config c = default_config();
  c.engine.overrides = {
      {.speeds = {Speed::kBullet}, .opponent = OpponentKind::kBot, .threads = 2, .book = true},
      {.opponent = OpponentKind::kAny, .first_move_max_ms = 3000}};
  const LoadResult reloaded = load_string(describe(c));
  EXPECT_EQ(lines_of(reloaded.diagnostics), std::vector<std::string>{});
  EXPECT_EQ(reloaded.config, c);
}

TEST(EngineOverridesConfig, UnknownKeysAndValuesAreErrorsNamingThem) {
  TempDir dir;
  const auto file = dir.write("bot.yml",
                              "engine:\n"
                              "  overrides:\n"
                              "    - speeds: [classic]\n"
                              "      opponent: humans\n"
                              "      hash: 256\n"
                              "      threads: many\n"
                              "      max_think_ms: 9000\n");
  const std::vector<std::string> expected = {
      "3:16 error engine.overrides[0].speeds[0]: unknown value 'classic'; fix: did you mean "
      "classical? use one of bullet, blitz, rapid, classical, correspondence",
      "4:7 error engine.overrides[0].opponent: unknown value 'humans'; fix: did you mean human? "
      "use one of any, human, bot",
      "5:7 error engine.overrides[0].hash: unknown key; fix: did you mean "
      "engine.overrides[0].hash_mb? otherwise remove it",
      "6:7 error engine.overrides[0].threads: expected a whole number, got 'many'; fix: give "
      "threads a value of that kind"};
  EXPECT_EQ(lines_of(load_and_validate(file).diagnostics), expected);
}

TEST(EngineOverridesConfig, RangesEmptyEntriesAndTheBulletFirstMoveDeadline) {
  Config c = default_config();
  c.engine.overrides = {{.hash_mb = 0},
                        {.speeds = {Speed::kRapid, Speed::kRapid}},
                        {.first_move_max_ms = 19'600},
                        {.speeds = {Speed::kClassical}, .first_move_max_ms = 19'600}};
  const std::vector<std::string> lines = lines_of(validate(c));
  const std::vector<std::string> expected = {
      "- error engine.overrides[0].hash_mb: must be between 1 and 65536 (got 0); fix: set "
      "hash_mb to a value from 1 to 65536",
      "- warning engine.overrides[1].speeds: lists 'rapid' twice; fix: remove the repeated entry",
      "- warning engine.overrides[1]: sets no engine setting, so it changes nothing; fix: add "
      "hash_mb, threads, move_overhead_ms, max_think_ms, first_move_max_ms, book or ponder, or "
      "remove the entry",
      "- error engine.overrides[2]: gives bullet games first_move_max_ms + move_overhead_ms = "
      "20100 ms, not below 20000 ms, the first-move deadline of bullet games; fix: lower "
      "first_move_max_ms or move_overhead_ms, or list speeds without bullet"};
  EXPECT_EQ(lines, expected);
}

TEST(FairnessConfig, KeysLoadUnderTheChallengeSection) {
  const LoadResult result = load_string(
      "challenge:\n"
      "  concurrency: 4\n"
      "  max_simultaneous_games_per_user: 2\n"
      "  max_recent_bot_challenges: 3\n"
      "  recent_bot_challenge_age_min: 60\n"
      "  human_slots: 1\n"
      "  bullet_requires_increment_bots: true\n"
      "  sort_by: best\n"
      "  preference: human\n");
  ASSERT_EQ(lines_of(result.diagnostics), std::vector<std::string>{});
  const ChallengeFairness& f = result.config.challenge.fairness;
  EXPECT_EQ(f.max_simultaneous_games_per_user, 2);
  EXPECT_EQ(f.max_recent_bot_challenges, 3);
  EXPECT_EQ(f.recent_bot_challenge_age_min, 60);
  EXPECT_EQ(f.human_slots, 1);
  EXPECT_TRUE(f.bullet_requires_increment_bots);
  EXPECT_FALSE(f.bullet_requires_increment_humans);
  EXPECT_EQ(f.sort_by, QueueOrder::kBest);
  EXPECT_EQ(f.preference, OpponentPreference::kHuman);
}

TEST(FairnessConfig, HumanSlotsFitTheConcurrency) {
  Config c = default_config();
  c.challenge.concurrency = 2;
  c.challenge.fairness.human_slots = 3;
  EXPECT_EQ(lines_of(validate(c)),
            std::vector<std::string>{"- error challenge.human_slots: is 3, more than "
                                     "challenge.concurrency (2); fix: keep at most concurrency "
                                     "slots for humans"});
  c.challenge.fairness.human_slots = 2;
  EXPECT_EQ(lines_of(validate(c)),
            std::vector<std::string>{"- warning challenge.human_slots: keeps every slot for "
                                     "humans, so no bot challenge is ever accepted; fix: lower "
                                     "human_slots, or set accept_bot: false to say so"});
  c.challenge.accept_bot = false;
  EXPECT_EQ(lines_of(validate(c)), std::vector<std::string>{});
  c.challenge.accept_bot = true;
  c.challenge.only_bot = true;
  c.challenge.fairness.human_slots = 1;
  EXPECT_EQ(validate(c).size(), 1u);
}

TEST(FairnessConfig, LimitsHaveRanges) {
  Config c = default_config();
  c.challenge.fairness.max_simultaneous_games_per_user = -1;
  c.challenge.fairness.max_recent_bot_challenges = 1001;
  c.challenge.fairness.recent_bot_challenge_age_min = 0;
  const std::vector<std::string> lines = lines_of(validate(c));
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_NE(lines[0].find("challenge.max_simultaneous_games_per_user: must be between 0 and 100"),
            std::string::npos);
  EXPECT_NE(lines[1].find("challenge.max_recent_bot_challenges: must be between 0 and 1000"),
            std::string::npos);
  EXPECT_NE(lines[2].find("challenge.recent_bot_challenge_age_min: must be between 1 and 1440"),
            std::string::npos);
}

TEST(FairnessConfig, LichessBotKeysPointToTheirCounterparts) {
  const LoadResult result = load_string(
      "challenge:\n  bullet_requires_increment: true\n  recent_bot_challenge_age: 60\n");
  const std::vector<std::string> lines = lines_of(result.diagnostics);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_NE(lines[0].find("challenge.bullet_requires_increment_bots and "
                          "challenge.bullet_requires_increment_humans here"),
            std::string::npos)
      << lines[0];
  EXPECT_NE(lines[1].find("challenge.recent_bot_challenge_age_min (minutes) here"),
            std::string::npos)
      << lines[1];
}

}  // namespace
}  // namespace config
