// SPDX-License-Identifier: GPL-3.0-or-later
// engine.overrides: which entries match a game, and that later entries win key by key.
#include "daemon/engine_overrides.h"

#include <gtest/gtest.h>

namespace bot {
namespace {

using config::EngineOverride;
using config::OpponentKind;
using config::Speed;

ContextSettings base() {
  ContextSettings s;
  s.engine.hash_mb = 64;
  s.engine.threads = 1;
  s.budget = {.move_overhead_ms = 500, .max_think_ms = 30'000, .first_move_max_ms = 5'000};
  return s;
}

TEST(EngineOverridesApply, NoEntriesKeepTheEngineSection) {
  const ContextSettings s = apply_overrides(base(), {}, {Speed::kBlitz, false});
  EXPECT_EQ(s.engine.hash_mb, 64);
  EXPECT_EQ(s.budget.max_think_ms, 30'000);
  EXPECT_FALSE(s.book.has_value());
}

TEST(EngineOverridesApply, EntriesMatchBySpeedAndOpponentKind) {
  const std::vector<EngineOverride> overrides = {
      {.speeds = {Speed::kClassical, Speed::kCorrespondence},
       .opponent = OpponentKind::kHuman,
       .hash_mb = 256},
      {.opponent = OpponentKind::kBot, .book = false, .ponder = true}};
  const ContextSettings human_classical =
      apply_overrides(base(), overrides, {Speed::kClassical, false});
  EXPECT_EQ(human_classical.engine.hash_mb, 256);
  EXPECT_FALSE(human_classical.book.has_value());
  EXPECT_FALSE(human_classical.ponder.has_value());

  const ContextSettings bot_classical =
      apply_overrides(base(), overrides, {Speed::kClassical, true});
  EXPECT_EQ(bot_classical.engine.hash_mb, 64);
  EXPECT_EQ(bot_classical.book, false);
  EXPECT_EQ(bot_classical.ponder, true);

  const ContextSettings human_blitz = apply_overrides(base(), overrides, {Speed::kBlitz, false});
  EXPECT_EQ(human_blitz.engine.hash_mb, 64);

  // A speed paxbot does not know matches only entries for every speed.
  const ContextSettings unknown = apply_overrides(base(), overrides, {std::nullopt, true});
  EXPECT_EQ(unknown.engine.hash_mb, 64);
  EXPECT_EQ(unknown.book, false);
}

TEST(EngineOverridesApply, LaterEntriesWinKeyByKey) {
  const std::vector<EngineOverride> overrides = {
      {.hash_mb = 128, .threads = 2, .max_think_ms = 10'000},
      {.speeds = {Speed::kBullet}, .threads = 1, .first_move_max_ms = 1'000, .book = true},
      {.speeds = {Speed::kBullet}, .opponent = OpponentKind::kBot, .move_overhead_ms = 100}};
  const ContextSettings s = apply_overrides(base(), overrides, {Speed::kBullet, true});
  EXPECT_EQ(s.engine.hash_mb, 128);
  EXPECT_EQ(s.engine.threads, 1);
  EXPECT_EQ(s.budget.max_think_ms, 10'000);
  EXPECT_EQ(s.budget.first_move_max_ms, 1'000);
  EXPECT_EQ(s.budget.move_overhead_ms, 100);
  EXPECT_EQ(s.book, true);
  EXPECT_FALSE(s.ponder.has_value());
  const ContextSettings human = apply_overrides(base(), overrides, {Speed::kBullet, false});
  EXPECT_EQ(human.budget.move_overhead_ms, 500);
}

}  // namespace
}  // namespace bot
