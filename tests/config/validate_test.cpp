// SPDX-License-Identifier: GPL-3.0-or-later
// Validation rules: every finding of a bad file at once, and each rule's edges.
#include <gtest/gtest.h>

#include <limits>

#include "config/defaults.h"
#include "config/load.h"
#include "config/validate.h"
#include "tests/config/test_support.h"

namespace config {
namespace {

using testing::data_file;
using testing::lines_of;
using testing::TempDir;

// validate() findings as "severity key: message; fix: ..." lines.
std::vector<std::string> findings(const Config& config) {
  return lines_of(validate(config));
}

TEST(Validate, BadValuesFileReportsEveryErrorAtOnce) {
  const LoadResult result = load_and_validate(data_file("bad_values.yml"));
  const std::vector<std::string> expected = {
      "2:1 error url: must be a server base URL like https://lichess.org (got 'lichess.org'); fix: "
      "write the scheme and host only, e.g. https://lichess.org or http://127.0.0.1:8080",
      "3:1 error token_file: looks like a token, not the path of a file holding one; fix: put the "
      "token in a file readable only by paxbot and give that file's path here; revoke the token on "
      "the server if this config was shared",
      "4:1 error abort_time_s: must be between 5 and 3600 (got 2); fix: set abort_time_s to a "
      "value from 5 to 3600",
      "6:3 error engine.hash_mb: must be between 1 and 65536 (got 0); fix: set hash_mb to a value "
      "from 1 to 65536",
      "7:3 error engine.threads: must be between 1 and 256 (got 300); fix: set threads to a value "
      "from 1 to 256",
      "9:3 error engine.first_move_max_ms: plus engine.move_overhead_ms (1000) must stay below "
      "20000 ms, the first-move deadline of bullet games; fix: lower first_move_max_ms (5000 "
      "leaves a safe margin)",
      "11:5 error engine.resign.score_cp: must be between -100000 and -1 (got 200); fix: use a "
      "negative score such as -1000 (ten pawns down)",
      "12:5 error engine.resign.consecutive_moves: must be between 1 and 100 (got 0); fix: set "
      "consecutive_moves to a value from 1 to 100",
      "14:3 error challenge.concurrency: must be between 1 and 100 (got 0); fix: set concurrency "
      "to a value from 1 to 100",
      "15:3 warning challenge.variants: lists 'standard' twice; fix: remove the repeated entry",
      "16:3 warning challenge.modes: is empty: every challenge is declined; fix: list at least one "
      "value, or delete the key to use the default",
      "18:3 error challenge.max_base: must be >= challenge.min_base (600); fix: raise max_base or "
      "lower min_base",
      "19:3 error challenge.min_increment: must be >= 0 (got -1); fix: raise min_increment to 0 or "
      "more",
      "21:3 error challenge.max_days: must be >= challenge.min_days (5); fix: raise max_days or "
      "lower min_days",
      "23:3 error challenge.max_rating: must be >= challenge.min_rating (2000); fix: raise "
      "max_rating or lower min_rating",
      "25:3 error challenge.only_bot: is true while challenge.accept_bot is false: every challenge "
      "would be declined; fix: set accept_bot: true, or only_bot: false",
      "26:3 error challenge.allow_list: '@bob' is not a Lichess username; fix: use the account "
      "name only (2-30 letters, digits, '_' or '-'), not a URL",
      "27:3 error challenge.block_list: 'ALICE' is in both challenge.allow_list and "
      "challenge.block_list; fix: remove it from one of the two lists",
      "28:3 error challenge.bot_games_per_day: must be between 1 and 100 (got 0); fix: use a value "
      "from 1 to 100 (the server allows 100 bot games a day); to refuse bot challenges set "
      "challenge.accept_bot: false",
      "29:3 error challenge.max_queue: is 0 while challenge.queue is true: nothing can wait; fix: "
      "set max_queue to 1 or more, or queue: false to decline with 'later'",
      "31:3 error greeting.hello: unknown placeholder {name}; fix: use {me} for the bot's name or "
      "{opponent} for the opponent's name",
      "32:3 error greeting.goodbye: is 147 characters long; Lichess chat allows 140; fix: shorten "
      "the message to 140 characters or fewer",
      "34:3 error shutdown.deadline_s: must be between 0 and 86400 (got -5); fix: set deadline_s "
      "to a value from 0 to 86400",
      "39:3 error matchmaking.max_rating_diff: must be >= matchmaking.min_rating_diff (100); fix: "
      "raise max_rating_diff or lower min_rating_diff",
      "41:7 error matchmaking.time_controls[0]: is ultraBullet (0+0), which Lichess refuses to "
      "bots; fix: make base_s + 40 * increment_s at least 30, e.g. 60+0 or 0+1",
      "42:8 error matchmaking.time_controls[1].base_s: Lichess cannot create a challenge with a "
      "100 s clock; fix: use 0, 15, 30, 45, 60 or 90 seconds, or a whole number of minutes up to "
      "10800 s",
      "42:21 error matchmaking.time_controls[1].increment_s: must be between 0 and 60 (got 90); "
      "fix: set increment_s to a value from 0 to 60",
      "42:38 error matchmaking.time_controls[1].weight: must be > 0 (got 0); fix: give every entry "
      "a positive weight; remove an entry to never pick it",
      "44:8 error matchmaking.variants[0].name: matchmaking cannot offer fromPosition games (they "
      "need a FEN); fix: use standard, chess960 or pacifist",
      "46:3 error status_http.listen: must be a loopback address (got '192.168.1.5:8077'); fix: "
      "listen on 127.0.0.1, [::1] or localhost; publish the page through a reverse proxy if it "
      "must be reached from elsewhere",
  };
  EXPECT_EQ(lines_of(result.diagnostics), expected);
  EXPECT_FALSE(result.ok());
}

TEST(Validate, MessageNamesTheKeyTheValueAndTheFix) {
  Config c = default_config();
  c.challenge.min_base = 60;
  c.challenge.max_base = 30;
  EXPECT_EQ(findings(c), std::vector<std::string>{
                             "- error challenge.max_base: must be >= challenge.min_base (60); "
                             "fix: raise max_base or lower min_base"});
}

TEST(Validate, BotGamesPerDayIsBetweenOneAndTheServerLimit) {
  Config c = default_config();
  for (const int ok : {1, 50, 100}) {
    c.challenge.bot_games_per_day = ok;
    EXPECT_TRUE(validate(c).empty()) << ok;
  }
  for (const int bad : {0, -1, 101}) {
    c.challenge.bot_games_per_day = bad;
    const auto found = validate(c);
    ASSERT_EQ(found.size(), 1u) << bad;
    EXPECT_EQ(found[0].key, "challenge.bot_games_per_day");
  }
}

TEST(Validate, ChatLimitCountsCharactersNotBytes) {
  Config c = default_config();
  std::string accented;
  for (int i = 0; i < 140; ++i) accented += "\u00e9";  // 2 bytes each
  c.greeting.hello_spectators = accented;
  EXPECT_TRUE(validate(c).empty());
  c.greeting.hello_spectators += "!";
  EXPECT_EQ(findings(c), std::vector<std::string>{
                             "- error greeting.hello_spectators: is 141 characters long; Lichess "
                             "chat allows 140; fix: shorten the message to 140 characters or "
                             "fewer"});
}

TEST(Validate, WarnsWhenLongUsernamesWouldPushAMessageOverTheLimit) {
  Config c = default_config();
  c.greeting.goodbye = std::string(120, 'x') + " {opponent}";  // 131 as written, 151 at worst
  EXPECT_EQ(findings(c),
            std::vector<std::string>{
                "- warning greeting.goodbye: can reach 151 characters once {me}/{opponent} hold "
                "30-character names; Lichess allows 140; fix: shorten the message so long "
                "usernames still fit"});
}

TEST(Validate, StatusPageListensOnLoopbackOnly) {
  Config c = default_config();
  for (const char* ok : {"127.0.0.1:8077", "127.1.2.3:1", "localhost:65535", "[::1]:9000"}) {
    c.status_http.listen = ok;
    EXPECT_TRUE(validate(c).empty()) << ok;
  }
  for (const char* remote :
       {"0.0.0.0:8077", "192.168.1.5:80", "[::]:8077", "example.org:80", "127.0.0.1.evil.org:80"}) {
    c.status_http.listen = remote;
    const auto found = findings(c);
    ASSERT_EQ(found.size(), 1u) << remote;
    EXPECT_TRUE(found[0].starts_with("- error status_http.listen: must be a loopback address"))
        << found[0];
  }
  for (const char* malformed :
       {"127.0.0.1", "127.0.0.1:", "127.0.0.1:0", "127.0.0.1:70000", ":8077", "localhost:80a"}) {
    c.status_http.listen = malformed;
    const auto found = findings(c);
    ASSERT_EQ(found.size(), 1u) << malformed;
    EXPECT_TRUE(found[0].starts_with("- error status_http.listen: must be HOST:PORT")) << found[0];
  }
}

TEST(Validate, UrlNeedsSchemeAndHostAndWarnsAboutPlainHttpToOtherHosts) {
  Config c = default_config();
  for (const char* ok : {"https://lichess.org", "https://lichess.dev", "http://127.0.0.1:8080",
                         "http://localhost:9090", "https://example.org/prefix"}) {
    c.url = ok;
    EXPECT_TRUE(validate(c).empty()) << ok;
  }
  c.url = "http://bots.example.org";
  EXPECT_EQ(findings(c), std::vector<std::string>{
                             "- warning url: plain http to a non-loopback host sends the token "
                             "unencrypted; fix: use https://, or http:// only for a server on "
                             "this machine"});
  for (const char* bad : {"lichess.org", "https://", "ftp://lichess.org", "https://lichess.org?x",
                          "https://lichess .org"}) {
    c.url = bad;
    const auto found = findings(c);
    ASSERT_EQ(found.size(), 1u) << bad;
    EXPECT_TRUE(found[0].starts_with("- error url: must be a server base URL")) << found[0];
  }
}

TEST(Validate, MatchmakingListsMustNotBeEmptyOnlyWhenEnabled) {
  Config c = default_config();
  c.matchmaking.time_controls.clear();
  c.matchmaking.variants.clear();
  EXPECT_TRUE(validate(c).empty());
  c.matchmaking.enabled = true;
  EXPECT_EQ(findings(c),
            (std::vector<std::string>{
                "- error matchmaking.time_controls: is empty while matchmaking is enabled; fix: "
                "add an entry such as {base_s: 180, increment_s: 2, weight: 1}",
                "- error matchmaking.variants: is empty while matchmaking is enabled; fix: add an "
                "entry such as {name: standard, weight: 1}"}));
}

TEST(Validate, MatchmakingTimeControlsAreOnesLichessAccepts) {
  Config c = default_config();
  for (const auto& [base, increment] : {std::pair{0, 1}, std::pair{30, 0}, std::pair{90, 0},
                                        std::pair{10800, 60}, std::pair{15, 1}}) {
    c.matchmaking.time_controls = {{.base_s = base, .increment_s = increment, .weight = 1}};
    EXPECT_TRUE(validate(c).empty()) << base << "+" << increment;
  }
  c.matchmaking.time_controls = {{.base_s = 15, .increment_s = 0, .weight = 1}};
  EXPECT_EQ(findings(c), std::vector<std::string>{
                             "- error matchmaking.time_controls[0]: is ultraBullet (15+0), which "
                             "Lichess refuses to bots; fix: make base_s + 40 * increment_s at "
                             "least 30, e.g. 60+0 or 0+1"});
  c.matchmaking.time_controls = {{.base_s = 10860, .increment_s = 0, .weight = 1}};
  EXPECT_EQ(validate(c).size(), 1u);
}

TEST(Validate, MatchmakingWeightsArePositiveAndFinite) {
  Config c = default_config();
  c.matchmaking.variants = {
      {.name = Variant::kStandard, .weight = 0.5},
      {.name = Variant::kChess960, .weight = -2},
      {.name = Variant::kPacifist, .weight = std::numeric_limits<double>::infinity()}};
  EXPECT_EQ(findings(c),
            (std::vector<std::string>{
                "- error matchmaking.variants[1].weight: must be > 0 (got -2); fix: give every "
                "entry a positive weight; remove an entry to never pick it",
                "- error matchmaking.variants[2].weight: must be > 0 (got inf); fix: give every "
                "entry a positive weight; remove an entry to never pick it"}));
}

TEST(Validate, MatchmakingPaceIsComparedWithTheDailyQuota) {
  Config c = default_config();
  c.matchmaking.enabled = true;
  EXPECT_TRUE(validate(c).empty()) << "the default pace fits in 100 games a day";
  c.matchmaking.idle_s = 600;
  EXPECT_EQ(findings(c), std::vector<std::string>{
                             "- warning matchmaking.idle_s: lets matchmaking start up to 144 games "
                             "a day, more than challenge.bot_games_per_day (100); matchmaking "
                             "pauses once the quota is used; fix: raise idle_s to 864 or more to "
                             "spread games over the day"});
  c.matchmaking.enabled = false;
  EXPECT_TRUE(validate(c).empty()) << "no pace warning while matchmaking is off";
}

TEST(Validate, AllowDuringGamesNeedsASecondSlot) {
  Config c = default_config();
  c.matchmaking.enabled = true;
  c.matchmaking.allow_during_games = true;
  EXPECT_EQ(findings(c), std::vector<std::string>{
                             "- warning matchmaking.allow_during_games: has no effect with "
                             "challenge.concurrency 1 (no second game can start); fix: raise "
                             "challenge.concurrency, or set allow_during_games: false"});
  c.challenge.concurrency = 2;
  EXPECT_TRUE(validate(c).empty());
}

TEST(Validate, UserListsHoldUsernamesAndDuplicatesIgnoreCase) {
  Config c = default_config();
  c.challenge.block_list = {"Spammer", "spammer", "x"};
  EXPECT_EQ(findings(c),
            (std::vector<std::string>{
                "- error challenge.block_list: 'x' is not a Lichess username; fix: use the "
                "account name only (2-30 letters, digits, '_' or '-'), not a URL",
                "- warning challenge.block_list: lists 'spammer' twice; fix: remove the repeated "
                "entry"}));
}

TEST(Validate, QueueNeedsRoom) {
  Config c = default_config();
  c.challenge.max_queue = 0;
  EXPECT_EQ(validate(c).size(), 1u);
  c.challenge.queue = false;
  EXPECT_TRUE(validate(c).empty()) << "max_queue does not matter without a queue";
}

TEST(Validate, ValueThatFailedToLoadIsNotValidatedAgain) {
  TempDir dir;
  const auto file = dir.write("bot.yml", "challenge:\n  min_base: 20000\n  max_base: long\n");
  const LoadResult result = load_and_validate(file);
  EXPECT_EQ(lines_of(result.diagnostics),
            std::vector<std::string>{
                "3:3 error challenge.max_base: expected a whole number, got 'long'; fix: write a "
                "value of that kind, or delete the line to use the default (10800)"});
}

}  // namespace
}  // namespace config

namespace config {
namespace {

TEST(Validate, TablebasePieceLimitCacheAndUnusedPaths) {
  Config c = default_config();
  for (const int ok : {3, 5, 7}) {
    c.engine.tablebases.max_pieces = ok;
    EXPECT_TRUE(validate(c).empty()) << ok;
  }
  for (const int bad : {2, 8}) {
    c.engine.tablebases.max_pieces = bad;
    const auto found = validate(c);
    ASSERT_EQ(found.size(), 1u) << bad;
    EXPECT_EQ(found[0].key, "engine.tablebases.max_pieces");
  }
  c = default_config();
  c.engine.tablebases.gaviota_cache_mb = 0;
  ASSERT_EQ(validate(c).size(), 1u);
  EXPECT_EQ(validate(c)[0].key, "engine.tablebases.gaviota_cache_mb");
  // A path whose kind `use` leaves out is a warning naming the path's key.
  c = default_config();
  c.engine.tablebases.syzygy_path = "/srv/syzygy";
  c.engine.tablebases.use = {TablebaseKind::kGaviota};
  EXPECT_EQ(findings(c),
            std::vector<std::string>{
                "- warning engine.tablebases.syzygy_path: is set but engine.tablebases.use does "
                "not list syzygy, so it is not used; fix: add syzygy to engine.tablebases.use"});
}

TEST(Validate, TakebacksLimitAndOnlyHumansWithoutLimit) {
  Config c = default_config();
  for (const int ok : {0, 1, 100}) {
    c.takebacks.max_per_game = ok;
    EXPECT_TRUE(validate(c).empty()) << ok;
  }
  c.takebacks.max_per_game = -1;
  EXPECT_EQ(findings(c), std::vector<std::string>{
                             "- error takebacks.max_per_game: must be between 0 and 100 (got -1); "
                             "fix: use 0 to decline every takeback request"});
  c.takebacks = {.max_per_game = 0, .only_humans = true};
  EXPECT_EQ(findings(c), std::vector<std::string>{
                             "- warning takebacks.only_humans: has no effect while "
                             "takebacks.max_per_game is 0; fix: set max_per_game to 1 or more to "
                             "accept requests from humans"});
}

TEST(Validate, OnlineBlockListUrlsRefreshAndCache) {
  Config c = default_config();
  c.online_block_list.urls = {"https://example.org/list.txt", "http://127.0.0.1:9/x"};
  c.online_block_list.cache_file = "/var/lib/paxbot/block_list.txt";
  EXPECT_TRUE(validate(c).empty());
  c.online_block_list.urls = {"example.org/list.txt", "https://", "https://a b",
                              "https://example.org/list.txt", "https://example.org/list.txt"};
  EXPECT_EQ(findings(c),
            (std::vector<std::string>{
                "- error online_block_list.urls: 'example.org/list.txt' is not an http:// or "
                "https:// URL; fix: write the full address of the list, e.g. "
                "https://example.org/blocked.txt",
                "- error online_block_list.urls: 'https://' is not an http:// or https:// URL; "
                "fix: write the full address of the list, e.g. https://example.org/blocked.txt",
                "- error online_block_list.urls: 'https://a b' is not an http:// or https:// "
                "URL; fix: write the full address of the list, e.g. "
                "https://example.org/blocked.txt",
                "- warning online_block_list.urls: lists 'https://example.org/list.txt' twice; "
                "fix: remove the repeated entry"}));
  c.online_block_list.urls = {"https://example.org/list.txt"};
  c.online_block_list.refresh_min = 0;
  c.online_block_list.challenges = false;
  c.online_block_list.matchmaking = false;
  c.online_block_list.cache_file = "";
  EXPECT_EQ(findings(c),
            (std::vector<std::string>{
                "- error online_block_list.refresh_min: must be between 1 and 10080 (got 0); "
                "fix: set refresh_min to a value from 1 to 10080",
                "- warning online_block_list.urls: are fetched but used for neither challenges "
                "nor matchmaking; fix: set online_block_list.challenges or "
                "online_block_list.matchmaking to true",
                "- warning online_block_list.cache_file: is empty: after a restart without "
                "network the lists are empty until a fetch works; fix: name a file, e.g. "
                "/var/lib/paxbot/block_list.txt"}));
}

}  // namespace
}  // namespace config
