// SPDX-License-Identifier: GPL-3.0-or-later
// The one reconnect loop: jittered exponential backoff that starts over after data, the
// server's cooldown as a floor, a final verdict that ends the loop, and the connect budget.
#include "daemon/lichess/reconnecting_stream.h"

#include <gtest/gtest.h>

#include <sstream>

#include "tests/daemon/support/fakes.h"

namespace bot {
namespace {

using namespace std::chrono_literals;
using std::chrono::milliseconds;
using test::FakeClock;

StreamOutcome ended(std::optional<LichessError> error = std::nullopt) {
  StreamOutcome outcome;
  outcome.error = std::move(error);
  return outcome;
}

class ReconnectingStreamTest : public ::testing::Test {
 protected:
  FakeClock clock_;
  std::ostringstream log_text_;
  base::Logger log_{log_text_, base::LogLevel::kDebug, base::LogFormat::kTimestamped, &clock_};

  ReconnectPolicy policy(double random01, ReconnectBudget* budget = nullptr) {
    return {.name = "test stream",
            .backoff = {.initial_delay = 1s, .max_delay = 8s, .jitter = 0.5},
            .budget = budget,
            .random01 = [random01] { return random01; }};
  }
  std::vector<milliseconds> sleeps() const {
    std::vector<milliseconds> out;
    for (auto d : clock_.sleeps()) out.push_back(std::chrono::duration_cast<milliseconds>(d));
    return out;
  }
};

TEST_F(ReconnectingStreamTest, BacksOffExponentiallyWithJitterUpToTheCap) {
  ReconnectingStream stream(policy(0.0), clock_, log_);
  int opens = 0;
  stream.run(
      {}, StreamControl{},
      [&](const StreamControl&, const std::function<void()>&) {
        ++opens;
        return ended();
      },
      [&](const StreamOutcome&) { return opens == 6; });
  EXPECT_EQ(opens, 6);
  EXPECT_EQ(sleeps(), (std::vector<milliseconds>{1s, 2s, 4s, 8s, 8s}));
  ReconnectingStream jittered(policy(1.0), clock_, log_);
  EXPECT_EQ(jittered.delay_after(1, ended()), 500ms) << "jitter removes up to half";
  EXPECT_EQ(jittered.delay_after(9, ended()), 4s);
  EXPECT_NE(log_text_.str().find("test stream ended (end of stream); reconnecting in 1000 ms"),
            std::string::npos)
      << log_text_.str();
}

TEST_F(ReconnectingStreamTest, DataStartsTheBackoffOverAndCooldownsAreAFloor) {
  ReconnectingStream stream(policy(0.0), clock_, log_);
  int opens = 0;
  stream.run(
      {}, StreamControl{},
      [&](const StreamControl&, const std::function<void()>& delivered) {
        ++opens;
        if (opens == 3) delivered();  // the third connection delivered data
        if (opens == 5) {
          LichessError limited;
          limited.kind = LichessErrorKind::kHttp;
          limited.status = 429;
          limited.cooldown = 60s;
          return ended(limited);
        }
        return ended();
      },
      [&](const StreamOutcome&) { return opens == 6; });
  EXPECT_EQ(sleeps(), (std::vector<milliseconds>{1s, 2s, 1s, 2s, 60s}));
}

TEST_F(ReconnectingStreamTest, AFinalVerdictOrAStopEndsTheLoopWithoutWaiting) {
  ReconnectingStream stream(policy(0.0), clock_, log_);
  int opens = 0;
  stream.run(
      {}, StreamControl{},
      [&](const StreamControl&, const std::function<void()>&) {
        ++opens;
        return ended();
      },
      [](const StreamOutcome&) { return true; });
  EXPECT_EQ(opens, 1);
  EXPECT_TRUE(clock_.sleeps().empty());

  std::stop_source stop;
  stream.run(
      stop.get_token(), StreamControl{},
      [&](const StreamControl& control, const std::function<void()>&) {
        EXPECT_TRUE(control.stop.stop_possible()) << "the loop's stop token reaches the stream";
        stop.request_stop();
        return ended();
      },
      [](const StreamOutcome&) { return false; });
  EXPECT_TRUE(clock_.sleeps().empty());
}

TEST_F(ReconnectingStreamTest, TheConnectBudgetMakesItWait) {
  ReconnectBudget budget(clock_, 2, 600s);
  ReconnectingStream stream(policy(0.0, &budget), clock_, log_);
  int opens = 0;
  stream.run(
      {}, StreamControl{},
      [&](const StreamControl&, const std::function<void()>& delivered) {
        ++opens;
        delivered();
        return ended();
      },
      [&](const StreamOutcome&) { return opens == 3; });
  EXPECT_EQ(opens, 3);
  // 1 s after the first, 1 s after the second, then until the first leaves the window.
  EXPECT_EQ(sleeps(), (std::vector<milliseconds>{1s, 1s, 598s}));
  EXPECT_NE(log_text_.str().find("connections in the window used"), std::string::npos);
}

}  // namespace
}  // namespace bot
