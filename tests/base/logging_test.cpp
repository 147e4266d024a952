// SPDX-License-Identifier: GPL-3.0-or-later
#include "base/logging.h"

#include <gtest/gtest.h>

#include <sstream>
#include <thread>
#include <vector>

#include "tests/base/support/fake_clock.h"
#include "tests/support/locked_stream.h"

namespace base {
namespace {

using test::FakeClock;

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

TEST(LoggerTest, TimestampedFormatUsesIsoUtcTime) {
  FakeClock clock;  // 2025-01-01T00:00:00Z
  clock.advance(std::chrono::milliseconds(3'723'045));
  std::ostringstream out;
  Logger log(out, LogLevel::kDebug, LogFormat::kTimestamped, &clock);
  log.info("connected to ", "lichess.org", " in ", 42, " ms");
  EXPECT_EQ(out.str(), "2025-01-01T01:02:03.045Z [info] connected to lichess.org in 42 ms\n");
}

TEST(LoggerTest, JournaldFormatUsesPriorityPrefixes) {
  std::ostringstream out;
  Logger log(out, LogLevel::kDebug, LogFormat::kJournald);
  log.debug("d");
  log.info("i");
  log.warning("w");
  log.error("e");
  EXPECT_EQ(lines_of(out.str()), (std::vector<std::string>{"<7>[debug] d", "<6>[info] i",
                                                           "<4>[warning] w", "<3>[error] e"}));
}

TEST(LoggerTest, LevelsBelowTheMinimumAreDropped) {
  std::ostringstream out;
  Logger log(out, LogLevel::kWarning, LogFormat::kJournald);
  log.debug("no");
  log.info("no");
  log.warning("yes");
  log.log(LogLevel::kError, "also");
  EXPECT_EQ(lines_of(out.str()), (std::vector<std::string>{"<4>[warning] yes", "<3>[error] also"}));
  EXPECT_FALSE(log.enabled(LogLevel::kInfo));
  log.set_level(LogLevel::kDebug);
  EXPECT_TRUE(log.enabled(LogLevel::kDebug));
  EXPECT_EQ(log.level(), LogLevel::kDebug);
}

TEST(LoggerTest, RegisteredSecretsAreScrubbedEverywhere) {
  std::ostringstream out;
  Logger log(out, LogLevel::kDebug, LogFormat::kJournald);
  log.add_secret("lip_AbCdEf123456");
  log.add_secret("");  // ignored
  log.info("Authorization: Bearer lip_AbCdEf123456 and again lip_AbCdEf123456!");
  log.error("token=lip_AbCdEf123456lip_AbCdEf123456");
  EXPECT_EQ(out.str().find("lip_AbCdEf123456"), std::string::npos) << out.str();
  EXPECT_EQ(lines_of(out.str()),
            (std::vector<std::string>{"<6>[info] Authorization: Bearer *** and again ***!",
                                      "<3>[error] token=******"}));
  EXPECT_EQ(log.scrub("x lip_AbCdEf123456 y"), "x *** y");
}

TEST(LoggerTest, ControlCharactersCannotForgeLines) {
  std::ostringstream out;
  Logger log(out, LogLevel::kDebug, LogFormat::kJournald);
  log.info("chat: hi\n<3>[error] fake\r\x01");
  EXPECT_EQ(out.str(), "<6>[info] chat: hi\\n<3>[error] fake\\r\\x01\n");
}

TEST(LoggerTest, SecretSplitByNewlineIsStillScrubbedFirst) {
  std::ostringstream out;
  Logger log(out, LogLevel::kDebug, LogFormat::kJournald);
  log.add_secret("ab\ncd");
  log.info("x ab\ncd y");
  EXPECT_EQ(out.str(), "<6>[info] x *** y\n");
}

TEST(LoggerTest, ConcurrentWritersProduceWholeLines) {
  std::ostringstream out;
  Logger log(out, LogLevel::kDebug, LogFormat::kJournald);
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < 200; ++i) log.info("thread ", t, " line ", i, " ", std::string(50, 'x'));
    });
  }
  for (auto& t : threads) t.join();
  const auto lines = lines_of(out.str());
  ASSERT_EQ(lines.size(), 800u);
  for (const auto& line : lines) {
    EXPECT_TRUE(line.starts_with("<6>[info] thread ")) << line;
    EXPECT_TRUE(line.ends_with(std::string(50, 'x'))) << line;
  }
}

// The test sink (tests/support/locked_stream.h) may be read while writers log: every
// read sees whole lines only (a line is one write), and the last read sees them all.
TEST(LockedStreamTest, ReadsWhileThreadsLogSeeWholeLines) {
  paxbot_test::LockedStream out;
  Logger log(out, LogLevel::kDebug, LogFormat::kJournald);
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&] {
      for (int i = 0; i < 200; ++i) log.info("line ", i, " ", std::string(50, 'x'));
    });
  std::size_t seen = 0;
  while (seen < 800) {
    const std::string text = out.str();
    ASSERT_TRUE(text.empty() || text.back() == '\n');
    seen = lines_of(text).size();
  }
  for (auto& t : threads) t.join();
  EXPECT_EQ(lines_of(out.str()).size(), 800u);
}

TEST(LogFormatTest, JournalStreamSelectsJournald) {
  EXPECT_EQ(log_format_for("8:12345"), LogFormat::kJournald);
  EXPECT_EQ(log_format_for(""), LogFormat::kTimestamped);
  EXPECT_EQ(log_format_for(nullptr), LogFormat::kTimestamped);
}

TEST(LogLevelTest, ParsesNames) {
  EXPECT_EQ(parse_log_level("debug"), LogLevel::kDebug);
  EXPECT_EQ(parse_log_level("INFO"), LogLevel::kInfo);
  EXPECT_EQ(parse_log_level("warn"), LogLevel::kWarning);
  EXPECT_EQ(parse_log_level("Warning"), LogLevel::kWarning);
  EXPECT_EQ(parse_log_level("error"), LogLevel::kError);
  EXPECT_FALSE(parse_log_level("verbose").has_value());
  EXPECT_EQ(to_string(LogLevel::kWarning), "warning");
}

TEST(IsoTimestampTest, FormatsUtcWithMilliseconds) {
  using namespace std::chrono;
  EXPECT_EQ(iso_timestamp(system_clock::time_point{}), "1970-01-01T00:00:00.000Z");
  EXPECT_EQ(iso_timestamp(system_clock::time_point{seconds(951'782'400) + milliseconds(999)}),
            "2000-02-29T00:00:00.999Z");
}

}  // namespace
}  // namespace base
