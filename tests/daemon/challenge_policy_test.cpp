// SPDX-License-Identifier: GPL-3.0-or-later
// Challenge policy: every decline reason, queueing and acceptance.
#include "daemon/challenge_policy.h"

#include <gtest/gtest.h>

#include "config/defaults.h"

namespace bot {
namespace {

using Action = ChallengeDecision::Action;

ChallengeFacts blitz_from(std::string name) {
  ChallengeFacts f;
  f.challenger = std::move(name);
  f.challenger_rating = 1500;
  f.variant = config::Variant::kStandard;
  f.limit_s = 180;
  f.increment_s = 2;
  return f;
}

config::Challenge policy() {
  return config::default_config().challenge;
}

DeclineReason reason_for(const config::Challenge& p, const ChallengeFacts& f, BotLoad load = {}) {
  ChallengeDecision d = decide_challenge(p, f, load);
  EXPECT_EQ(d.action, Action::decline) << d.why;
  return d.reason;
}

TEST(ChallengePolicy, AcceptsAnOrdinaryChallenge) {
  EXPECT_EQ(decide_challenge(policy(), blitz_from("alice"), {}).action, Action::accept);
}

TEST(ChallengePolicy, BlockAndAllowListsAreCaseInsensitive) {
  auto p = policy();
  p.block_list = {"Mallory"};
  EXPECT_EQ(reason_for(p, blitz_from("mallory")), DeclineReason::kGeneric);
  p.block_list.clear();
  p.allow_list = {"Alice"};
  EXPECT_EQ(decide_challenge(p, blitz_from("alice"), {}).action, Action::accept);
  EXPECT_EQ(reason_for(p, blitz_from("bob")), DeclineReason::kGeneric);
}

TEST(ChallengePolicy, OnlineBlockListDeclinesWithTheGenericReason) {
  ChallengeFacts listed = blitz_from("mallory");
  listed.on_online_block_list = true;
  const ChallengeDecision d = decide_challenge(policy(), listed, {});
  EXPECT_EQ(d.action, Action::decline);
  EXPECT_EQ(d.reason, DeclineReason::kGeneric);
  EXPECT_EQ(d.why, "online block list");
}

TEST(ChallengePolicy, VariantReasons) {
  auto p = policy();
  auto f = blitz_from("alice");
  f.variant.reset();  // e.g. atomic
  EXPECT_EQ(reason_for(p, f), DeclineReason::kVariant);
  p.variants = {config::Variant::kStandard};
  f.variant = config::Variant::kPacifist;
  EXPECT_EQ(reason_for(p, f), DeclineReason::kStandard);
}

TEST(ChallengePolicy, TimeControlReasons) {
  auto p = policy();
  p.time_controls = {config::Speed::kBlitz, config::Speed::kRapid};
  auto bullet = blitz_from("a");
  bullet.limit_s = 60;
  bullet.increment_s = 0;
  EXPECT_EQ(reason_for(p, bullet), DeclineReason::kTooFast);
  auto classical = blitz_from("a");
  classical.limit_s = 1800;
  EXPECT_EQ(reason_for(p, classical), DeclineReason::kTooSlow);
  p.time_controls = {config::Speed::kBullet, config::Speed::kClassical};
  EXPECT_EQ(reason_for(p, blitz_from("a")), DeclineReason::kTimeControl);

  p = policy();
  p.min_base = 300;
  EXPECT_EQ(reason_for(p, blitz_from("a")), DeclineReason::kTooFast);
  p = policy();
  p.max_increment = 1;
  EXPECT_EQ(reason_for(p, blitz_from("a")), DeclineReason::kTooSlow);

  auto corr = blitz_from("a");
  corr.kind = ChallengeFacts::Kind::correspondence;
  corr.days = 3;
  EXPECT_EQ(reason_for(policy(), corr), DeclineReason::kTimeControl);
  p = policy();
  p.time_controls.push_back(config::Speed::kCorrespondence);
  EXPECT_EQ(decide_challenge(p, corr, {}).action, Action::accept);
  p.max_days = 2;
  EXPECT_EQ(reason_for(p, corr), DeclineReason::kTooSlow);

  auto unlimited = blitz_from("a");
  unlimited.kind = ChallengeFacts::Kind::unlimited;
  EXPECT_EQ(reason_for(policy(), unlimited), DeclineReason::kTimeControl);
}

TEST(ChallengePolicy, ModeReasons) {
  auto p = policy();
  p.modes = {config::Mode::casual};
  auto rated = blitz_from("a");
  rated.rated = true;
  EXPECT_EQ(reason_for(p, rated), DeclineReason::kCasual);
  p.modes = {config::Mode::rated};
  EXPECT_EQ(reason_for(p, blitz_from("a")), DeclineReason::kRated);
}

TEST(ChallengePolicy, BotAndHumanReasons) {
  auto p = policy();
  p.accept_bot = false;
  auto bot = blitz_from("robot");
  bot.challenger_is_bot = true;
  EXPECT_EQ(reason_for(p, bot), DeclineReason::kNoBot);
  p = policy();
  p.only_bot = true;
  EXPECT_EQ(reason_for(p, blitz_from("human")), DeclineReason::kOnlyBot);
  EXPECT_EQ(decide_challenge(p, bot, {}).action, Action::accept);
}

TEST(ChallengePolicy, RatingRangeAndDailyCap) {
  auto p = policy();
  p.min_rating = 1600;
  EXPECT_EQ(reason_for(p, blitz_from("a")), DeclineReason::kGeneric);
  auto bot = blitz_from("robot");
  bot.challenger_is_bot = true;
  EXPECT_EQ(reason_for(policy(), bot, {.bot_games_today = 100}), DeclineReason::kLater);
  // Humans are not counted against the bot-game cap.
  EXPECT_EQ(decide_challenge(policy(), blitz_from("a"), {.bot_games_today = 100}).action,
            Action::accept);
}

TEST(ChallengePolicy, FullSlotsQueueOrDeclineLater) {
  auto p = policy();
  p.concurrency = 2;
  p.queue = true;
  p.max_queue = 1;
  EXPECT_EQ(decide_challenge(p, blitz_from("a"), {.games_in_progress = 2}).action, Action::queue);
  EXPECT_EQ(reason_for(p, blitz_from("a"), {.games_in_progress = 2, .queued = 1}),
            DeclineReason::kLater);
  p.queue = false;
  EXPECT_EQ(reason_for(p, blitz_from("a"), {.games_in_progress = 2}), DeclineReason::kLater);
  EXPECT_EQ(to_string(DeclineReason::kTooFast), "tooFast");
  EXPECT_EQ(to_string(DeclineReason::kOnlyBot), "onlyBot");
}

}  // namespace
}  // namespace bot
