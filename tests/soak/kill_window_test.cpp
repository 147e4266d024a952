// SPDX-License-Identifier: GPL-3.0-or-later
// The random-kill test's windows read from daemon log text (lines as bot::Logger writes
// them), without processes.
#include "tests/soak/kill_window.h"

#include <gtest/gtest.h>

namespace paxbot_test {
namespace {

std::string line(const std::string& message) {
  return "2026-12-01T19:00:00.000Z [DEBUG] " + message + "\n";
}

TEST(KillWindow, FindsTheLineThatOpensEachWindow) {
  const std::string start = line("game g1: playing chess960 as white against bob");
  const std::string search_line = line("game g1: searching (movetime 100 ms)");
  const std::string move_line = line("game g1: playing e7e8q (score 12 cp, think 100 us)");
  const std::string accept_line = line("challenge c2 from bob (standard, bullet): accepted");
  const std::string log = start + search_line + move_line + accept_line +
                          line("shutting down: 1 game(s) in progress, policy finish");
  auto search = find_window_open(Moment::kSearch, log);
  ASSERT_TRUE(search);
  EXPECT_EQ(search->id, "g1");
  EXPECT_EQ(search->end, start.size() + search_line.size());
  // The game's start line ("playing chess960 as ...") is no move.
  auto post = find_window_open(Moment::kPost, log);
  ASSERT_TRUE(post);
  EXPECT_EQ(post->end, search->end + move_line.size());
  EXPECT_FALSE(find_window_open(Moment::kPost, log, 0, "g9"));
  EXPECT_FALSE(find_window_open(Moment::kPost, log, post->end));
  auto accept = find_window_open(Moment::kAccept, log);
  ASSERT_TRUE(accept);
  EXPECT_EQ(accept->id, "c2");
  EXPECT_EQ(accept->end, post->end + accept_line.size());
  auto shutdown = find_window_open(Moment::kShutdown, log);
  ASSERT_TRUE(shutdown);
  EXPECT_EQ(shutdown->id, "");
  EXPECT_EQ(shutdown->end, log.size());
}

TEST(KillWindow, ALineStillBeingWrittenOpensNothing) {
  std::string log = line("game g1: searching (movetime 100 ms)");
  log.pop_back();
  EXPECT_FALSE(find_window_open(Moment::kSearch, log));
}

TEST(KillWindow, TellsWhichLinesCloseAWindow) {
  EXPECT_EQ(window_closed_by(Moment::kSearch, "g1", line("game g1: pondering on e7e5 (x)")), "");
  EXPECT_EQ(window_closed_by(Moment::kSearch, "g1", line("game g2: playing e2e4 (x)")), "");
  EXPECT_EQ(window_closed_by(Moment::kSearch, "g1", line("game g1: playing e2e4 (x)")),
            "game g1: playing e2e4 (x)");
  EXPECT_NE(window_closed_by(Moment::kSearch, "g1", line("game g1: resigning (score -900 cp)")),
            "");
  EXPECT_EQ(window_closed_by(Moment::kPost, "g1", line("game g1: move e2e4 failed: 429")), "");
  EXPECT_NE(window_closed_by(Moment::kPost, "g1", line("game g1: searching (movetime 9 ms)")), "");
  EXPECT_NE(window_closed_by(Moment::kPost, "g1", line("game g1: over (mate, white wins)")), "");
  EXPECT_EQ(window_closed_by(Moment::kAccept, "c2", line("game c21 started against bob")), "");
  EXPECT_NE(window_closed_by(Moment::kAccept, "c2", line("game c2 started against bob")), "");
  EXPECT_NE(window_closed_by(Moment::kAccept, "c2", line("game c2 is ongoing: resuming it")), "");
  EXPECT_EQ(window_closed_by(Moment::kShutdown, "", line("shutdown deadline reached")), "");
  EXPECT_EQ(window_closed_by(Moment::kShutdown, "", line("stopped")), "stopped");
}

}  // namespace
}  // namespace paxbot_test
