// SPDX-License-Identifier: GPL-3.0-or-later
// Game policy: answering draw offers and takebacks, offering draws, resigning, the
// no-show abort timer and !wait, claiming victory, retrying a refused move, book use, the
// tablebase switches, pondering.
#include "daemon/game_policy.h"

#include <gtest/gtest.h>

#include "engine/score.h"
#include "engine/search/params.h"

namespace bot {
namespace {

using namespace std::chrono_literals;
using Time = GamePolicy::Time;

const Time kStart = Time(std::chrono::hours(1000));

GamePolicySettings settings() {
  GamePolicySettings s;
  s.draw_offer = {.enabled = true,
                  .max_score_cp = 20,
                  .consecutive_moves = 3,
                  .min_moves = 30,
                  .plies_after_opponent_offer = 10};
  s.resign = {.enabled = true, .score_cp = -800, .consecutive_moves = 2};
  s.abort_time = 30s;
  return s;
}

// Our turn at full move `fullmove` (we play White: 2 * (fullmove - 1) plies played).
PositionFacts our_move(int fullmove) {
  return {.plies = std::size_t(2 * (fullmove - 1)), .fullmove_number = fullmove, .our_turn = true};
}

TEST(GamePolicy, DeclinesDrawsUntilTheScoresStayLevelLongEnoughLate) {
  GamePolicy p(settings());
  const OfferFacts offer{.draw_offered = true};
  EXPECT_EQ(p.on_state(our_move(40), offer, kStart).draw, false);  // no scores yet
  p.on_search_result(our_move(40), 5, std::nullopt);
  p.on_search_result(our_move(41), -10, std::nullopt);
  EXPECT_EQ(p.on_state(our_move(42), offer, kStart).draw, false);  // two of three
  p.on_search_result(our_move(42), 20, std::nullopt);
  EXPECT_EQ(p.on_state(our_move(43), offer, kStart).draw, true);
  EXPECT_EQ(p.on_state(our_move(12), offer, kStart).draw, false);  // before min_moves
  p.on_search_result(our_move(43), 21, std::nullopt);
  EXPECT_EQ(p.on_state(our_move(44), offer, kStart).draw, false);  // one score not level
}

TEST(GamePolicy, AnswersEachOfferOncePerPly) {
  GamePolicy p(settings());
  const OfferFacts both{.draw_offered = true, .takeback_asked = true};
  const OfferAnswers first = p.on_state(our_move(10), both, kStart);
  EXPECT_TRUE(first.draw.has_value());
  EXPECT_EQ(first.takeback, false);  // max_per_game 0: today's behaviour, decline
  const OfferAnswers again = p.on_state(our_move(10), both, kStart);  // same ply, resent state
  EXPECT_FALSE(again.draw.has_value());
  EXPECT_FALSE(again.takeback.has_value());
  const OfferAnswers next = p.on_state(our_move(11), both, kStart);
  EXPECT_TRUE(next.draw.has_value());
  EXPECT_EQ(next.takeback, false);
  const OfferAnswers none = p.on_state(our_move(12), {}, kStart);  // nothing offered
  EXPECT_FALSE(none.draw.has_value());
  EXPECT_FALSE(none.takeback.has_value());
}

TEST(GamePolicy, AcceptsTakebacksUpToTheLimitThenDeclines) {
  GamePolicySettings s = settings();
  s.takebacks.max_per_game = 2;
  GamePolicy p(s);
  const OfferFacts ask{.takeback_asked = true};
  EXPECT_EQ(p.on_state(our_move(10), ask, kStart).takeback, true);
  EXPECT_FALSE(p.on_state(our_move(10), ask, kStart).takeback.has_value());  // resent state
  EXPECT_EQ(p.takebacks_accepted(), 1);
  // The takeback went through: the request is gone, and the same ply comes round again.
  p.on_state(our_move(9), {}, kStart);
  p.on_state(our_move(10), {}, kStart);
  EXPECT_EQ(p.on_state(our_move(10), ask, kStart).takeback, true);  // a new request
  p.on_state(our_move(10), {}, kStart);
  EXPECT_EQ(p.on_state(our_move(12), ask, kStart).takeback, false);  // the third one
  EXPECT_EQ(p.takebacks_accepted(), 2);
}

TEST(GamePolicy, DeclinesAStaleTakebackRequestAfterOurMoveLeftWithoutCountingIt) {
  GamePolicySettings s = settings();
  s.takebacks.max_per_game = 1;
  GamePolicy p(s);
  EXPECT_EQ(
      p.on_state(our_move(10), {.takeback_asked = true, .our_move_sent = true}, kStart).takeback,
      false);
  EXPECT_EQ(p.takebacks_accepted(), 0);
  EXPECT_EQ(p.on_state(our_move(11), {.takeback_asked = true}, kStart).takeback, true);
}

TEST(GamePolicy, OnlyHumansDeclinesEveryTakebackFromABot) {
  GamePolicySettings s = settings();
  s.takebacks = {.max_per_game = 5, .only_humans = true};
  GamePolicy from_bot(s);
  EXPECT_EQ(
      from_bot.on_state(our_move(10), {.takeback_asked = true, .opponent_is_bot = true}, kStart)
          .takeback,
      false);
  EXPECT_EQ(from_bot.takebacks_accepted(), 0);
  GamePolicy from_human(s);
  EXPECT_EQ(from_human.on_state(our_move(10), {.takeback_asked = true}, kStart).takeback, true);
  s.takebacks.only_humans = false;
  GamePolicy any(s);
  EXPECT_EQ(any.on_state(our_move(10), {.takeback_asked = true, .opponent_is_bot = true}, kStart)
                .takeback,
            true);
}

TEST(GamePolicy, DisabledDrawOfferNeverAcceptsNorOffers) {
  GamePolicySettings s = settings();
  s.draw_offer.enabled = false;
  GamePolicy p(s);
  for (int move = 40; move < 45; ++move)
    EXPECT_FALSE(p.on_search_result(our_move(move), 0, std::nullopt).offer_draw);
  EXPECT_EQ(p.on_state(our_move(45), {.draw_offered = true}, kStart).draw, false);
}

TEST(GamePolicy, OffersADrawWithTheMoveButWaitsAfterDecliningTheirs) {
  GamePolicy p(settings());
  EXPECT_FALSE(p.on_search_result(our_move(40), 0, std::nullopt).offer_draw);
  EXPECT_FALSE(p.on_search_result(our_move(41), 0, std::nullopt).offer_draw);
  EXPECT_TRUE(p.on_search_result(our_move(42), 0, std::nullopt).offer_draw);
  // Their offer arrives before our level scores are enough... we answer it, and then
  // wait plies_after_opponent_offer (10) plies before offering ourselves.
  GamePolicy q(settings());
  EXPECT_EQ(q.on_state(our_move(40), {.draw_offered = true}, kStart).draw, false);
  q.on_search_result(our_move(40), 0, std::nullopt);
  q.on_search_result(our_move(41), 0, std::nullopt);
  EXPECT_FALSE(q.on_search_result(our_move(42), 0, std::nullopt).offer_draw);  // 4 plies later
  EXPECT_FALSE(q.on_search_result(our_move(44), 0, std::nullopt).offer_draw);  // 8 plies later
  EXPECT_TRUE(q.on_search_result(our_move(45), 0, std::nullopt).offer_draw);   // 10 plies later
}

TEST(GamePolicy, ResignsAfterConsecutiveHopelessScores) {
  GamePolicy p(settings());
  MoveDecision d = p.on_search_result(our_move(20), -900, std::nullopt);
  EXPECT_FALSE(d.resign);
  EXPECT_EQ(d.score, -900);
  d = p.on_search_result(our_move(21), -799, std::nullopt);  // above score_cp: the run breaks
  EXPECT_FALSE(d.resign);
  EXPECT_FALSE(p.on_search_result(our_move(22), -800, std::nullopt).resign);
  d = p.on_search_result(our_move(23), -5, 3);  // a mate for us is decisive, not hopeless
  EXPECT_FALSE(d.resign);
  EXPECT_EQ(d.score, GamePolicy::kDecisiveScore);
  EXPECT_FALSE(p.on_search_result(our_move(24), 0, -4).resign);
  d = p.on_search_result(our_move(25), 0, -3);  // mated soon, twice in a row
  EXPECT_TRUE(d.resign);
  EXPECT_FALSE(d.offer_draw);
  EXPECT_EQ(d.score, -GamePolicy::kDecisiveScore);
  EXPECT_EQ(p.last_score(), -GamePolicy::kDecisiveScore);
}

TEST(GamePolicy, TablebaseSwitchesActOnTheFirstTableScore) {
  GamePolicySettings with_switches = settings();
  with_switches.draw_offer.tablebase = true;
  with_switches.resign.tablebase = true;
  const int table_loss = -(engine::kTbWinBound + 10);
  const int table_draw = 0;

  GamePolicy off(settings());  // switches off: one table score decides nothing
  EXPECT_FALSE(off.on_search_result(our_move(5), table_loss, std::nullopt, true).resign);
  GamePolicy on(with_switches);
  EXPECT_FALSE(on.on_search_result(our_move(5), table_loss, std::nullopt, false).resign);
  EXPECT_TRUE(on.on_search_result(our_move(6), table_loss, std::nullopt, true).resign);

  GamePolicy draw(with_switches);  // a proven draw is offered before min_moves
  EXPECT_FALSE(draw.on_search_result(our_move(5), table_draw, std::nullopt, false).offer_draw);
  EXPECT_TRUE(draw.on_search_result(our_move(6), table_draw, std::nullopt, true).offer_draw);
  EXPECT_EQ(draw.on_state(our_move(7), {.draw_offered = true}, kStart).draw, true);
}

TEST(GamePolicy, NeverResignsWhenDisabled) {
  GamePolicySettings s = settings();
  s.resign.enabled = false;
  GamePolicy p(s);
  for (int move = 20; move < 30; ++move)
    EXPECT_FALSE(p.on_search_result(our_move(move), -5000, std::nullopt).resign);
}

TEST(GamePolicy, AbortsWhenTheOpponentNeverMakesAFirstMove) {
  GamePolicy p(settings());
  EXPECT_FALSE(p.next_deadline());
  // We are Black, White has not moved.
  p.on_state({.plies = 0, .fullmove_number = 1, .our_turn = false}, {}, kStart);
  EXPECT_EQ(p.next_deadline(), kStart + 30s);
  EXPECT_FALSE(p.on_time(kStart + 29s).abort);
  EXPECT_TRUE(p.on_time(kStart + 30s).abort);
  EXPECT_FALSE(p.on_time(kStart + 60s).abort);  // once
  EXPECT_FALSE(p.next_deadline());
}

TEST(GamePolicy, TheOpponentsFirstMoveCancelsTheAbort) {
  GamePolicy p(settings());
  // We are White and moved; Black has not answered.
  p.on_state({.plies = 1, .fullmove_number = 1, .our_turn = false}, {}, kStart);
  EXPECT_EQ(p.next_deadline(), kStart + 30s);
  p.on_state({.plies = 2, .fullmove_number = 2, .our_turn = true}, {}, kStart + 10s);
  EXPECT_FALSE(p.next_deadline());
  EXPECT_FALSE(p.on_time(kStart + 40s).abort);
  // Later in the game, waiting for a reply is no reason to abort.
  p.on_state({.plies = 3, .fullmove_number = 2, .our_turn = false}, {}, kStart + 50s);
  EXPECT_FALSE(p.on_time(kStart + 500s).abort);
}

TEST(GamePolicy, NoAbortTimerInCorrespondenceGames) {
  GamePolicy p(settings());
  // We are White and moved; Black may take days over the first move too.
  p.on_state({.plies = 1, .fullmove_number = 1, .our_turn = false, .correspondence = true}, {},
             kStart);
  EXPECT_FALSE(p.next_deadline());
  EXPECT_FALSE(p.on_time(kStart + 3600s).abort);
}

TEST(GamePolicy, WaitPushesTheAbortBackWhileWaiting) {
  GamePolicy p(settings());
  EXPECT_FALSE(p.extend_abort_timer());  // not waiting for anyone yet
  EXPECT_FALSE(p.wait_used());
  p.on_state({.plies = 0, .fullmove_number = 1, .our_turn = false}, {}, kStart);
  EXPECT_TRUE(p.extend_abort_timer());
  EXPECT_TRUE(p.wait_used());
  EXPECT_EQ(p.next_deadline(), kStart + 60s);
  EXPECT_FALSE(p.on_time(kStart + 59s).abort);
  EXPECT_TRUE(p.on_time(kStart + 60s).abort);
}

TEST(GamePolicy, ClaimsVictoryWhenTheServerAllowsIt) {
  GamePolicy p(settings());
  p.on_opponent_gone(true, 10, kStart);
  EXPECT_EQ(p.next_deadline(), kStart + 10s);
  EXPECT_FALSE(p.on_time(kStart + 9s).claim_victory);
  EXPECT_TRUE(p.on_time(kStart + 10s).claim_victory);
  EXPECT_FALSE(p.on_time(kStart + 11s).claim_victory);  // once

  p.on_opponent_gone(true, 5, kStart);
  p.on_opponent_gone(false, std::nullopt, kStart + 1s);  // they came back
  EXPECT_FALSE(p.on_time(kStart + 10s).claim_victory);

  p.on_opponent_gone(true, -3, kStart);  // a negative wait from the server means now
  EXPECT_TRUE(p.on_time(kStart).claim_victory);
}

TEST(GamePolicy, RetriesARefusedMoveAfterTheDelay) {
  GamePolicy p(settings());
  p.on_move_failed(kStart);
  EXPECT_EQ(p.next_deadline(), kStart + GamePolicy::kMoveRetryDelay);
  EXPECT_FALSE(p.on_time(kStart).retry_search);
  EXPECT_TRUE(p.on_time(kStart + GamePolicy::kMoveRetryDelay).retry_search);
  EXPECT_FALSE(p.on_time(kStart + 1h).retry_search);
}

TEST(GamePolicy, TheEarliestTimerIsTheNextDeadline) {
  GamePolicy p(settings());
  p.on_state({.plies = 0, .fullmove_number = 1, .our_turn = false}, {}, kStart);
  p.on_opponent_gone(true, 20, kStart);
  p.on_move_failed(kStart + 5s);
  EXPECT_EQ(p.next_deadline(), kStart + 6s);
  p.on_time(kStart + 6s);
  EXPECT_EQ(p.next_deadline(), kStart + 20s);
  p.on_time(kStart + 20s);
  EXPECT_EQ(p.next_deadline(), kStart + 30s);
}

TEST(GamePolicy, BookUseDependsOnTheOpponentKind) {
  GamePolicySettings s = settings();
  s.book_against_bots = false;
  EXPECT_FALSE(GamePolicy(s).use_book(true));
  EXPECT_TRUE(GamePolicy(s).use_book(false));
  s.book_against_bots = true;
  s.book_against_humans = false;
  EXPECT_TRUE(GamePolicy(s).use_book(true));
  EXPECT_FALSE(GamePolicy(s).use_book(false));
}

TEST(GamePolicy, PondersOnlyWhenOnWithAClockLongEnoughOutOfBook) {
  const PonderFacts worth{.clock = true,
                          .our_clock_ms = engine::search::params::kPonderMinClockMs,
                          .in_book = false,
                          .expected_reply = true};
  GamePolicySettings on = settings();
  on.ponder = true;
  EXPECT_TRUE(GamePolicy(on).should_ponder(worth));
  EXPECT_FALSE(GamePolicy(settings()).should_ponder(worth)) << "engine.ponder is off by default";
  PonderFacts low = worth;
  low.our_clock_ms = engine::search::params::kPonderMinClockMs - 1;
  EXPECT_FALSE(GamePolicy(on).should_ponder(low)) << "too little on our clock to gain";
  PonderFacts no_clock = worth;
  no_clock.clock = false;
  EXPECT_FALSE(GamePolicy(on).should_ponder(no_clock)) << "correspondence";
  PonderFacts book = worth;
  book.in_book = true;
  EXPECT_FALSE(GamePolicy(on).should_ponder(book)) << "the next move may be a book move";
  PonderFacts nothing = worth;
  nothing.expected_reply = false;
  EXPECT_FALSE(GamePolicy(on).should_ponder(nothing));
}

TEST(GamePolicy, TheGamesOverrideDecidesOverEnginePonder) {
  PonderFacts facts{.clock = true,
                    .our_clock_ms = engine::search::params::kPonderMinClockMs,
                    .in_book = false,
                    .expected_reply = true,
                    .ponder = true};
  EXPECT_TRUE(GamePolicy(settings()).should_ponder(facts)) << "an override turns it on";
  GamePolicySettings on = settings();
  on.ponder = true;
  facts.ponder = false;
  EXPECT_FALSE(GamePolicy(on).should_ponder(facts)) << "an override turns it off";
}

}  // namespace
}  // namespace bot
