// SPDX-License-Identifier: GPL-3.0-or-later
// The effective-config printer: complete, reloadable, and never showing the token.
#include <gtest/gtest.h>

#include "config/defaults.h"
#include "config/describe.h"
#include "config/load.h"
#include "config/schema.h"
#include "tests/config/test_support.h"

namespace config {
namespace {

using testing::data_file;

TEST(Describe, DefaultsReloadToTheSameConfig) {
  const std::string text = describe(default_config());
  const LoadResult reloaded = load_string(text);
  EXPECT_TRUE(reloaded.diagnostics.empty()) << text;
  EXPECT_EQ(reloaded.config, default_config());
}

TEST(Describe, PrintsEveryKey) {
  const LoadResult reloaded = load_string(describe(default_config()));
  for (const std::string& path : key_paths()) {
    if (path.find("[]") != std::string::npos) continue;
    EXPECT_TRUE(reloaded.locations.contains(path)) << path << " is not printed";
  }
}

TEST(Describe, CustomConfigReloadsToTheSameConfig) {
  const LoadResult custom = load_file(data_file("good_custom.yml"));
  ASSERT_TRUE(custom.diagnostics.empty());
  const LoadResult reloaded = load_string(describe(custom.config));
  EXPECT_TRUE(reloaded.diagnostics.empty());
  EXPECT_EQ(reloaded.config, custom.config);
}

TEST(Describe, StringsThatLookLikeOtherYamlStayStrings) {
  Config c = default_config();
  c.greeting.hello = "yes";
  c.greeting.goodbye = "gg: \"well played\" # {opponent}";
  c.greeting.hello_spectators = "123";
  c.greeting.goodbye_spectators = "Merci, à bientôt ♟";
  c.challenge.allow_list = {"true", "null", "Bob"};
  c.pgn.directory = "/srv/games: [x]";
  const LoadResult reloaded = load_string(describe(c));
  EXPECT_TRUE(reloaded.diagnostics.empty());
  EXPECT_EQ(reloaded.config, c);
}

TEST(Describe, IsReadableYamlInSchemaOrder) {
  const std::string text = describe(default_config());
  EXPECT_TRUE(text.starts_with("token_file: \"\"\nurl: \"https://lichess.org\"\nlog_level: info\n"))
      << text;
  EXPECT_NE(text.find("engine:\n  hash_mb: 64\n"), std::string::npos) << text;
  EXPECT_NE(text.find("  variants: [standard, chess960, fromPosition, pacifist]\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("    - {base_s: 180, increment_s: 2, weight: 1}\n"), std::string::npos)
      << text;
  EXPECT_LT(text.find("engine:"), text.find("challenge:"));
  EXPECT_LT(text.find("challenge:"), text.find("status_http:"));
}

TEST(Describe, TokenIsMaskedAndOnlyItsSourceIsShown) {
  const std::string text = describe(default_config(), "LICHESS_BOT_TOKEN");
  EXPECT_TRUE(text.starts_with("# token: ******** (found in LICHESS_BOT_TOKEN)\n")) << text;
  EXPECT_EQ(load_string(text).config, default_config()) << "the token line is a comment";
  EXPECT_EQ(describe(default_config()).find("token:"), std::string::npos)
      << "no token line without a source";
}

}  // namespace
}  // namespace config
