// SPDX-License-Identifier: GPL-3.0-or-later
// REST bodies recorded in tests/data/lichess parsed into typed values.
#include "daemon/lichess/responses.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

namespace bot {
namespace {

std::string data_file(const std::string& name) {
  std::ifstream in(std::string(PAXBOT_TEST_DATA_DIR) + "/lichess/" + name, std::ios::binary);
  EXPECT_TRUE(in) << name;
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

TEST(LichessResponsesTest, AccountWithPerfs) {
  const auto user = parse_user(data_file("account.json"));
  ASSERT_TRUE(user.has_value()) << user.error().describe();
  EXPECT_EQ(user->id, "paxbot");
  EXPECT_EQ(user->username, "paxbot");
  EXPECT_TRUE(user->is_bot());
  EXPECT_FALSE(user->disabled);
  EXPECT_EQ(user->seen_at_ms, 1767225000000);
  EXPECT_EQ(user->perfs.at("blitz"), (PerfRating{1987, 1290, 45, false}));
  EXPECT_EQ(user->perfs.at("chess960"), (PerfRating{1712, 33, 110, true}));
  EXPECT_EQ(user->perfs.count("storm"), 0u);  // no rating: not a playing perf
  EXPECT_EQ(user->perfs.count("bullet"), 1u);
}

TEST(LichessResponsesTest, AccountErrorsNameTheField) {
  const auto no_id = parse_user(R"({"username":"x"})");
  ASSERT_FALSE(no_id.has_value());
  EXPECT_EQ(no_id.error().describe(), "user: field 'id' missing");
  const auto bad_perf = parse_user(R"({"id":"x","perfs":{"blitz":{"rating":"high"}}})");
  ASSERT_FALSE(bad_perf.has_value());
  EXPECT_EQ(bad_perf.error().field, "perfs.blitz.rating");
  const auto html = parse_user("<html>");
  ASSERT_FALSE(html.has_value());
  EXPECT_EQ(html.error().type, "user");
}

TEST(LichessResponsesTest, TokenTestScopes) {
  const std::string body = data_file("token-test.json");
  const auto good = parse_token_test(body, "lip_paxbotTestToken0123");
  ASSERT_TRUE(good.has_value());
  ASSERT_TRUE(good->has_value());
  EXPECT_EQ((*good)->user_id, "paxbot");
  EXPECT_TRUE((*good)->can_play_as_bot());
  EXPECT_TRUE((*good)->has_scope("challenge:write"));
  EXPECT_FALSE((*good)->expires_ms.has_value());

  const auto board = parse_token_test(body, "lip_boardOnlyToken");
  ASSERT_TRUE(board.has_value() && board->has_value());
  EXPECT_FALSE((*board)->can_play_as_bot());
  EXPECT_EQ((*board)->expires_ms, 1798761600000);

  const auto revoked = parse_token_test(body, "lip_revokedToken");
  ASSERT_TRUE(revoked.has_value());
  EXPECT_FALSE(revoked->has_value());
  const auto unknown = parse_token_test(body, "lip_never_seen");
  ASSERT_TRUE(unknown.has_value());
  EXPECT_FALSE(unknown->has_value());
}

TEST(LichessResponsesTest, TokenTestErrorsNeverQuoteTheToken) {
  const std::string token = "lip_SecretValue42";
  const auto mistyped = parse_token_test(R"({")" + token + R"(":{"userId":7}})", token);
  ASSERT_FALSE(mistyped.has_value());
  EXPECT_EQ(mistyped.error().field, "token.userId");
  EXPECT_EQ(mistyped.error().describe().find("SecretValue"), std::string::npos);

  const auto broken = parse_token_test(R"({")" + token + R"(":{"userId":)", token);
  ASSERT_FALSE(broken.has_value());
  EXPECT_EQ(broken.error().describe().find("SecretValue"), std::string::npos);
  EXPECT_EQ(broken.error().describe(), "token test: invalid JSON");
}

TEST(LichessResponsesTest, PlayingGames) {
  const auto games = parse_playing(data_file("playing.json"));
  ASSERT_TRUE(games.has_value()) << games.error().describe();
  ASSERT_EQ(games->size(), 2u);
  EXPECT_EQ((*games)[0].game_id, "Xk3pR9tQ");
  EXPECT_TRUE((*games)[0].is_my_turn);
  EXPECT_EQ((*games)[0].seconds_left, 177);
  EXPECT_EQ((*games)[1].variant, "fromPosition");
  EXPECT_EQ((*games)[1].color, engine::Black);
  EXPECT_EQ((*games)[1].last_move, "e8g8");

  const auto bad =
      parse_playing(R"({"nowPlaying":[{"gameId":"a","color":"white"},{"gameId":"b"}]})");
  ASSERT_FALSE(bad.has_value());
  EXPECT_EQ(bad.error().describe(), "playing: field 'nowPlaying[1].color' missing");
}

TEST(LichessResponsesTest, UsersStatus) {
  const auto users = parse_users_status(data_file("users-status.json"));
  ASSERT_TRUE(users.has_value()) << users.error().describe();
  ASSERT_EQ(users->size(), 3u);
  EXPECT_EQ((*users)[0], (UserStatus{"kingcrusher", "KingCrusher", std::nullopt, true, true,
                                     std::string("Xk3pR9tQ")}));
  EXPECT_TRUE((*users)[1].playing);  // withGameMetas: an object
  EXPECT_EQ((*users)[1].playing_id, "Gg5hH6jJ");
  EXPECT_EQ((*users)[1].title, "BOT");
  EXPECT_FALSE((*users)[2].online);
  EXPECT_FALSE((*users)[2].playing);
  const auto not_array = parse_users_status(R"({"id":"x"})");
  ASSERT_FALSE(not_array.has_value());
  EXPECT_EQ(not_array.error().field, "(root)");
}

TEST(LichessResponsesTest, ChallengeBareOrWrapped) {
  const std::string body = data_file("challenge-create.json");
  const auto bare = parse_challenge(body);
  ASSERT_TRUE(bare.has_value()) << bare.error().describe();
  EXPECT_EQ(bare->id, "Cc9vV8bB");
  EXPECT_EQ(bare->direction, "out");
  EXPECT_EQ(bare->time_control.limit_s, 180);
  const auto wrapped = parse_challenge(R"({"challenge":)" + body + R"(,"socketVersion":0})");
  ASSERT_TRUE(wrapped.has_value()) << wrapped.error().describe();
  EXPECT_EQ(*wrapped, *bare);
}

TEST(LichessResponsesTest, ChallengeListAndChat) {
  const auto list = parse_challenge_list(data_file("challenge-list.json"));
  ASSERT_TRUE(list.has_value()) << list.error().describe();
  ASSERT_EQ(list->incoming.size(), 1u);
  ASSERT_EQ(list->outgoing.size(), 1u);
  EXPECT_EQ(list->incoming[0].variant, "chess960");
  EXPECT_EQ(list->outgoing[0].dest_user->id, "other-bot");
  const auto empty = parse_challenge_list("{}");
  ASSERT_TRUE(empty.has_value());
  EXPECT_TRUE(empty->incoming.empty() && empty->outgoing.empty());
  const auto bad = parse_challenge_list(R"({"in":[{"id":"x"}]})");
  ASSERT_FALSE(bad.has_value());
  EXPECT_EQ(bad.error().field, "in[0].status");

  const auto chat = parse_chat(data_file("chat.json"));
  ASSERT_TRUE(chat.has_value()) << chat.error().describe();
  ASSERT_EQ(chat->size(), 3u);
  EXPECT_EQ((*chat)[1], (ChatMessage{"KingCrusher", "good luck, have fun"}));
}

}  // namespace
}  // namespace bot
