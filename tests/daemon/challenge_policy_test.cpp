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
  EXPECT_EQ(d.action, Action::kDecline) << d.why;
  return d.reason;
}

TEST(ChallengePolicy, AcceptsAnOrdinaryChallenge) {
  EXPECT_EQ(decide_challenge(policy(), blitz_from("alice"), {}).action, Action::kAccept);
}

TEST(ChallengePolicy, BlockAndAllowListsAreCaseInsensitive) {
  auto p = policy();
  p.block_list = {"Mallory"};
  EXPECT_EQ(reason_for(p, blitz_from("mallory")), DeclineReason::kGeneric);
  p.block_list.clear();
  p.allow_list = {"Alice"};
  EXPECT_EQ(decide_challenge(p, blitz_from("alice"), {}).action, Action::kAccept);
  EXPECT_EQ(reason_for(p, blitz_from("bob")), DeclineReason::kGeneric);
}

TEST(ChallengePolicy, OnlineBlockListDeclinesWithTheGenericReason) {
  ChallengeFacts listed = blitz_from("mallory");
  listed.on_online_block_list = true;
  const ChallengeDecision d = decide_challenge(policy(), listed, {});
  EXPECT_EQ(d.action, Action::kDecline);
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
  corr.kind = ChallengeFacts::Kind::kCorrespondence;
  corr.days = 3;
  EXPECT_EQ(reason_for(policy(), corr), DeclineReason::kTimeControl);
  p = policy();
  p.time_controls.push_back(config::Speed::kCorrespondence);
  EXPECT_EQ(decide_challenge(p, corr, {.correspondence_slots = 1}).action, Action::kAccept);
  p.max_days = 2;
  EXPECT_EQ(reason_for(p, corr), DeclineReason::kTooSlow);

  auto unlimited = blitz_from("a");
  unlimited.kind = ChallengeFacts::Kind::kUnlimited;
  EXPECT_EQ(reason_for(policy(), unlimited), DeclineReason::kTimeControl);
}

TEST(ChallengePolicy, ModeReasons) {
  auto p = policy();
  p.modes = {config::Mode::kCasual};
  auto rated = blitz_from("a");
  rated.rated = true;
  EXPECT_EQ(reason_for(p, rated), DeclineReason::kCasual);
  p.modes = {config::Mode::kRated};
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
  EXPECT_EQ(decide_challenge(p, bot, {}).action, Action::kAccept);
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
            Action::kAccept);
}

TEST(ChallengePolicy, FullSlotsQueueOrDeclineLater) {
  auto p = policy();
  p.concurrency = 2;
  p.queue = true;
  p.max_queue = 1;
  EXPECT_EQ(decide_challenge(p, blitz_from("a"), {.games_in_progress = 2}).action, Action::kQueue);
  EXPECT_EQ(reason_for(p, blitz_from("a"), {.games_in_progress = 2, .queued = 1}),
            DeclineReason::kLater);
  p.queue = false;
  EXPECT_EQ(reason_for(p, blitz_from("a"), {.games_in_progress = 2}), DeclineReason::kLater);
  EXPECT_EQ(to_string(DeclineReason::kTooFast), "tooFast");
  EXPECT_EQ(to_string(DeclineReason::kOnlyBot), "onlyBot");
}

TEST(ChallengePolicy, CorrespondenceGamesHaveTheirOwnSlots) {
  auto p = policy();
  p.concurrency = 1;
  p.time_controls.push_back(config::Speed::kCorrespondence);
  ChallengeFacts corr = blitz_from("a");
  corr.kind = ChallengeFacts::Kind::kCorrespondence;
  corr.days = 2;
  // The realtime slot is busy: a correspondence challenge still finds one of its own ...
  const BotLoad realtime_full{
      .games_in_progress = 1, .correspondence_games = 2, .correspondence_slots = 3};
  EXPECT_EQ(decide_challenge(p, corr, realtime_full).action, Action::kAccept);
  EXPECT_EQ(decide_challenge(p, blitz_from("b"), realtime_full).action, Action::kQueue);
  // ... and fifty correspondence games leave the realtime slot free.
  const BotLoad correspondence_full{.correspondence_games = 50, .correspondence_slots = 50};
  EXPECT_EQ(decide_challenge(p, blitz_from("b"), correspondence_full).action, Action::kAccept);
  const ChallengeDecision d = decide_challenge(p, corr, correspondence_full);
  EXPECT_EQ(d.action, Action::kQueue);
  EXPECT_EQ(d.why, "all correspondence slots busy: queued");
}

TEST(ChallengePolicy, HumanSlotsAndGamesPerOpponentWithCorrespondenceGames) {
  auto p = policy();
  p.concurrency = 2;
  p.fairness.human_slots = 1;
  p.fairness.max_simultaneous_games_per_user = 2;
  ChallengeFacts bot = blitz_from("b1");
  bot.challenger_is_bot = true;
  // Two correspondence games against bots take no realtime slot a bot may use ...
  const BotLoad load{.holders = {{"b1", true, true}, {"b2", true, true}},
                     .correspondence_games = 2,
                     .correspondence_slots = 10};
  EXPECT_EQ(decide_challenge(p, bot, load).action, Action::kAccept);
  // ... but they count as games against that opponent.
  const BotLoad twice{.holders = {{"b1", true, true}, {"B1", true, true}},
                      .correspondence_games = 2,
                      .correspondence_slots = 10};
  EXPECT_EQ(decide_challenge(p, bot, twice).why, "already 2 game(s) against this opponent: queued");
}

ChallengeFacts from_bot(std::string name, int rating = 1500) {
  ChallengeFacts f = blitz_from(std::move(name));
  f.challenger_is_bot = true;
  f.challenger_rating = rating;
  return f;
}

TEST(ChallengeFairness, GamesPerOpponentAreCappedCaseInsensitively) {
  auto p = policy();
  p.concurrency = 4;
  p.fairness.max_simultaneous_games_per_user = 2;
  const BotLoad two_with_alice{.games_in_progress = 3,
                               .holders = {{"alice", false}, {"ALICE", false}, {"bob", false}}};
  const ChallengeDecision d = decide_challenge(p, blitz_from("Alice"), two_with_alice);
  EXPECT_EQ(d.action, Action::kQueue) << d.why;
  EXPECT_EQ(d.why, "already 2 game(s) against this opponent: queued");
  EXPECT_EQ(decide_challenge(p, blitz_from("carol"), two_with_alice).action, Action::kAccept);
  p.queue = false;
  EXPECT_EQ(reason_for(p, blitz_from("alice"), two_with_alice), DeclineReason::kLater);
  p.fairness.max_simultaneous_games_per_user = 0;  // no limit
  EXPECT_EQ(decide_challenge(p, blitz_from("alice"), two_with_alice).action, Action::kAccept);
}

TEST(ChallengeFairness, RecentChallengesFromOneBotAreDeclinedLater) {
  auto p = policy();
  p.fairness.max_recent_bot_challenges = 2;
  const ChallengeDecision d = decide_challenge(p, from_bot("spam"), {.recent_from_challenger = 2});
  EXPECT_EQ(d.action, Action::kDecline);
  EXPECT_EQ(d.reason, DeclineReason::kLater);
  EXPECT_EQ(decide_challenge(p, from_bot("spam"), {.recent_from_challenger = 1}).action,
            Action::kAccept);
  // Humans are not limited this way.
  EXPECT_EQ(decide_challenge(p, blitz_from("h"), {.recent_from_challenger = 5}).action,
            Action::kAccept);
}

TEST(ChallengeFairness, RecentBotChallengesForgetOutsideTheWindow) {
  RecentBotChallenges recent;
  const base::Clock::SteadyTime t0{};
  using std::chrono::minutes;
  recent.record("Spam", t0);
  recent.record("spam", t0 + minutes(5));
  recent.record("other", t0 + minutes(5));
  EXPECT_EQ(recent.count("SPAM", t0 + minutes(9), minutes(10)), 2);
  EXPECT_EQ(recent.count("spam", t0 + minutes(10), minutes(10)), 1);
  EXPECT_EQ(recent.count("spam", t0 + minutes(15), minutes(10)), 0);
  EXPECT_EQ(recent.count("other", t0 + minutes(14), minutes(10)), 1);
  EXPECT_EQ(recent.count("nobody", t0, minutes(10)), 0);
}

TEST(ChallengeFairness, HumanSlotsAreNeverTakenByBots) {
  auto p = policy();
  p.concurrency = 3;
  p.fairness.human_slots = 1;
  const BotLoad two_bots{.games_in_progress = 2, .holders = {{"b1", true}, {"b2", true}}};
  const ChallengeDecision d = decide_challenge(p, from_bot("b3"), two_bots);
  EXPECT_EQ(d.action, Action::kQueue);
  EXPECT_EQ(d.why, "the slots bots may use are busy: queued");
  EXPECT_EQ(decide_challenge(p, blitz_from("human"), two_bots).action, Action::kAccept);
  const BotLoad bot_and_human{.games_in_progress = 2, .holders = {{"b1", true}, {"h", false}}};
  EXPECT_EQ(decide_challenge(p, from_bot("b3"), bot_and_human).action, Action::kAccept);
  p.queue = false;
  EXPECT_EQ(reason_for(p, from_bot("b3"), two_bots), DeclineReason::kLater);
}

TEST(ChallengeFairness, BulletWithoutIncrementSeparatelyForBotsAndHumans) {
  auto p = policy();
  p.fairness.bullet_requires_increment_bots = true;
  ChallengeFacts bot_bullet = from_bot("b");
  bot_bullet.limit_s = 60;
  bot_bullet.increment_s = 0;
  ChallengeFacts human_bullet = bot_bullet;
  human_bullet.challenger_is_bot = false;
  EXPECT_EQ(reason_for(p, bot_bullet), DeclineReason::kTimeControl);
  EXPECT_EQ(decide_challenge(p, human_bullet, {}).action, Action::kAccept);
  bot_bullet.increment_s = 1;  // 1+1 is still bullet, with increment
  EXPECT_EQ(decide_challenge(p, bot_bullet, {}).action, Action::kAccept);
  p.fairness.bullet_requires_increment_humans = true;
  EXPECT_EQ(reason_for(p, human_bullet), DeclineReason::kTimeControl);
  ChallengeFacts blitz = blitz_from("h");
  blitz.increment_s = 0;  // 3+0 is blitz: not concerned
  EXPECT_EQ(decide_challenge(p, blitz, {}).action, Action::kAccept);
}

TEST(ChallengeFairness, QueueOrderByArrivalRatingAndPreference) {
  config::ChallengeFairness f = policy().fairness;
  const std::vector<ChallengeFacts> waiting = {from_bot("b1", 1800), blitz_from("h1"),
                                               from_bot("b2", 2200), blitz_from("h2")};
  using Order = std::vector<std::size_t>;
  EXPECT_EQ(queue_order(f, waiting), (Order{0, 1, 2, 3}));
  f.sort_by = config::QueueOrder::kBest;  // h1 and h2 are both 1500: arrival breaks the tie
  EXPECT_EQ(queue_order(f, waiting), (Order{2, 0, 1, 3}));
  f.preference = config::OpponentPreference::kHuman;
  EXPECT_EQ(queue_order(f, waiting), (Order{1, 3, 2, 0}));
  f.sort_by = config::QueueOrder::kFirst;
  f.preference = config::OpponentPreference::kBot;
  EXPECT_EQ(queue_order(f, waiting), (Order{0, 2, 1, 3}));
  ChallengeFacts unrated = blitz_from("anon");
  unrated.challenger_rating.reset();
  f.sort_by = config::QueueOrder::kBest;
  f.preference = config::OpponentPreference::kNone;
  const std::vector<ChallengeFacts> mixed = {unrated, blitz_from("h")};
  EXPECT_EQ(queue_order(f, mixed), (Order{1, 0}));
}

}  // namespace
}  // namespace bot
