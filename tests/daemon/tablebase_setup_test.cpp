// SPDX-License-Identifier: GPL-3.0-or-later
// engine.tablebases at daemon start-up: the config becomes the engine's settings, a bad path
// is a warning naming it, and no path opens nothing.
#include "daemon/tablebase_setup.h"

#include <gtest/gtest.h>

#include <sstream>

#include "config/defaults.h"

namespace bot {
namespace {

TEST(TablebaseSetup, ConfigBecomesTheEngineSettings) {
  config::Tablebases c = config::default_config().engine.tablebases;
  c.syzygy_path = "/srv/syzygy:/srv/more";
  c.gaviota_path = "/srv/gaviota";
  c.max_pieces = 5;
  c.gaviota_cache_mb = 64;
  c.use = {config::TablebaseKind::kGaviota};
  const engine::tablebase::Settings s = tablebase_settings(c);
  EXPECT_EQ(s.syzygy_path, "/srv/syzygy:/srv/more");
  EXPECT_EQ(s.gaviota_path, "/srv/gaviota");
  EXPECT_EQ(s.max_pieces, 5);
  EXPECT_EQ(s.gaviota_cache_mb, 64);
  EXPECT_FALSE(s.use_syzygy);
  EXPECT_TRUE(s.use_gaviota);
  // The defaults use both kinds.
  const auto defaults = tablebase_settings(config::default_config().engine.tablebases);
  EXPECT_TRUE(defaults.use_syzygy && defaults.use_gaviota);
}

TEST(TablebaseSetup, NoPathOpensNothingQuietly) {
  std::ostringstream out;
  base::Logger log(out, base::LogLevel::kDebug);
  EXPECT_EQ(open_tablebases(config::default_config().engine.tablebases, log), nullptr);
  EXPECT_EQ(out.str(), "");
}

TEST(TablebaseSetup, MissingPathIsAWarningNamingItAndPlayGoesOn) {
  std::ostringstream out;
  base::Logger log(out, base::LogLevel::kDebug);
  config::Tablebases c = config::default_config().engine.tablebases;
  c.syzygy_path = "/nonexistent/paxbot-syzygy";
  c.gaviota_path = "/nonexistent/paxbot-gaviota";
  EXPECT_EQ(open_tablebases(c, log), nullptr);
  const std::string text = out.str();
  EXPECT_NE(text.find("/nonexistent/paxbot-syzygy"), std::string::npos) << text;
  EXPECT_NE(text.find("/nonexistent/paxbot-gaviota"), std::string::npos) << text;
  EXPECT_NE(text.find("playing on without it"), std::string::npos) << text;
}

}  // namespace
}  // namespace bot
