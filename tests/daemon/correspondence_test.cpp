// SPDX-License-Identifier: GPL-3.0-or-later
// The check-in cycle's pure pieces (daemon/correspondence.h): when a correspondence game's
// stream may close, the order ongoing games resume in, and which closed ones a check-in wakes.
#include "daemon/correspondence.h"

#include <gtest/gtest.h>

namespace bot::test {
namespace {

using namespace std::chrono_literals;
using Time = StreamParking::Time;

const Time t0 = Time() + 1000h;

GameEventInfo game(std::string id, bool my_turn, std::optional<int> seconds_left,
                   std::string speed = "correspondence") {
  GameEventInfo g;
  g.game_id = std::move(id);
  g.is_my_turn = my_turn;
  g.seconds_left = seconds_left;
  g.speed = std::move(speed);
  return g;
}

std::vector<std::string> ids(const std::vector<GameEventInfo>& games) {
  std::vector<std::string> out;
  for (const GameEventInfo& g : games) out.push_back(g.game_id);
  return out;
}

TEST(StreamParking, ClosesOnceTheOpponentHadDisconnectTimeWithoutAMove) {
  StreamParking parking(300s);
  EXPECT_FALSE(parking.deadline());
  parking.on_state(/*our_turn=*/true, t0);  // we think: the stream stays
  EXPECT_FALSE(parking.deadline());
  parking.on_state(/*our_turn=*/false, t0 + 10s);  // our move is shown
  ASSERT_TRUE(parking.deadline());
  EXPECT_EQ(*parking.deadline(), t0 + 310s);
  parking.on_state(false, t0 + 100s);  // a chat line or an offer does not restart the wait
  EXPECT_EQ(*parking.deadline(), t0 + 310s);
  EXPECT_FALSE(parking.due(t0 + 309s));
  EXPECT_TRUE(parking.due(t0 + 310s));
  parking.reset();  // closed
  EXPECT_FALSE(parking.due(t0 + 400s));
}

TEST(StreamParking, AQuickReplyKeepsTheStreamOpen) {
  StreamParking parking(300s);
  parking.on_state(false, t0);
  parking.on_state(true, t0 + 20s);  // the reply came: our turn
  EXPECT_FALSE(parking.deadline());
  EXPECT_FALSE(parking.due(t0 + 1000s));
  parking.on_state(false, t0 + 30s);  // our next move: the wait starts again
  EXPECT_EQ(*parking.deadline(), t0 + 330s);
}

TEST(StreamParking, ZeroClosesAsSoonAsOurMoveIsShown) {
  StreamParking parking(0s);
  parking.on_state(false, t0);
  EXPECT_TRUE(parking.due(t0));
}

TEST(Correspondence, SpeedCorrespondenceIsACorrespondenceGame) {
  EXPECT_TRUE(is_correspondence(game("a", true, 86400)));
  EXPECT_FALSE(is_correspondence(game("b", true, 60, "blitz")));
  EXPECT_FALSE(is_correspondence(game("c", true, 60, "")));
}

TEST(Correspondence, UrgentFirstOurTurnThenLeastTimeLeft) {
  const std::vector<GameEventInfo> games = {
      game("their", false, 100),  game("slow", true, 3 * 86400), game("none", true, std::nullopt),
      game("urgent", true, 3600), game("b-day", true, 86400),    game("a-day", true, 86400)};
  EXPECT_EQ(ids(urgent_first(games)),
            (std::vector<std::string>{"urgent", "a-day", "b-day", "slow", "none", "their"}));
}

TEST(Correspondence, ACheckInWakesClosedGamesOnOurTurnMostUrgentFirst) {
  const std::vector<GameEventInfo> playing = {game("g1", true, 5 * 86400), game("g2", false, 86400),
                                              game("g3", true, 7200), game("open", true, 100)};
  const std::vector<std::string> closed = {"g1", "g2", "g3"};
  EXPECT_EQ(games_to_wake(playing, /*complete=*/true, closed),
            (std::vector<std::string>{"g3", "g1"}));
}

TEST(Correspondence, AGameNoLongerListedWakesOnlyWhenTheListIsComplete) {
  const std::vector<GameEventInfo> playing = {game("g1", false, 86400)};
  const std::vector<std::string> closed = {"g1", "ended"};
  EXPECT_EQ(games_to_wake(playing, /*complete=*/true, closed), (std::vector<std::string>{"ended"}));
  EXPECT_TRUE(games_to_wake(playing, /*complete=*/false, closed).empty())
      << "a full list may leave out ongoing games";
}

}  // namespace
}  // namespace bot::test
