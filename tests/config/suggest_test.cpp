// SPDX-License-Identifier: GPL-3.0-or-later
// "Did you mean": typos, unit suffixes, keys in the wrong section, lichess-bot keys.
#include <gtest/gtest.h>

#include <algorithm>

#include "config/schema.h"
#include "config/suggest.h"

namespace config {
namespace {

TEST(Suggest, ClosestMatchFindsPlausibleTypos) {
  const std::vector<std::string> keys = {"min_base",    "max_base", "min_increment",
                                         "concurrency", "hash_mb",  "abort_time_s"};
  EXPECT_EQ(closest_match("min_bse", keys), "min_base");
  EXPECT_EQ(closest_match("Max-Base", keys), "max_base") << "case and separators";
  EXPECT_EQ(closest_match("concurency", keys), "concurrency");
  EXPECT_EQ(closest_match("hash", keys), "hash_mb") << "unit suffix left out";
  EXPECT_EQ(closest_match("abort_time", keys), "abort_time_s");
  EXPECT_EQ(closest_match("colour", keys), std::nullopt);
  EXPECT_EQ(closest_match("max", keys), std::nullopt) << "too short to guess";
}

TEST(Suggest, UnknownKeyFix) {
  const std::vector<std::string> engine = {"hash_mb", "threads", "move_overhead_ms"};
  EXPECT_EQ(unknown_key_fix("engine.thread", engine),
            "did you mean engine.threads? otherwise remove it");
  EXPECT_EQ(unknown_key_fix("engine.concurrency", engine),
            "did you mean challenge.concurrency? (it belongs in another section) otherwise "
            "remove it");
  EXPECT_EQ(unknown_key_fix("engine.enabled", engine),
            "remove it (paxbot ignores it); docs/configuration.md lists every key")
      << "'enabled' is in several sections: no guess";
  EXPECT_EQ(unknown_key_fix("engine.protocol", engine),
            "paxbot's engine is built in, so this does not apply; remove or rename it");
  EXPECT_EQ(unknown_key_fix("matchmaking.challenge_timeout", {"idle_s"}),
            "lichess-bot's challenge_timeout (minutes idle) is matchmaking.idle_s (seconds) here; "
            "remove or rename it");
  EXPECT_EQ(unknown_key_fix("max_takebacks_accepted", {}),
            "lichess-bot's max_takebacks_accepted is takebacks.max_per_game here; remove or "
            "rename it");
  EXPECT_TRUE(unknown_key_fix("challenge.online_block_list", {"block_list"})
                  .starts_with("lichess-bot's online_block_list is online_block_list.urls here"));
  EXPECT_TRUE(unknown_key_fix("matchmaking.online_block_list", {"enabled"})
                  .starts_with("lichess-bot's online_block_list is online_block_list.urls here"));
}

TEST(Suggest, KeyPathsCoverSectionsLeavesAndListEntries) {
  const std::vector<std::string> paths = key_paths();
  const auto has = [&](std::string_view path) {
    return std::ranges::find(paths, path) != paths.end();
  };
  EXPECT_TRUE(has("engine"));
  EXPECT_TRUE(has("engine.draw_offer.plies_after_opponent_offer"));
  EXPECT_TRUE(has("matchmaking.time_controls"));
  EXPECT_TRUE(has("matchmaking.time_controls[].weight"));
  EXPECT_TRUE(has("matchmaking.variants[].name"));
  EXPECT_EQ(paths.front(), "token_file");
  EXPECT_EQ(paths.back(), "correspondence.disconnect_s");
  EXPECT_TRUE(has("online_block_list.cache_file"));
  EXPECT_TRUE(has("takebacks.max_per_game"));
}

}  // namespace
}  // namespace config
