// SPDX-License-Identifier: GPL-3.0-or-later
// The correspondence section: loading, its ranges, the check-in warning, lichess-bot's
// names, and the one owner of the correspondence think time.
#include <gtest/gtest.h>

#include "config/defaults.h"
#include "config/load.h"
#include "config/validate.h"
#include "tests/config/test_support.h"

namespace config {
namespace {

using testing::lines_of;
using testing::TempDir;

TEST(CorrespondenceConfig, KeysLoadUnderTheirSection) {
  const LoadResult result = load_string(
      "correspondence:\n"
      "  move_time_ms: 120000\n"
      "  max_games: 20\n"
      "  checkin_s: 900\n"
      "  disconnect_s: 0\n");
  ASSERT_EQ(lines_of(result.diagnostics), std::vector<std::string>{});
  EXPECT_EQ(result.config.correspondence,
            (Correspondence{
                .move_time_ms = 120'000, .max_games = 20, .checkin_s = 900, .disconnect_s = 0}));
  EXPECT_EQ(lines_of(validate(result.config)), std::vector<std::string>{});
}

TEST(CorrespondenceConfig, RangesAndAFrequentCheckIn) {
  Config c = default_config();
  c.correspondence = {.move_time_ms = 5, .max_games = 201, .checkin_s = 0, .disconnect_s = -1};
  EXPECT_EQ(lines_of(validate(c)),
            (std::vector<std::string>{
                "- error correspondence.move_time_ms: must be between 10 and 3600000 (got 5); "
                "fix: set move_time_ms to a value from 10 to 3600000",
                "- error correspondence.max_games: must be between 1 and 200 (got 201); fix: use "
                "1 to 200 (Lichess allows 200 ongoing games); to refuse correspondence "
                "challenges leave correspondence out of challenge.time_controls",
                "- error correspondence.checkin_s: must be between 1 and 86400 (got 0); fix: set "
                "checkin_s to a value from 1 to 86400",
                "- error correspondence.disconnect_s: must be between 0 and 86400 (got -1); fix: "
                "use 0 to close the stream as soon as our move is shown"}));
  c = default_config();
  c.correspondence.checkin_s = 5;
  EXPECT_EQ(lines_of(validate(c)),
            (std::vector<std::string>{
                "- warning correspondence.checkin_s: is 5 s: the daemon asks the server for its "
                "games more than once a minute; fix: use 60 or more against Lichess "
                "(lichess-bot's checkin_period is 600)"}));
}

TEST(CorrespondenceConfig, AnEngineOverrideMayNotSetTheCorrespondenceThinkTime) {
  Config c = default_config();
  c.engine.overrides = {
      {.speeds = {Speed::kClassical, Speed::kCorrespondence}, .max_think_ms = 90'000},
      {.speeds = {Speed::kCorrespondence}, .hash_mb = 256},
      {.max_think_ms = 9'000}};  // every speed: realtime games only
  EXPECT_EQ(lines_of(validate(c)),
            (std::vector<std::string>{
                "- error engine.overrides[0].max_think_ms: applies to correspondence games, "
                "whose think time is correspondence.move_time_ms; fix: set "
                "correspondence.move_time_ms instead, and remove max_think_ms or correspondence "
                "from this entry"}));
}

TEST(CorrespondenceConfig, LichessBotKeysNameTheirCounterparts) {
  TempDir dir;
  const auto file = dir.write("bot.yml",
                              "correspondence:\n"
                              "  move_time: 60\n"
                              "  checkin_period: 600\n"
                              "  disconnect_time: 150\n");
  const std::vector<std::string> lines = lines_of(load_and_validate(file).diagnostics);
  const std::vector<std::string> expected = {
      "2:3 warning correspondence.move_time: unknown key, ignored; fix: lichess-bot's "
      "correspondence.move_time (seconds) is correspondence.move_time_ms (milliseconds) here; "
      "remove or rename it",
      "3:3 warning correspondence.checkin_period: unknown key, ignored; fix: lichess-bot's "
      "correspondence.checkin_period is correspondence.checkin_s here; remove or rename it",
      "4:3 warning correspondence.disconnect_time: unknown key, ignored; fix: lichess-bot's "
      "correspondence.disconnect_time is correspondence.disconnect_s here; remove or rename it"};
  EXPECT_EQ(lines, expected);
}

}  // namespace
}  // namespace config
