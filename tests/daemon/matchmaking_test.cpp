// SPDX-License-Identifier: GPL-3.0-or-later
// Matchmaking decisions with a FakeClock and a scripted random source: idle time,
// concurrency, opponent choice by rating range and preference, cool-down after
// declines, cancellation of unanswered challenges, daily bot-game cap, challenge
// credits, and 429 pauses.
#include "daemon/matchmaking.h"

#include <gtest/gtest.h>

#include <deque>
#include <memory>
#include <sstream>

#include "tests/daemon/support/fakes.h"

namespace bot {
namespace {

using namespace std::chrono_literals;
using test::FakeClock;

User make_bot(std::string id, int blitz, std::string title = "BOT") {
  User u;
  u.id = id;
  u.username = id;
  u.title = std::move(title);
  u.perfs["blitz"].rating = blitz;
  u.perfs["chess960"].rating = blitz - 100;
  return u;
}

LichessError http_error(int status, std::optional<lichess::RateLimit> ratelimit = std::nullopt,
                        std::string message = "") {
  LichessError e;
  e.kind = LichessErrorKind::kHttp;
  e.endpoint = Endpoint::kChallengeCreate;
  e.status = status;
  e.ratelimit = std::move(ratelimit);
  e.server_message = std::move(message);
  return e;
}

class MatchmakingTest : public testing::Test {
 protected:
  MatchmakingTest() {
    settings_.enabled = true;
    settings_.idle_s = 60;
    settings_.challenge_timeout_s = 25;
    settings_.challenge_mode = config::ChallengeMode::kCasual;
    settings_.min_rating_diff = -300;
    settings_.max_rating_diff = 300;
    settings_.rating_preference = config::RatingPreference::kNone;
    settings_.time_controls = {{.base_s = 180, .increment_s = 2, .weight = 1.0}};
    settings_.variants = {{.name = config::Variant::kStandard, .weight = 1.0}};
    settings_.decline_cooldown_h = 24;
    inputs_.our_ratings = {{"blitz", 2000}, {"chess960", 1900}};
    inputs_.online_bots = {make_bot("paxbot", 2000), make_bot("weakbot", 1800),
                           make_bot("strongbot", 2250)};
    inputs_.concurrency = 1;
  }

  Matchmaker& mm(MatchmakingLimits limits = {}) {
    if (!mm_)
      mm_ = std::make_unique<Matchmaker>(
          settings_, "PaxBot", clock_, log_, memory_, [this] { return next_random(); }, limits);
    return *mm_;
  }
  double next_random() {
    if (randoms_.empty()) return 0.0;
    const double r = randoms_.front();
    randoms_.pop_front();
    return r;
  }
  // Waits out the idle time (the first call starts the idle timer).
  std::optional<ChallengePlan> after_idle() {
    EXPECT_FALSE(mm().next_challenge(inputs_));
    clock_.advance(std::chrono::seconds(settings_.idle_s));
    return mm().next_challenge(inputs_);
  }
  std::string logged() const { return log_text_.str(); }
  int count_in_log(std::string_view part) const {
    const std::string text = logged();
    int n = 0;
    for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
    return n;
  }

  FakeClock clock_;
  std::ostringstream log_text_;
  base::Logger log_{log_text_, base::LogLevel::kDebug, base::LogFormat::kTimestamped, &clock_};
  OpponentMemory memory_{"", 24h, log_};
  config::Matchmaking settings_;
  MatchmakingInputs inputs_;
  std::deque<double> randoms_;
  std::unique_ptr<Matchmaker> mm_;
};

TEST_F(MatchmakingTest, WaitsForTheIdleTimeBeforeTheFirstChallenge) {
  EXPECT_FALSE(mm().next_challenge(inputs_));
  clock_.advance(59s);
  EXPECT_FALSE(mm().next_challenge(inputs_));
  clock_.advance(1s);
  auto plan = mm().next_challenge(inputs_);
  ASSERT_TRUE(plan);
  EXPECT_EQ(plan->request.clock_limit_s, 180);
  EXPECT_EQ(plan->request.clock_increment_s, 2);
  EXPECT_EQ(plan->request.variant, "standard");
  EXPECT_FALSE(plan->request.rated);
  EXPECT_EQ(plan->perf, "blitz");
  EXPECT_EQ(plan->our_rating, 2000);
}

TEST_F(MatchmakingTest, AGameOrAWaitingChallengeRestartsTheIdleTime) {
  EXPECT_FALSE(mm().next_challenge(inputs_));
  clock_.advance(50s);
  inputs_.games_in_progress = inputs_.slots_used = 1;
  EXPECT_FALSE(mm().next_challenge(inputs_));
  clock_.advance(10min);
  EXPECT_FALSE(mm().next_challenge(inputs_));
  inputs_.games_in_progress = inputs_.slots_used = 0;
  EXPECT_FALSE(mm().next_challenge(inputs_));  // idle again from now
  clock_.advance(30s);
  inputs_.incoming_waiting = 1;
  EXPECT_FALSE(mm().next_challenge(inputs_));
  inputs_.incoming_waiting = 0;
  clock_.advance(59s);
  EXPECT_FALSE(mm().next_challenge(inputs_));
  clock_.advance(60s);
  EXPECT_TRUE(mm().next_challenge(inputs_));
}

TEST_F(MatchmakingTest, NeverExceedsTheConcurrency) {
  settings_.allow_during_games = true;
  inputs_.concurrency = 2;
  inputs_.games_in_progress = 1;
  inputs_.slots_used = 2;  // one game plus one accepted challenge
  EXPECT_FALSE(after_idle());
  clock_.advance(1h);
  EXPECT_FALSE(mm().next_challenge(inputs_));
  inputs_.slots_used = 1;
  auto plan = after_idle();
  ASSERT_TRUE(plan) << logged();
  // One challenge at a time: nothing more while it is in flight or pending.
  clock_.advance(100s);
  EXPECT_FALSE(mm().next_challenge(inputs_));
  mm().on_challenge_created("c1");
  clock_.advance(1h);
  EXPECT_FALSE(mm().next_challenge(inputs_));
  EXPECT_TRUE(mm().has_pending());
}

TEST_F(MatchmakingTest, WithoutAllowDuringGamesARunningGameBlocksEvenWithFreeSlots) {
  inputs_.concurrency = 3;
  inputs_.games_in_progress = inputs_.slots_used = 1;
  EXPECT_FALSE(after_idle());
  settings_.allow_during_games = true;
  mm_.reset();
  EXPECT_TRUE(after_idle());
}

TEST_F(MatchmakingTest, ChoosesOnlyOnlineIdleBotsInsideTheRatingRange) {
  inputs_.online_bots = {
      make_bot("paxbot", 2000),       // ourselves
      make_bot("toolow", 1650),       // -350
      make_bot("toohigh", 2350),      // +350
      make_bot("human", 2000, "GM"),  // not a bot
      make_bot("busybot", 2000),      // playing
      make_bot("gonebot", 2000),      // offline
      make_bot("edgelow", 1700),      // -300: inside
  };
  UserStatus busy, gone;
  busy.id = "busybot";
  busy.online = busy.playing = true;
  gone.id = "gonebot";
  inputs_.statuses = {busy, gone};
  auto plan = after_idle();
  ASSERT_TRUE(plan) << logged();
  EXPECT_EQ(plan->opponent_id, "edgelow");
  EXPECT_EQ(plan->opponent_rating, 1700);
}

TEST_F(MatchmakingTest, NeverChallengesABlockedBot) {
  settings_.rating_preference = config::RatingPreference::kHigh;
  inputs_.blocked = [](std::string_view id) { return id == "strongbot"; };
  auto plan = after_idle();
  ASSERT_TRUE(plan) << logged();
  EXPECT_EQ(plan->opponent_id, "weakbot");  // the strongest bot that is not blocked
  mm_.reset();
  inputs_.blocked = [](std::string_view) { return true; };
  EXPECT_FALSE(after_idle());
}

TEST_F(MatchmakingTest, RatingPreferencePicksTheStrongestOrTheWeakest) {
  inputs_.online_bots.push_back(make_bot("middlebot", 2100));
  settings_.rating_preference = config::RatingPreference::kHigh;
  auto high = after_idle();
  ASSERT_TRUE(high);
  EXPECT_EQ(high->opponent_id, "strongbot");

  settings_.rating_preference = config::RatingPreference::kLow;
  mm_.reset();
  auto low = after_idle();
  ASSERT_TRUE(low);
  EXPECT_EQ(low->opponent_id, "weakbot");

  settings_.rating_preference = config::RatingPreference::kNone;
  mm_.reset();
  randoms_ = {0.0, 0.0, 0.99};  // variant, time control, opponent (the last one listed)
  auto any = after_idle();
  ASSERT_TRUE(any);
  EXPECT_EQ(any->opponent_id, "middlebot");
}

TEST_F(MatchmakingTest, DrawsVariantTimeControlAndModeFromTheConfig) {
  settings_.variants = {{.name = config::Variant::kStandard, .weight = 1.0},
                        {.name = config::Variant::kChess960, .weight = 3.0}};
  settings_.time_controls = {{.base_s = 60, .increment_s = 0, .weight = 1.0},
                             {.base_s = 300, .increment_s = 3, .weight = 1.0}};
  settings_.challenge_mode = config::ChallengeMode::kRandom;
  randoms_ = {0.5, 0.75, 0.0, 0.3};  // chess960, 5+3, first eligible, rated (0.3 < 0.5)
  auto plan = after_idle();
  ASSERT_TRUE(plan) << logged();
  EXPECT_EQ(plan->request.variant, "chess960");
  EXPECT_EQ(plan->request.clock_limit_s, 300);
  EXPECT_EQ(plan->request.clock_increment_s, 3);
  EXPECT_EQ(plan->perf, "chess960");
  EXPECT_EQ(plan->speed, "blitz");
  EXPECT_EQ(plan->our_rating, 1900);
  EXPECT_TRUE(plan->request.rated);
  EXPECT_EQ(plan->request.color, ChallengeColor::kRandom);
}

TEST_F(MatchmakingTest, ADeclinedOpponentCoolsDownForTheConfiguredHours) {
  inputs_.online_bots = {make_bot("onlybot", 2000)};
  auto plan = after_idle();
  ASSERT_TRUE(plan);
  mm().on_challenge_created("c1");
  mm().on_declined("c1", "later");
  EXPECT_FALSE(mm().has_pending());
  EXPECT_TRUE(memory_.in_cooldown("onlybot", "standard", "blitz", clock_.system_now()));
  EXPECT_FALSE(after_idle());
  EXPECT_NE(logged().find("no eligible opponent"), std::string::npos) << logged();
  clock_.advance(24h);
  auto again = mm().next_challenge(inputs_);
  ASSERT_TRUE(again) << logged();
  EXPECT_EQ(again->opponent_id, "onlybot");
}

TEST_F(MatchmakingTest, CancelsChallengesThatGetNoAnswerInTime) {
  inputs_.online_bots = {make_bot("slowbot", 2000)};
  ASSERT_TRUE(after_idle());
  mm().on_challenge_created("c1");
  EXPECT_TRUE(mm().should_cancel(clock_.now() + 24s).empty());
  EXPECT_EQ(mm().should_cancel(clock_.now() + 25s), std::vector<std::string>{"c1"});
  EXPECT_TRUE(mm().should_cancel(clock_.now() + 26s).empty()) << "each id is returned once";
  mm().on_canceled("c1");
  EXPECT_FALSE(mm().has_pending());
  // The silent bot is left alone for a while; nobody else is online.
  EXPECT_FALSE(after_idle());
  clock_.advance(1h);
  EXPECT_TRUE(mm().next_challenge(inputs_));
}

TEST_F(MatchmakingTest, AcceptedChallengesAreRememberedAndOtherGamesIgnored) {
  ASSERT_TRUE(after_idle());
  mm().on_challenge_created("c1");
  EXPECT_FALSE(mm().on_accepted("someoneelse"));
  EXPECT_TRUE(mm().on_accepted("c1"));
  EXPECT_FALSE(mm().has_pending());
  EXPECT_EQ(memory_.totals("weakbot").accepts + memory_.totals("strongbot").accepts, 1);
}

TEST_F(MatchmakingTest, StopsAtTheDailyBotGameCapWithOneLogLine) {
  inputs_.bot_games_last_24h = 100;
  EXPECT_FALSE(after_idle());
  for (int i = 0; i < 10; ++i) {
    clock_.advance(1min);
    EXPECT_FALSE(mm().next_challenge(inputs_));
  }
  EXPECT_EQ(count_in_log("daily limit reached: 100 bot games in the last 24 hours (limit 100"), 1)
      << logged();
  inputs_.bot_games_last_24h = 99;
  EXPECT_TRUE(mm().next_challenge(inputs_));
}

TEST_F(MatchmakingTest, SpendsAtMost25CreditsAMinute) {
  settings_.idle_s = 0;
  for (int i = 0; i < 25; ++i) {
    auto plan = mm().next_challenge(inputs_);
    ASSERT_TRUE(plan) << i << logged();
    mm().on_challenge_created("c" + std::to_string(i));
    mm().on_canceled("c" + std::to_string(i));
    clock_.advance(1s);
  }
  EXPECT_EQ(mm().credits_last_minute(), 25);
  EXPECT_FALSE(mm().next_challenge(inputs_));
  EXPECT_EQ(count_in_log("25 in the last minute (limit 25 a minute)"), 1) << logged();
  clock_.advance(35s);  // the first credit leaves the one-minute window
  EXPECT_TRUE(mm().next_challenge(inputs_));
}

TEST_F(MatchmakingTest, SpendsAtMost200CreditsADay) {
  settings_.idle_s = 0;
  for (int i = 0; i < 200; ++i) {
    auto plan = mm().next_challenge(inputs_);
    ASSERT_TRUE(plan) << i << logged();
    mm().on_challenge_failed(LichessError{});  // a network error: no opponent penalty
    clock_.advance(3s);
  }
  EXPECT_EQ(mm().credits_last_day(), 200);
  EXPECT_LT(mm().credits_last_minute(), 25);
  EXPECT_FALSE(mm().next_challenge(inputs_));
  EXPECT_EQ(count_in_log("200 in the last 24 hours (limit 200 a day)"), 1) << logged();
  clock_.advance(24h);
  EXPECT_TRUE(mm().next_challenge(inputs_));
}

TEST_F(MatchmakingTest, A429PausesForTheServersRateLimitSeconds) {
  ASSERT_TRUE(after_idle());
  mm().on_challenge_failed(http_error(429, lichess::RateLimit{"bot.vsBot.day", 3600s}));
  EXPECT_NE(logged().find("pausing matchmaking for 3600 s"), std::string::npos) << logged();
  EXPECT_NE(logged().find("bot.vsBot.day"), std::string::npos);
  EXPECT_FALSE(mm().next_challenge(inputs_));  // the idle time starts again, too
  clock_.advance(3599s);
  EXPECT_FALSE(mm().next_challenge(inputs_));
  EXPECT_EQ(count_in_log("rate-limited our challenges"), 1) << logged();
  clock_.advance(1s);
  EXPECT_TRUE(mm().next_challenge(inputs_));
}

TEST_F(MatchmakingTest, A429WithoutSecondsPausesAMinute) {
  settings_.idle_s = 10;
  ASSERT_TRUE(after_idle());
  mm().on_challenge_failed(http_error(429));
  EXPECT_FALSE(mm().next_challenge(inputs_));
  clock_.advance(59s);
  EXPECT_FALSE(mm().next_challenge(inputs_));
  clock_.advance(1s);
  EXPECT_TRUE(mm().next_challenge(inputs_));
}

TEST_F(MatchmakingTest, AnOpponentWhoseQuotaIsUsedIsLeftAlone) {
  inputs_.online_bots = {make_bot("tiredbot", 2000), make_bot("freshbot", 2100)};
  settings_.rating_preference = config::RatingPreference::kLow;
  auto plan = after_idle();
  ASSERT_TRUE(plan);
  ASSERT_EQ(plan->opponent_id, "tiredbot");
  mm().on_challenge_failed(http_error(400, lichess::RateLimit{"bot.vsBot.day", 7200s}));
  EXPECT_FALSE(mm().paused_until());
  auto next = after_idle();
  ASSERT_TRUE(next);
  EXPECT_EQ(next->opponent_id, "freshbot");
}

TEST_F(MatchmakingTest, ReadyTellsWhenToFetchTheOpponentList) {
  MatchmakingInputs load;  // no ratings, no bots: only the load counts
  EXPECT_FALSE(mm().ready(load));
  clock_.advance(60s);
  EXPECT_TRUE(mm().ready(load));
  mm().on_lookup_failed("bot/online: HTTP 503");
  EXPECT_FALSE(mm().ready(load));
  EXPECT_NE(logged().find("cannot look for opponents: bot/online: HTTP 503"), std::string::npos);
  clock_.advance(60s);
  EXPECT_TRUE(mm().ready(load));
  load.incoming_waiting = 1;
  EXPECT_FALSE(mm().ready(load));
}

TEST_F(MatchmakingTest, DisabledMatchmakingNeverChallenges) {
  settings_.enabled = false;
  EXPECT_FALSE(after_idle());
  clock_.advance(24h);
  EXPECT_FALSE(mm().next_challenge(inputs_));
}

TEST(MatchmakingRandom, RandomSourceStaysInUnitInterval) {
  RandomSource random = make_random_source();
  for (int i = 0; i < 100; ++i) {
    const double r = random();
    EXPECT_GE(r, 0.0);
    EXPECT_LT(r, 1.0);
  }
}

}  // namespace
}  // namespace bot
