// SPDX-License-Identifier: GPL-3.0-or-later
// Engine specs and limits on the command line (match/engine_spec.h).
#include "match/engine_spec.h"

#include <gtest/gtest.h>

namespace match {
namespace {

TEST(EngineSpec, WordsGiveProgramArgumentsOptionsAndLimits) {
  auto spec =
      parse_engine_spec({"name=new", "cmd=/opt/paxbot", "arg=uci", "arg=--quiet", "option.Hash=64",
                         "option.Move Overhead=20", "tc=5000+50", "nodes=20000"});
  ASSERT_TRUE(spec) << spec.error();
  EXPECT_EQ(spec->name, "new");
  EXPECT_EQ(spec->cmd, "/opt/paxbot");
  EXPECT_EQ(spec->args, (std::vector<std::string>{"uci", "--quiet"}));
  ASSERT_EQ(spec->options.size(), 2u);
  EXPECT_EQ(spec->options[1].first, "Move Overhead");
  EXPECT_EQ(spec->options[1].second, "20");
  EXPECT_EQ(spec->limits.tc, (TimeControl{5000, 50}));
  EXPECT_EQ(spec->limits.nodes, 20000u);
  EXPECT_FALSE(spec->ponder);
  auto pondering = parse_engine_spec({"cmd=/opt/paxbot", "ponder=on"});
  ASSERT_TRUE(pondering);
  EXPECT_TRUE(pondering->ponder);
  auto unnamed = parse_engine_spec({"cmd=/usr/games/stockfish"});
  ASSERT_TRUE(unnamed);
  EXPECT_EQ(unnamed->name, "stockfish");
}

TEST(EngineSpec, ErrorsNameTheWord) {
  auto no_cmd = parse_engine_spec({"name=x"});
  ASSERT_FALSE(no_cmd);
  EXPECT_NE(no_cmd.error().find("cmd=PATH"), std::string::npos);
  auto unknown = parse_engine_spec({"cmd=x", "speed=9"});
  ASSERT_FALSE(unknown);
  EXPECT_NE(unknown.error().find("'speed=9'"), std::string::npos) << unknown.error();
  EXPECT_FALSE(parse_engine_spec({"cmd=x", "nodes=0"}));
  EXPECT_FALSE(parse_engine_spec({"cmd=x", "tc=fast"}));
  EXPECT_FALSE(parse_engine_spec({"cmd=x", "uci"}));
  auto bad_ponder = parse_engine_spec({"cmd=x", "ponder=yes"});
  ASSERT_FALSE(bad_ponder);
  EXPECT_NE(bad_ponder.error().find("ponder is on or off"), std::string::npos);
}

TEST(EngineSpec, TimeControlsAndTheirPgnTag) {
  EXPECT_EQ(parse_time_control("10000+100"), (TimeControl{10000, 100}));
  EXPECT_EQ(parse_time_control("60000"), (TimeControl{60000, 0}));
  EXPECT_FALSE(parse_time_control("10s+1"));
  EXPECT_FALSE(parse_time_control("+100"));
  EXPECT_EQ(time_control_tag({10000, 100}), "10+0.1");
  EXPECT_EQ(time_control_tag({60000, 0}), "60+0");
}

TEST(EngineSpec, OwnLimitsOverrideTheMatchAndAClockReplacesAClock) {
  Limits global;
  global.tc = TimeControl{10000, 100};
  global.nodes = 5000;
  Limits own;
  own.movetime_ms = 50;
  const Limits merged = merge_limits(global, own);
  EXPECT_FALSE(merged.tc);
  EXPECT_EQ(merged.movetime_ms, 50);
  EXPECT_EQ(merged.nodes, 5000u);
  const Limits untouched = merge_limits(global, {});
  EXPECT_EQ(untouched.tc, global.tc);
}

TEST(EngineSpec, WordGroupsAreCollectedUpToTheNextOption) {
  const WordGroups g = split_word_groups({"--engine", "cmd=a", "arg=uci", "--nodes", "5",
                                          "--engine", "cmd=b", "--sprt", "elo1=3", "--games=4"},
                                         {"--engine", "--sprt"});
  ASSERT_EQ(g.groups.size(), 3u);
  EXPECT_EQ(g.groups[0].first, "--engine");
  EXPECT_EQ(g.groups[0].second, (std::vector<std::string>{"cmd=a", "arg=uci"}));
  EXPECT_EQ(g.groups[1].second, (std::vector<std::string>{"cmd=b"}));
  EXPECT_EQ(g.groups[2].first, "--sprt");
  EXPECT_EQ(g.rest, (std::vector<std::string>{"--nodes", "5", "--games=4"}));
}

}  // namespace
}  // namespace match
