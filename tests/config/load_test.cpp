// SPDX-License-Identifier: GPL-3.0-or-later
// YAML -> Config: wrong types, unknown keys, syntax errors, secrets and document shapes.
#include <gtest/gtest.h>

#include "config/defaults.h"
#include "config/load.h"
#include "config/validate.h"
#include "tests/config/test_support.h"

namespace config {
namespace {

using testing::data_file;
using testing::lines_of;
using testing::read_text;

TEST(Load, BadTypesFileReportsEveryProblemAtOnce) {
  const LoadResult result = load_and_validate(data_file("bad_types.yml"));
  const std::vector<std::string> expected = {
      "2:1 error log_level: unknown value 'loud'; fix: use one of debug, info, warning, error",
      "4:3 error engine.hash_mb: expected a whole number, got 'lots'; fix: write a value of that "
      "kind, or delete the line to use the default (64)",
      "5:3 error engine.threads: expected a whole number, got '1.5'; fix: write a value of that "
      "kind, or delete the line to use the default (1)",
      "6:3 error engine.draw_offer: expected a map of keys, got 'yes'; fix: indent the keys of "
      "draw_offer under it",
      "8:3 error challenge.accept_bot: expected true or false, got 'maybe'; fix: write a value of "
      "that kind, or delete the line to use the default (true)",
      "9:24 error challenge.variants[1]: unknown value 'crazyhouse'; fix: use one of standard, "
      "chess960, fromPosition, pacifist",
      "9:36 error challenge.variants[2]: unknown value 'Chess960'; fix: did you mean chess960? use "
      "one of standard, chess960, fromPosition, pacifist",
      "10:19 error challenge.time_controls[0]: unknown value 'ultraBullet'; fix: remove it: "
      "Lichess does not let bots play ultraBullet; use one of bullet, blitz, rapid, classical, "
      "correspondence",
      "11:3 error challenge.modes: expected a list, got 'rated'; fix: write it as [a, b] or as '- "
      "a' lines (default: [rated, casual])",
      "12:3 error challenge.min_rating: expected a whole number, got a token (not shown); fix: "
      "write a value of that kind, or delete the line to use the default (0)",
      "13:3 error challenge.max_queue: expected a whole number, got nothing; fix: write a value of "
      "that kind, or delete the line to use the default (10)",
      "14:3 error challenge.max_queue: duplicate key (the first one is used); fix: keep only one "
      "max_queue line",
      "17:7 error matchmaking.time_controls[0].increment_s: missing; fix: add 'increment_s: "
      "<value>' to this entry",
      "18:7 error matchmaking.time_controls[1]: expected a map, got '300+2'; fix: write the entry "
      "as '- key: value' lines",
      "20:8 error matchmaking.variants[0].name: unknown value 'pacifst'; fix: did you mean "
      "pacifist? use one of standard, chess960, fromPosition, pacifist",
      "20:23 error matchmaking.variants[0].weight: expected a number, got 'heavy'; fix: write a "
      "value of that kind, or delete the line to use the default (1)",
      "21:1 error pgn: expected a map of keys, got a list; fix: indent the keys of pgn under it",
  };
  EXPECT_EQ(lines_of(result.diagnostics), expected);
  EXPECT_FALSE(result.ok());
}

TEST(Load, ValuesThatFailKeepTheirDefaults) {
  const LoadResult result = load_file(data_file("bad_types.yml"));
  const Config defaults = default_config();
  EXPECT_EQ(result.config.log_level, defaults.log_level);
  EXPECT_EQ(result.config.engine.hash_mb, defaults.engine.hash_mb);
  EXPECT_EQ(result.config.engine.draw_offer, defaults.engine.draw_offer);
  EXPECT_EQ(result.config.challenge.accept_bot, defaults.challenge.accept_bot);
  EXPECT_EQ(result.config.challenge.modes, defaults.challenge.modes);
  // List items that fail are left out; the others are kept.
  EXPECT_EQ(result.config.challenge.variants, std::vector{Variant::kStandard});
  EXPECT_EQ(result.config.challenge.time_controls, std::vector{Speed::kBlitz});
  // The first of two duplicate keys wins (here: no value, an error, so the default).
  EXPECT_EQ(result.config.challenge.max_queue, defaults.challenge.max_queue);
}

TEST(Load, UnknownKeysAreWarningsWithSuggestions) {
  const LoadResult result = load_and_validate(data_file("unknown_keys.yml"));
  const std::vector<std::string> expected = {
      "3:1 warning concurency: unknown key, ignored; fix: did you mean challenge.concurrency? (it "
      "belongs in another section) otherwise remove it",
      "4:1 warning hash_mb: unknown key, ignored; fix: did you mean engine.hash_mb? (it belongs in "
      "another section) otherwise remove it",
      "5:1 warning abort_time: unknown key, ignored; fix: lichess-bot's abort_time is abort_time_s "
      "here; remove or rename it",
      "6:1 warning pgn_directory: unknown key, ignored; fix: lichess-bot's pgn_directory is "
      "pgn.directory here; remove or rename it",
      "8:3 warning engine.Threads: unknown key, ignored; fix: did you mean engine.threads? "
      "otherwise remove it",
      "9:3 warning engine.dir: unknown key, ignored; fix: paxbot's engine is built in, so this "
      "does not apply; remove or rename it",
      "10:3 warning engine.draw_or_resign: unknown key, ignored; fix: lichess-bot's draw_or_resign "
      "settings are engine.draw_offer and engine.resign here; remove or rename it",
      "13:3 warning challenge.min_bse: unknown key, ignored; fix: did you mean challenge.min_base? "
      "otherwise remove it",
      "14:3 warning challenge.max-increment: unknown key, ignored; fix: did you mean "
      "challenge.max_increment? otherwise remove it",
      "16:3 warning matchmaking.allow_matchmaking: unknown key, ignored; fix: lichess-bot's "
      "allow_matchmaking is matchmaking.enabled here; remove or rename it",
      "18:37 warning matchmaking.time_controls[0].wieght: unknown key, ignored; fix: did you mean "
      "matchmaking.time_controls[0].weight? otherwise remove it",
      "19:1 warning favourite_colour: unknown key, ignored; fix: remove it (paxbot ignores it); "
      "docs/configuration.md lists every key",
  };
  EXPECT_EQ(lines_of(result.diagnostics), expected);
  EXPECT_TRUE(result.ok()) << "unknown keys do not stop the daemon";
  Config known = default_config();  // unknown keys change nothing; the one known key does
  known.matchmaking.time_controls = {{.base_s = 180, .increment_s = 2, .weight = 1.0}};
  EXPECT_EQ(result.config, known);
}

TEST(Load, SyntaxErrorGivesLineAndColumn) {
  const LoadResult result = load_file(data_file("syntax_error.yml"));
  ASSERT_EQ(result.diagnostics.size(), 1u);
  const Diagnostic& d = result.diagnostics[0];
  EXPECT_EQ(d.severity, Severity::kError);
  EXPECT_EQ(d.key, "");
  EXPECT_EQ(d.message, "YAML syntax error: end of sequence flow not found");
  // The unclosed '[' is on line 4; the parser notices on line 5.
  EXPECT_EQ(d.location, (Location{5, 8}));
  EXPECT_EQ(format_diagnostic(d, "syntax_error.yml"),
            "syntax_error.yml:5:8: error: YAML syntax error: end of sequence flow not found; "
            "fix: check the indentation, colons and quotes at this line and the one before it");
  EXPECT_EQ(result.config, default_config());
}

TEST(Load, BadIndentationIsASyntaxErrorOnItsLine) {
  const LoadResult result = load_string("engine:\n  hash_mb: 64\n threads: 2\n");
  ASSERT_EQ(result.diagnostics.size(), 1u);
  EXPECT_EQ(result.diagnostics[0].location->line, 3);
  EXPECT_TRUE(result.diagnostics[0].message.starts_with("YAML syntax error"));
}

// yaml-cpp's LoadAll never returns on these (found by fuzz_config_load).
TEST(Load, StrayCommaAtTheTopLevelIsASyntaxErrorNotAHang) {
  for (const char* text : {",", "[1],", "engine:\n  threads: 2\n,\n"}) {
    const LoadResult result = load_string(text);
    ASSERT_EQ(result.diagnostics.size(), 1u) << text;
    EXPECT_TRUE(result.diagnostics[0].message.starts_with("YAML syntax error")) << text;
    EXPECT_TRUE(result.diagnostics[0].location.has_value()) << text;
  }
}

TEST(Load, TokenInTheFileIsAnErrorThatNeverShowsTheToken) {
  const std::string secret = "lip_SuperSecret0123456789";
  ASSERT_NE(read_text(data_file("token_in_config.yml")).find(secret), std::string::npos);
  const LoadResult result = load_and_validate(data_file("token_in_config.yml"));
  EXPECT_EQ(lines_of(result.diagnostics),
            std::vector<std::string>{
                "2:1 error token: the token must not be in the config file (it was ignored); "
                "fix: delete the line, revoke the token on the server if the file was shared, "
                "and provide it through LICHESS_BOT_TOKEN, token_file or the systemd credential "
                "'token'"});
  EXPECT_EQ(result.config.url, "https://lichess.org");
}

TEST(Load, TokenPastedAsTokenFileIsDroppedAndNotShown) {
  const LoadResult result = load_string("token_file: lip_AbCdEf123456\n");
  ASSERT_EQ(result.diagnostics.size(), 1u);
  EXPECT_EQ(result.diagnostics[0].key, "token_file");
  EXPECT_EQ(result.diagnostics[0].location, (Location{1, 1}));
  EXPECT_EQ(to_string(result.diagnostics[0]).find("AbCdEf"), std::string::npos);
  EXPECT_EQ(result.config.token_file, "") << "the token must not stay in the config";
}

TEST(Load, TokenWrittenAsAKeyIsNotShown) {
  const LoadResult result = load_string("engine:\n  lip_AbCdEf123456:\n");
  ASSERT_EQ(result.diagnostics.size(), 1u);
  EXPECT_EQ(result.diagnostics[0].key, "engine");
  EXPECT_EQ(result.diagnostics[0].location, (Location{2, 3}));
  EXPECT_EQ(to_string(result.diagnostics[0]).find("AbCdEf"), std::string::npos);
}

TEST(Load, ValueThatLooksLikeATokenIsNotQuoted) {
  const LoadResult result = load_string("engine:\n  threads: lip_AbCdEf123456\n");
  ASSERT_EQ(result.diagnostics.size(), 1u);
  EXPECT_EQ(to_string(result.diagnostics[0]).find("AbCdEf"), std::string::npos);
}

TEST(Load, DocumentShapes) {
  const auto only = [](std::string_view text) {
    const LoadResult result = load_string(text);
    EXPECT_EQ(result.diagnostics.size(), 1u) << text;
    return result.diagnostics.empty() ? std::string() : testing::line_of(result.diagnostics[0]);
  };
  EXPECT_EQ(only("- a\n- b\n"),
            "1:1 error the top level must be a map of keys, got a list; fix: start from "
            "config/paxbot.example.yml");
  EXPECT_EQ(only("just text\n"),
            "1:1 error the top level must be a map of keys, got 'just text'; fix: start from "
            "config/paxbot.example.yml");
  EXPECT_EQ(only("url: https://a.org\n---\nurl: https://b.org\n"),
            "- error the file holds 2 YAML documents; only the first is read; fix: keep one "
            "document: remove the '---' separators");
  EXPECT_EQ(only("challenge:\n  {a: 1}: 2\n"),
            "2:3 error challenge: a key must be plain text; fix: write keys as 'name: value'");
}

TEST(Load, EmptySectionKeepsDefaultsAndEmptyListIsEmpty) {
  const LoadResult result = load_string(
      "engine:\nchallenge:\n  allow_list:\n  variants: []\nmatchmaking:\n  variants:\n");
  EXPECT_TRUE(result.diagnostics.empty());
  EXPECT_EQ(result.config.engine, default_config().engine);
  EXPECT_TRUE(result.config.challenge.allow_list.empty());
  EXPECT_TRUE(result.config.challenge.variants.empty());
  EXPECT_TRUE(result.config.matchmaking.variants.empty());
}

TEST(Load, ScalarsAcceptYamlSpellings) {
  const LoadResult result = load_string(
      "challenge:\n  accept_bot: no\n  queue: yes\n  max_queue: \"7\"\n"
      "greeting:\n  hello: 123\n");
  EXPECT_TRUE(result.diagnostics.empty());
  EXPECT_FALSE(result.config.challenge.accept_bot);
  EXPECT_TRUE(result.config.challenge.queue);
  EXPECT_EQ(result.config.challenge.max_queue, 7);
  EXPECT_EQ(result.config.greeting.hello, "123");
}

TEST(Load, OutOfRangeIntegerIsATypeError) {
  const LoadResult result = load_string("engine:\n  hash_mb: 99999999999\n");
  ASSERT_EQ(result.diagnostics.size(), 1u);
  EXPECT_EQ(result.diagnostics[0].key, "engine.hash_mb");
  EXPECT_EQ(result.config.engine.hash_mb, 64);
}

TEST(Load, PonderIsASwitchAndAnythingElseIsNamed) {
  EXPECT_TRUE(load_string("engine:\n  ponder: true\n").config.engine.ponder);
  const LoadResult bad = load_string("engine:\n  ponder: sometimes\n");
  ASSERT_EQ(lines_of(bad.diagnostics),
            std::vector<std::string>{
                "2:3 error engine.ponder: expected true or false, got 'sometimes'; fix: write a "
                "value of that kind, or delete the line to use the default (false)"});
  EXPECT_FALSE(bad.config.engine.ponder);
}

TEST(Load, RecordsWhereEachKeyIs) {
  const LoadResult result = load_string(
      "url: https://lichess.org\nchallenge:\n  max_base: 60\nmatchmaking:\n  time_controls:\n"
      "    - {base_s: 60, increment_s: 1}\n");
  EXPECT_EQ(result.locations.at("url"), (Location{1, 1}));
  EXPECT_EQ(result.locations.at("challenge"), (Location{2, 1}));
  EXPECT_EQ(result.locations.at("challenge.max_base"), (Location{3, 3}));
  EXPECT_EQ(result.locations.at("matchmaking.time_controls[0]"), (Location{6, 7}));
  EXPECT_EQ(result.locations.at("matchmaking.time_controls[0].increment_s"), (Location{6, 20}));
  EXPECT_FALSE(result.locations.contains("engine"));
}

TEST(Load, AttachLocationsFallsBackToTheEnclosingKey) {
  const LoadResult result = load_string("challenge:\n  min_base: 20000\n");
  std::vector<Diagnostic> findings = validate(result.config);
  attach_locations(findings, result.locations);
  EXPECT_EQ(lines_of(findings),
            std::vector<std::string>{"1:1 error challenge.max_base: must be >= challenge.min_base "
                                     "(20000); fix: raise max_base or lower min_base"});
}

TEST(Load, DiagnosticFormats) {
  const Diagnostic d{Severity::kWarning, "engine.hash", "unknown key, ignored",
                     "did you mean engine.hash_mb? otherwise remove it", Location{5, 3}};
  EXPECT_EQ(to_string(d),
            "engine.hash: unknown key, ignored; fix: did you mean engine.hash_mb? otherwise "
            "remove it");
  EXPECT_EQ(format_diagnostic(d, "bot.yml"),
            "bot.yml:5:3: warning: engine.hash: unknown key, ignored; fix: did you mean "
            "engine.hash_mb? otherwise remove it");
  const Diagnostic whole_file{Severity::kError, "", "cannot read x", "", std::nullopt};
  EXPECT_EQ(format_diagnostic(whole_file, "x"), "x: error: cannot read x");
  const std::vector<Diagnostic> both = {d, whole_file};
  EXPECT_TRUE(has_errors(both));
  EXPECT_EQ(count(both, Severity::kWarning), 1);
}

}  // namespace
}  // namespace config
