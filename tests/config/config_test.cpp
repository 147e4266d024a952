// SPDX-License-Identifier: GPL-3.0-or-later
// Defaults, the example file, the documentation, and loading a valid custom file.
#include <gtest/gtest.h>

#include <sstream>

#include "config/defaults.h"
#include "config/load.h"
#include "config/schema.h"
#include "config/validate.h"
#include "tests/config/test_support.h"

namespace config {
namespace {

using testing::data_file;
using testing::lines_of;
using testing::read_text;
using testing::source_file;

TEST(Defaults, HaveTheDocumentedValues) {
  const Config c = default_config();
  EXPECT_EQ(c.token_file, "");
  EXPECT_EQ(c.url, "https://lichess.org");
  EXPECT_EQ(c.log_level, LogLevel::kInfo);
  EXPECT_EQ(c.engine.hash_mb, 64);
  EXPECT_EQ(c.engine.threads, 1);
  EXPECT_EQ(c.engine.move_overhead_ms, 500);
  EXPECT_EQ(c.engine.first_move_max_ms, 5000);
  EXPECT_TRUE(c.engine.draw_offer.enabled);
  EXPECT_FALSE(c.engine.resign.enabled);
  EXPECT_FALSE(c.engine.ponder);
  EXPECT_EQ(c.challenge.concurrency, 1);
  EXPECT_EQ(c.challenge.variants, (std::vector{Variant::kStandard, Variant::kChess960,
                                               Variant::kFromPosition, Variant::kPacifist}));
  EXPECT_EQ(c.challenge.time_controls,
            (std::vector{Speed::kBullet, Speed::kBlitz, Speed::kRapid, Speed::kClassical}));
  EXPECT_EQ(c.challenge.modes, (std::vector{Mode::kRated, Mode::kCasual}));
  EXPECT_EQ(c.challenge.bot_games_per_day, 100);
  EXPECT_TRUE(c.challenge.queue);
  EXPECT_EQ(c.abort_time_s, 30);
  EXPECT_EQ(c.shutdown.on_sigterm, ShutdownAction::kFinish);
  EXPECT_FALSE(c.matchmaking.enabled);
  EXPECT_GE(c.matchmaking.idle_s, 864) << "stays inside 100 bot games a day";
  EXPECT_EQ(c.pgn.directory, "") << "PGN recording is off by default";
  EXPECT_FALSE(c.status_http.enabled);
  EXPECT_EQ(c.status_http.listen, "127.0.0.1:8077");
}

TEST(Defaults, AreValid) {
  EXPECT_EQ(lines_of(validate(default_config())), std::vector<std::string>{});
}

TEST(Defaults, ListEntriesDefaultToWeightOne) {
  EXPECT_EQ(default_entry<TimeControlEntry>().weight, 1.0);
  EXPECT_EQ(default_entry<VariantEntry>().weight, 1.0);
}

TEST(Load, EmptyOrCommentOnlyTextGivesTheDefaults) {
  for (const std::string_view text : {"", "\n", "# nothing but a comment\n", "---\n"}) {
    const LoadResult result = load_string(text);
    EXPECT_TRUE(result.diagnostics.empty()) << text;
    EXPECT_EQ(result.config, default_config()) << text;
  }
}

TEST(ExampleFile, ValidatesWithoutAnyFinding) {
  const LoadResult result = load_and_validate(source_file("config/paxbot.example.yml"));
  EXPECT_EQ(lines_of(result.diagnostics), std::vector<std::string>{});
}

TEST(ExampleFile, ShowsExactlyTheDefaults) {
  EXPECT_EQ(load_file(source_file("config/paxbot.example.yml")).config, default_config());
}

TEST(ExampleFile, HasEveryKeyEachWithAComment) {
  const LoadResult result = load_file(source_file("config/paxbot.example.yml"));
  for (const std::string& path : key_paths()) {
    if (path.find("[]") != std::string::npos) continue;  // entry keys: checked below
    EXPECT_TRUE(result.locations.contains(path)) << path << " is missing from the example";
  }
  EXPECT_TRUE(result.locations.contains("matchmaking.time_controls[0].weight"));
  EXPECT_TRUE(result.locations.contains("matchmaking.variants[0].weight"));

  // Every "key:" line is preceded by a comment line (list entries are covered by the
  // comment above their list).
  std::istringstream lines(read_text(source_file("config/paxbot.example.yml")));
  std::string line;
  std::string previous;
  int number = 0;
  while (std::getline(lines, line)) {
    ++number;
    const auto first = line.find_first_not_of(' ');
    const bool is_key = first != std::string::npos && line[first] != '#' && line[first] != '-' &&
                        line.find(':') != std::string::npos;
    if (is_key) {
      const auto previous_first = previous.find_first_not_of(' ');
      EXPECT_TRUE(previous_first != std::string::npos && previous[previous_first] == '#')
          << "line " << number << " has no comment above it: " << line;
    }
    previous = line;
  }
}

TEST(Documentation, DescribesEveryKey) {
  const std::string docs = read_text(source_file("docs/configuration.md"));
  ASSERT_FALSE(docs.empty());
  for (const std::string& path : key_paths()) {
    EXPECT_NE(docs.find("`" + path + "`"), std::string::npos)
        << path << " is not documented in docs/configuration.md";
  }
}

TEST(Load, CustomFileGivesTheWrittenValues) {
  const LoadResult result = load_and_validate(data_file("good_custom.yml"));
  EXPECT_EQ(lines_of(result.diagnostics), std::vector<std::string>{});
  const Config& c = result.config;

  Config expected = default_config();
  // Relative paths are relative to the config file's directory; absolute ones stay.
  expected.token_file = data_file("secrets/token").string();
  expected.url = "https://lichess.dev";  // trailing slash removed
  expected.log_level = LogLevel::kDebug;
  expected.engine.hash_mb = 256;
  expected.engine.threads = 2;
  expected.engine.draw_offer.enabled = false;
  expected.engine.resign.enabled = true;
  expected.engine.resign.score_cp = -800;
  expected.challenge.concurrency = 3;
  expected.challenge.variants = {Variant::kStandard, Variant::kPacifist};
  expected.challenge.time_controls = {Speed::kBlitz, Speed::kRapid};
  expected.challenge.min_base = 60;
  expected.challenge.max_base = 900;
  expected.challenge.modes = {Mode::kCasual};
  expected.challenge.allow_list = {"alice", "Bob-the-Bot"};
  expected.challenge.block_list = {"mallory"};
  expected.challenge.queue = false;
  expected.greeting.hello = "Hello {opponent}! {me} here.";
  expected.greeting.goodbye = "";  // "goodbye:" with no value: send nothing
  expected.matchmaking.enabled = true;
  expected.matchmaking.challenge_mode = ChallengeMode::kRandom;
  expected.matchmaking.rating_preference = RatingPreference::kHigh;
  expected.matchmaking.time_controls = {{.base_s = 60, .increment_s = 1, .weight = 1.0},
                                        {.base_s = 300, .increment_s = 0, .weight = 2.5}};
  expected.matchmaking.variants = {{.name = Variant::kPacifist, .weight = 3.0},
                                   {.name = Variant::kChess960, .weight = 1.0}};
  expected.matchmaking.allow_during_games = true;
  expected.matchmaking.state_file = "/var/lib/paxbot/matchmaking.json";
  expected.pgn.directory = data_file("games").string();
  expected.pgn.grouping = PgnGrouping::kPerOpponent;
  expected.status_http.enabled = true;
  expected.status_http.listen = "[::1]:9000";
  expected.takebacks = {.max_per_game = 2, .only_humans = true};
  expected.online_block_list.urls = {"https://example.org/blocked.txt",
                                     "http://127.0.0.1:8000/more.txt"};
  expected.online_block_list.matchmaking = false;
  expected.online_block_list.refresh_min = 15;
  expected.online_block_list.cache_file = data_file("block_list.txt").string();
  EXPECT_EQ(c, expected);
}

TEST(Load, FromStringKeepsRelativePathsAsWritten) {
  const LoadResult result = load_string("token_file: secrets/token\npgn:\n  directory: games\n");
  EXPECT_TRUE(result.diagnostics.empty());
  EXPECT_EQ(result.config.token_file, "secrets/token");
  EXPECT_EQ(result.config.pgn.directory, "games");
}

TEST(Load, MissingFileIsOneErrorAndDefaults) {
  const LoadResult result = load_file(data_file("does-not-exist.yml"));
  ASSERT_EQ(result.diagnostics.size(), 1u);
  EXPECT_EQ(result.diagnostics[0].severity, Severity::kError);
  EXPECT_NE(result.diagnostics[0].message.find("cannot read"), std::string::npos);
  EXPECT_NE(result.diagnostics[0].message.find("does-not-exist.yml"), std::string::npos);
  EXPECT_FALSE(result.ok());
  EXPECT_EQ(result.config, default_config());
}

template <NamedEnum E>
void expect_names_round_trip() {
  const auto names = names_of(E{});
  for (std::size_t i = 0; i < names.size(); ++i) {
    const E value = static_cast<E>(i);
    EXPECT_EQ(to_string(value), names[i]);
    EXPECT_EQ(parse_enum<E>(names[i]), value);
  }
  EXPECT_EQ(parse_enum<E>("no-such-name"), std::nullopt);
}

TEST(Enums, NamesRoundTrip) {
  expect_names_round_trip<LogLevel>();
  expect_names_round_trip<Variant>();
  expect_names_round_trip<Speed>();
  expect_names_round_trip<Mode>();
  expect_names_round_trip<ChallengeMode>();
  expect_names_round_trip<RatingPreference>();
  expect_names_round_trip<ShutdownAction>();
  expect_names_round_trip<PgnGrouping>();
  EXPECT_EQ(to_string(Variant::kFromPosition), "fromPosition") << "the Lichess variant key";
  EXPECT_EQ(parse_enum<Variant>("Chess960"), std::nullopt) << "names are case-sensitive";
}

}  // namespace
}  // namespace config
