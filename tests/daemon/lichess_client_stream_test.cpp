// SPDX-License-Identifier: GPL-3.0-or-later
// LichessClient streams against the scripted FakeHttpClient: recorded lines
// become typed events, keep-alives reach the handler, malformed lines are
// logged (truncated) and dropped, and stream failures become errors.
#include "daemon/lichess/client.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "tests/daemon/support/fakes.h"

namespace bot {
namespace {

using std::chrono::seconds;
using test::FakeClock;
using test::FakeHttpClient;

std::vector<std::string> data_lines(const std::string& name) {
  std::ifstream in(std::string(PAXBOT_TEST_DATA_DIR) + "/lichess/" + name, std::ios::binary);
  EXPECT_TRUE(in) << name;
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

class LichessStreamTest : public ::testing::Test {
 protected:
  FakeClock clock_;
  FakeHttpClient http_;
  std::ostringstream log_text_;
  base::Logger log_{log_text_, base::LogLevel::kDebug, base::LogFormat::kTimestamped, &clock_};
  LichessClient client_{http_, clock_, log_};

  std::size_t count_in_log(std::string_view text) const {
    const std::string log = log_text_.str();
    std::size_t count = 0;
    for (std::size_t pos = log.find(text); pos != std::string::npos;
         pos = log.find(text, pos + 1)) {
      ++count;
    }
    return count;
  }
};

TEST_F(LichessStreamTest, EventStreamDeliversTypedEventsAndKeepAlives) {
  http_.stream_reply("/api/stream/event", data_lines("event-stream.ndjson"));
  std::vector<EventStreamEvent> events;
  const StreamOutcome outcome = client_.stream_events(
      [&](const EventStreamEvent& event) {
        events.push_back(event);
        return StreamAction::kContinue;
      },
      StreamControl{});
  EXPECT_TRUE(outcome.ok()) << outcome.error->describe();
  EXPECT_FALSE(outcome.stopped);
  EXPECT_EQ(outcome.lines, 14u);
  EXPECT_EQ(outcome.malformed, 3u);
  ASSERT_EQ(events.size(), 11u);
  EXPECT_TRUE(std::holds_alternative<GameStartEvent>(events[0]));
  EXPECT_TRUE(std::holds_alternative<KeepAlive>(events[1]));
  EXPECT_TRUE(std::holds_alternative<ChallengeEvent>(events[2]));
  EXPECT_TRUE(std::holds_alternative<ChallengeCanceledEvent>(events[5]));
  EXPECT_TRUE(std::holds_alternative<ChallengeDeclinedEvent>(events[6]));
  EXPECT_TRUE(std::holds_alternative<GameFinishEvent>(events[8]));
  EXPECT_EQ(std::get<IgnoredEvent>(events[9]).type, "tournamentInvite");
  EXPECT_TRUE(std::holds_alternative<KeepAlive>(events[10]));

  EXPECT_EQ(count_in_log("[warning] lichess event-stream: dropping malformed line"), 3u);
  EXPECT_EQ(count_in_log("(gameStart: field 'game.color' must be \"white\" or \"black\")"), 1u);
  EXPECT_EQ(count_in_log("(challenge: field 'challenge.rated' must be a boolean, got string)"), 1u);

  const std::vector<HttpRequest> requests = http_.requests();
  ASSERT_EQ(requests.size(), 1u);
  EXPECT_EQ(requests[0].method, HttpMethod::kGet);
  EXPECT_EQ(requests[0].path, "/api/stream/event");
}

TEST_F(LichessStreamTest, GameStreamDeliversEventsInOrder) {
  http_.stream_reply("/api/bot/game/stream/Xk3pR9tQ", data_lines("game-stream-standard.ndjson"));
  std::vector<GameStreamEvent> events;
  const StreamOutcome outcome = client_.stream_game(
      "Xk3pR9tQ",
      [&](const GameStreamEvent& event) {
        events.push_back(event);
        return StreamAction::kContinue;
      },
      StreamControl{});
  EXPECT_TRUE(outcome.ok());
  EXPECT_EQ(outcome.lines, 12u);
  EXPECT_EQ(outcome.malformed, 2u);
  ASSERT_EQ(events.size(), 10u);
  EXPECT_EQ(std::get<GameFullEvent>(events[0]).id, "Xk3pR9tQ");
  EXPECT_TRUE(std::get<GameStateEvent>(events[1]).wdraw);
  EXPECT_TRUE(std::holds_alternative<KeepAlive>(events[2]));
  EXPECT_EQ(std::get<ChatLineEvent>(events[3]).text, "good luck, have fun");
  EXPECT_EQ(std::get<OpponentGoneEvent>(events[6]).claim_win_in_seconds, 10);
  EXPECT_EQ(std::get<GameStateEvent>(events[8]).status, "draw");
  EXPECT_EQ(std::get<IgnoredEvent>(events[9]).type, "spectatorCount");
  EXPECT_EQ(count_in_log("lichess game-stream: dropping malformed line (line: invalid JSON"), 1u);
}

TEST_F(LichessStreamTest, LongMalformedLinesAreLoggedTruncated) {
  const std::string tail(500, 'z');
  http_.stream_reply("/api/bot/game/stream/G1", {"{\"type\":\"gameState\",\"moves\":" + tail});
  const StreamOutcome outcome = client_.stream_game(
      "G1", [](const GameStreamEvent&) { return StreamAction::kContinue; }, StreamControl{});
  EXPECT_EQ(outcome.malformed, 1u);
  const std::string log = log_text_.str();
  EXPECT_EQ(log.find(std::string(300, 'z')), std::string::npos);
  const std::string shown =
      ("{\"type\":\"gameState\",\"moves\":" + tail).substr(0, LichessClient::kMaxLoggedLine);
  EXPECT_NE(log.find("): " + shown + "...\n"), std::string::npos) << log;
}

TEST_F(LichessStreamTest, HandlerCanStopTheStream) {
  http_.stream_reply("/api/bot/game/stream/G1", data_lines("game-stream-standard.ndjson"));
  int seen = 0;
  const StreamOutcome outcome = client_.stream_game(
      "G1",
      [&](const GameStreamEvent& event) {
        ++seen;
        return std::holds_alternative<GameStateEvent>(event) ? StreamAction::kStop
                                                             : StreamAction::kContinue;
      },
      StreamControl{});
  EXPECT_TRUE(outcome.ok());
  EXPECT_TRUE(outcome.stopped);
  EXPECT_EQ(seen, 2);
}

TEST_F(LichessStreamTest, RateLimitedStreamCoolsDownAndFailsFast) {
  http_.stream_reply("/api/stream/event", {}, HttpResult::response(429, "<html>slow down</html>"));
  const auto handler = [](const EventStreamEvent&) { return StreamAction::kContinue; };
  const StreamOutcome first = client_.stream_events(handler, StreamControl{});
  ASSERT_FALSE(first.ok());
  EXPECT_EQ(first.error->status, 429);
  EXPECT_EQ(first.error->cooldown, seconds(60));
  EXPECT_EQ(client_.cooldown_remaining(Endpoint::kEventStream), seconds(60));

  const StreamOutcome second = client_.stream_events(handler, StreamControl{});
  ASSERT_FALSE(second.ok());
  EXPECT_EQ(second.error->kind, LichessErrorKind::kCoolingDown);
  EXPECT_EQ(http_.requests().size(), 1u);
  // Game streams have their own key.
  EXPECT_EQ(client_.cooldown_remaining(Endpoint::kGameStream), seconds(0));
}

TEST_F(LichessStreamTest, MissingGameAndSilenceAreErrors) {
  http_.stream_reply("/api/bot/game/stream/nope", {},
                     HttpResult::response(404, R"({"error":"No such game"})"));
  const auto handler = [](const GameStreamEvent&) { return StreamAction::kContinue; };
  const StreamOutcome missing = client_.stream_game("nope", handler, StreamControl{});
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.error->status, 404);
  EXPECT_EQ(missing.error->server_message, "No such game");
  EXPECT_FALSE(missing.error->retryable);

  http_.stream_reply("/api/bot/game/stream/G1", {"", ""},
                     HttpResult::failure(TransportError::kSilence, "no data for 20 s"));
  int keep_alives = 0;
  const StreamOutcome silent = client_.stream_game(
      "G1",
      [&](const GameStreamEvent& event) {
        keep_alives += std::holds_alternative<KeepAlive>(event);
        return StreamAction::kContinue;
      },
      StreamControl{});
  ASSERT_FALSE(silent.ok());
  EXPECT_EQ(keep_alives, 2);
  EXPECT_EQ(silent.lines, 2u);
  EXPECT_EQ(silent.error->kind, LichessErrorKind::kTransport);
  EXPECT_EQ(silent.error->transport, TransportError::kSilence);
  EXPECT_TRUE(silent.error->retryable);
  EXPECT_EQ(silent.error->describe(), "game-stream: silence error: no data for 20 s");
}

}  // namespace
}  // namespace bot
