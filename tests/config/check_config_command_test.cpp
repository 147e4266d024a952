// SPDX-License-Identifier: GPL-3.0-or-later
// `paxbot check-config FILE`: exit status, what goes to stdout and stderr, token never shown.
#include <gtest/gtest.h>

#include <sstream>

#include "config/check_config_command.h"
#include "tests/config/test_support.h"

namespace config {
namespace {

using testing::data_file;
using testing::fake_env;
using testing::source_file;
using testing::TempDir;

constexpr const char* kToken = "lip_NeverPrintThis0123";

struct Outcome {
  int status;
  std::string out;
  std::string err;
};

Outcome run(const std::vector<std::string>& args, const EnvLookup& env) {
  std::ostringstream out;
  std::ostringstream err;
  const int status = check_config_command(args, out, err, env);
  return {status, out.str(), err.str()};
}

TEST(CheckConfig, ValidFilePrintsTheEffectiveConfigAndExitsZero) {
  const std::string file = source_file("config/paxbot.example.yml").string();
  const Outcome r = run({file}, fake_env({{"LICHESS_BOT_TOKEN", kToken}}));
  EXPECT_EQ(r.status, 0);
  EXPECT_TRUE(r.out.starts_with("# effective configuration of " + file +
                                "\n# token: ******** (found in LICHESS_BOT_TOKEN)\n"
                                "token_file: \"\"\n"))
      << r.out;
  EXPECT_NE(r.out.find("\nstatus_http:\n  enabled: false\n"), std::string::npos) << r.out;
  EXPECT_EQ(r.err, file + ": valid (0 warnings)\n");
  EXPECT_EQ((r.out + r.err).find("NeverPrintThis"), std::string::npos);
}

TEST(CheckConfig, TokenFromATokenFileIsNeverPrinted) {
  TempDir dir;
  dir.write("token", kToken);
  const auto file = dir.write("bot.yml", "token_file: token\nlog_level: debug\n");
  const Outcome r = run({file.string()}, fake_env({}));
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(
      r.out.find("# token: ******** (found in token_file " + (dir.path() / "token").string() + ")"),
      std::string::npos)
      << r.out;
  EXPECT_EQ((r.out + r.err).find("NeverPrintThis"), std::string::npos);
}

TEST(CheckConfig, ErrorsGoToStderrWithLinesAndExitOne) {
  const std::string file = data_file("bad_values.yml").string();
  const Outcome r = run({file}, fake_env({{"LICHESS_BOT_TOKEN", kToken}}));
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.out, "") << "no effective config for a file the daemon would refuse";
  EXPECT_NE(r.err.find(file + ":18:3: error: challenge.max_base: must be >= challenge.min_base "
                              "(600); fix: raise max_base or lower min_base\n"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find(file + ":15:3: warning: challenge.variants: lists 'standard' twice"),
            std::string::npos)
      << r.err;
  EXPECT_TRUE(r.err.ends_with(file + ": 28 errors, 2 warnings; the daemon would refuse to start\n"))
      << r.err;
}

TEST(CheckConfig, SyntaxErrorExitsOneWithTheLine) {
  const std::string file = data_file("syntax_error.yml").string();
  const Outcome r = run({file}, fake_env({{"LICHESS_BOT_TOKEN", kToken}}));
  EXPECT_EQ(r.status, 1);
  EXPECT_TRUE(r.err.starts_with(file + ":5:8: error: YAML syntax error")) << r.err;
}

TEST(CheckConfig, WarningsAloneStillExitZero) {
  const Outcome r =
      run({data_file("unknown_keys.yml").string()}, fake_env({{"LICHESS_BOT_TOKEN", kToken}}));
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.err.find("did you mean challenge.concurrency?"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find(": valid (12 warnings)\n"), std::string::npos) << r.err;
  EXPECT_FALSE(r.out.empty());
}

TEST(CheckConfig, MissingTokenIsOnlyAWarning) {
  const std::string file = source_file("config/paxbot.example.yml").string();
  const Outcome r = run({file}, fake_env({}));
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.err.find(file + ": warning: token: no API token found; fix: set LICHESS_BOT_TOKEN"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(r.out.find("# token:"), std::string::npos);
}

TEST(CheckConfig, BrokenTokenFileIsAnError) {
  TempDir dir;
  const auto file = dir.write("bot.yml", "token_file: missing-token\n");
  const Outcome r = run({file.string()}, fake_env({}));
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find(": error: token: token_file "), std::string::npos) << r.err;
}

TEST(CheckConfig, UnreadableFileExitsOne) {
  const Outcome r = run({"/nonexistent/paxbot.yml"}, fake_env({{"LICHESS_BOT_TOKEN", kToken}}));
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("cannot read /nonexistent/paxbot.yml"), std::string::npos) << r.err;
}

TEST(CheckConfig, HelpAndUsageErrors) {
  const Outcome help = run({"--help"}, fake_env({}));
  EXPECT_EQ(help.status, 0);
  EXPECT_TRUE(help.out.starts_with("usage: paxbot check-config FILE\n")) << help.out;
  EXPECT_EQ(help.err, "");
  EXPECT_EQ(run({"-h"}, fake_env({})).status, 0);

  for (const std::vector<std::string>& args :
       {std::vector<std::string>{}, std::vector<std::string>{"a.yml", "b.yml"},
        std::vector<std::string>{"--verbose", "a.yml"}}) {
    const Outcome r = run(args, fake_env({}));
    EXPECT_EQ(r.status, 2);
    EXPECT_EQ(r.out, "");
    EXPECT_NE(r.err.find("usage: paxbot check-config FILE"), std::string::npos);
  }
  EXPECT_TRUE(run({"--verbose", "a.yml"}, fake_env({}))
                  .err.starts_with("paxbot check-config: unknown option --verbose\n"));
}

}  // namespace
}  // namespace config
