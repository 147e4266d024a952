// SPDX-License-Identifier: GPL-3.0-or-later
// `paxbot demo` end to end, and the configuration its daemons get.
#include "demo/command.h"

#include <gtest/gtest.h>

#include <sstream>

#include "config/describe.h"
#include "config/load.h"
#include "config/validate.h"
#include "demo/daemons.h"

namespace demo {
namespace {

TEST(DemoDaemons, TheirConfigIsWrittenByTheConfigWriterAndReadsBack) {
  const config::Config written = daemon_config("http://127.0.0.1:8123", 5);
  EXPECT_EQ(written.engine.max_think_ms, 10) << "at least 10 ms";
  const config::LoadResult read = config::load_string(config::describe(written));
  ASSERT_TRUE(read.ok());
  EXPECT_FALSE(config::has_errors(config::validate(written)));
  EXPECT_EQ(read.config, written);
  EXPECT_EQ(read.config.url, "http://127.0.0.1:8123");
  EXPECT_EQ(read.config.shutdown.on_sigterm, config::ShutdownAction::resign);
}

TEST(DemoCommand, TwoBotsPlayBothGamesAndExitZero) {
  std::ostringstream out, err;
  int rc = demo_command(
      {"--players", "builtin", "--movetime", "10", "--draw-after", "60", "--seed", "7"}, out, err);
  EXPECT_EQ(rc, 0) << err.str() << out.str();
  const std::string text = out.str();
  EXPECT_NE(text.find("=== Pacifist"), std::string::npos) << text;
  EXPECT_NE(text.find("=== Standard"), std::string::npos) << text;
  EXPECT_NE(text.find("final position:"), std::string::npos);
  EXPECT_NE(text.find("result: "), std::string::npos);
  EXPECT_NE(text.find("summary:"), std::string::npos);
  EXPECT_TRUE(err.str().empty()) << err.str();
}

TEST(DemoCommand, BadOptions) {
  std::ostringstream out, err;
  EXPECT_EQ(demo_command({"--players", "robots"}, out, err), 2);
  EXPECT_EQ(demo_command({"--movetime", "0"}, out, err), 2);
  EXPECT_EQ(demo_command({"--help"}, out, err), 0);
  EXPECT_NE(out.str().find("--players"), std::string::npos);
}

// The real thing: two `paxbot run` daemons (label slow: it needs the paxbot binary and
// takes about half a minute).
TEST(SlowDemo, DaemonPlayersFinishBothGames) {
  std::ostringstream out, err;
  int rc = demo_command({"--players", "daemon", "--paxbot", PAXBOT_BINARY, "--movetime", "30"}, out,
                        err);
  EXPECT_EQ(rc, 0) << err.str() << out.str();
  EXPECT_NE(out.str().find("two `paxbot run` daemons"), std::string::npos);
  EXPECT_NE(out.str().find("=== Pacifist"), std::string::npos) << out.str();
  EXPECT_NE(out.str().find("=== Standard"), std::string::npos) << out.str();
}

}  // namespace
}  // namespace demo
