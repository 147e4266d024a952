// SPDX-License-Identifier: GPL-3.0-or-later
// The one command-line parser: options with and without values, positional arguments,
// --help and -h, errors naming the option, usage text and integers.
#include "cli/args.h"

#include <gtest/gtest.h>

#include <sstream>

namespace cli {
namespace {

const std::vector<OptionSpec> kOptions = {
    {"--fen", "FEN", "the start position"},
    {"--quiet", "", "say less"},
};

TEST(Args, ValuesFlagsAndPositionals) {
  auto parsed = parse_args({"--fen", "a b", "--quiet", "3", "--fen=x"}, kOptions);
  ASSERT_TRUE(parsed) << parsed.error();
  EXPECT_EQ(parsed->value("--fen"), "x") << "the last one wins";
  EXPECT_TRUE(parsed->has("--quiet"));
  EXPECT_EQ(parsed->positional, std::vector<std::string>{"3"});
  EXPECT_FALSE(parsed->value("--nope").has_value());
  for (const char* help : {"--help", "-h"}) {
    auto h = parse_args({help}, kOptions);
    ASSERT_TRUE(h);
    EXPECT_TRUE(h->has("--help")) << help;
  }
}

TEST(Args, ErrorsNameTheOptionAndSayWhatIsWrong) {
  auto unknown = parse({"--colour", "white"}, kOptions);
  ASSERT_FALSE(unknown);
  EXPECT_EQ(unknown.error().kind, ArgError::Kind::kUnknownOption);
  EXPECT_EQ(unknown.error().option, "--colour");
  EXPECT_EQ(unknown.error().text(), "unknown option '--colour'");
  EXPECT_EQ(parse_args({"--fen"}, kOptions).error(), "option '--fen' needs a value (FEN)");
  EXPECT_EQ(parse_args({"--quiet=yes"}, kOptions).error(), "option '--quiet' takes no value");
}

TEST(Args, CommandLineWritesUsageForHelpAndErrors) {
  const std::string usage = usage_text("demo", "[options]", "Plays.", kOptions);
  EXPECT_EQ(usage.rfind("usage: paxbot demo [options]\n\nPlays.\n\noptions:\n", 0), 0u) << usage;
  EXPECT_NE(usage.find("  --fen FEN                  the start position\n"), std::string::npos)
      << usage;
  std::ostringstream out, err;
  EXPECT_EQ(parse_command_line("demo", {"--help"}, kOptions, usage, out, err).error(), 0);
  EXPECT_EQ(out.str(), usage);
  EXPECT_EQ(parse_command_line("demo", {"stray"}, kOptions, usage, out, err).error(), 2);
  EXPECT_EQ(err.str().rfind("paxbot demo: unexpected argument 'stray'\n", 0), 0u) << err.str();
  EXPECT_TRUE(parse_command_line("demo", {"--quiet"}, kOptions, usage, out, err));
}

TEST(Args, IntegersInRange) {
  EXPECT_EQ(parse_integer("42", "depth", 0, 50), 42);
  EXPECT_EQ(parse_integer("51", "depth", 0, 50).error(), "depth 51 is out of range 0..50");
  EXPECT_EQ(parse_integer("4x", "depth", 0, 50).error(), "depth '4x' is not a whole number");
  EXPECT_FALSE(parse_integer("", "depth", 0, 50));
}

TEST(Args, DecimalsInRange) {
  EXPECT_EQ(parse_decimal("0.25", "--lambda", 0, 1), 0.25);
  EXPECT_EQ(parse_decimal("1e-7", "--l2", 0, 1), 1e-7);
  EXPECT_EQ(parse_decimal("1.5", "--lambda", 0, 1).error(), "--lambda 1.5 is out of range 0..1");
  EXPECT_EQ(parse_decimal("0.5x", "--lambda", 0, 1).error(), "--lambda '0.5x' is not a number");
  EXPECT_EQ(parse_decimal("nan", "--k", 0.001, 100).error(), "--k nan is out of range 0.001..100");
  EXPECT_FALSE(parse_decimal("", "--k", 0.001, 100));
}

}  // namespace
}  // namespace cli
