// SPDX-License-Identifier: GPL-3.0-or-later
// Token lookup: environment, token_file, systemd credential; checked; never echoed.
#include <gtest/gtest.h>

#include "config/defaults.h"
#include "config/token.h"
#include "tests/config/test_support.h"

namespace config {
namespace {

using testing::fake_env;
using testing::TempDir;

constexpr const char* kEnvToken = "lip_fromTheEnvironment01";
constexpr const char* kFileToken = "lip_fromTheTokenFile02";
constexpr const char* kCredentialToken = "lip_fromTheCredential03";

TEST(Token, EnvironmentComesFirst) {
  TempDir dir;
  Config c = default_config();
  c.token_file = dir.write("token", kFileToken).string();
  dir.write("creds/token", kCredentialToken);
  const auto env = fake_env({{"LICHESS_BOT_TOKEN", kEnvToken},
                             {"CREDENTIALS_DIRECTORY", (dir.path() / "creds").string()}});
  const auto found = find_token(c, env);
  ASSERT_TRUE(found.has_value()) << found.error();
  EXPECT_EQ(found->value, kEnvToken);
  EXPECT_EQ(found->source, "LICHESS_BOT_TOKEN");
  EXPECT_EQ(resolve_token(c, env), kEnvToken);
}

TEST(Token, TokenFileComesSecondAndIsTrimmed) {
  TempDir dir;
  Config c = default_config();
  c.token_file = dir.write("token", std::string("  ") + kFileToken + "\r\n").string();
  dir.write("creds/token", kCredentialToken);
  const auto env = fake_env({{"LICHESS_BOT_TOKEN", ""},  // empty counts as unset
                             {"CREDENTIALS_DIRECTORY", (dir.path() / "creds").string()}});
  const auto found = find_token(c, env);
  ASSERT_TRUE(found.has_value()) << found.error();
  EXPECT_EQ(found->value, kFileToken);
  EXPECT_EQ(found->source, "token_file " + c.token_file);
}

TEST(Token, SystemdCredentialComesLast) {
  TempDir dir;
  dir.write("creds/token", std::string(kCredentialToken) + "\n");
  const auto env = fake_env({{"CREDENTIALS_DIRECTORY", (dir.path() / "creds").string()}});
  const auto found = find_token(default_config(), env);
  ASSERT_TRUE(found.has_value()) << found.error();
  EXPECT_EQ(found->value, kCredentialToken);
  EXPECT_EQ(found->source, "$CREDENTIALS_DIRECTORY/token");
}

TEST(Token, NothingFoundNamesEveryWayToProvideIt) {
  TempDir dir;  // a credentials directory without a token in it
  const auto env = fake_env({{"CREDENTIALS_DIRECTORY", dir.path().string()}});
  const auto found = resolve_token(default_config(), env);
  ASSERT_FALSE(found.has_value());
  EXPECT_EQ(found.error(),
            "no API token found; fix: set LICHESS_BOT_TOKEN, or set token_file in the config to "
            "a file holding the token, or (systemd) LoadCredential=token:/path/to/token-file");
}

TEST(Token, MissingTokenFileIsAnErrorEvenWithACredential) {
  TempDir dir;
  dir.write("creds/token", kCredentialToken);
  Config c = default_config();
  c.token_file = (dir.path() / "nope").string();
  const auto env = fake_env({{"CREDENTIALS_DIRECTORY", (dir.path() / "creds").string()}});
  const auto found = resolve_token(c, env);
  ASSERT_FALSE(found.has_value());
  EXPECT_EQ(found.error(), "token_file " + c.token_file + ": cannot open " + c.token_file +
                               ": No such file or directory; fix: create the file or correct "
                               "the path, readable by paxbot");
}

TEST(Token, MalformedTokenIsRejectedWithoutShowingIt) {
  const auto found =
      resolve_token(default_config(), fake_env({{"LICHESS_BOT_TOKEN", "Bearer lip_Secret123"}}));
  ASSERT_FALSE(found.has_value());
  EXPECT_EQ(found.error(),
            "LICHESS_BOT_TOKEN: this is not a token (only letters, digits and '_' are allowed); "
            "fix: copy the token again, without quotes or other text");
  EXPECT_EQ(found.error().find("Secret123"), std::string::npos);
}

TEST(Token, EmptyOrHugeTokenFileIsRejected) {
  TempDir dir;
  Config c = default_config();
  c.token_file = dir.write("empty", "\n").string();
  const auto empty = resolve_token(c, fake_env({}));
  ASSERT_FALSE(empty.has_value());
  EXPECT_NE(empty.error().find("the token is empty"), std::string::npos) << empty.error();

  c.token_file = dir.write("huge", std::string(5000, 'a')).string();
  const auto huge = resolve_token(c, fake_env({}));
  ASSERT_FALSE(huge.has_value());
  EXPECT_NE(huge.error().find("too large"), std::string::npos) << huge.error();
}

TEST(Token, ValidTokens) {
  EXPECT_TRUE(is_valid_token("lip_AbC123_xyz"));
  EXPECT_TRUE(is_valid_token("a"));
  EXPECT_TRUE(is_valid_token(std::string(600, 'x'))) << "tokens may grow past 512 characters";
  EXPECT_FALSE(is_valid_token(""));
  EXPECT_FALSE(is_valid_token("lip_abc def"));
  EXPECT_FALSE(is_valid_token("lip-abc"));
  EXPECT_FALSE(is_valid_token("\"lip_abc\""));
  EXPECT_FALSE(is_valid_token("lip_abc\n"));
  EXPECT_FALSE(is_valid_token("lip_\xc3\xa9"));
}

TEST(Token, ProcessEnvironmentReadsTheRealEnvironment) {
  const EnvLookup env = process_environment();
  EXPECT_TRUE(env("PATH").has_value());
  EXPECT_FALSE(env("PAXBOT_TEST_SURELY_UNSET_VARIABLE").has_value());
}

}  // namespace
}  // namespace config
