// SPDX-License-Identifier: GPL-3.0-or-later
// The endpoint table, path building, the give-up rule and request parameters.
#include "daemon/lichess/endpoints.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

#include "daemon/lichess/request_params.h"

namespace bot {
namespace {

TEST(LichessEndpointsTest, TableCoversEveryOperationWithAKey) {
  std::set<std::string_view> names;
  for (const EndpointInfo& info : all_endpoints()) {
    EXPECT_EQ(&endpoint_info(info.endpoint), &info);
    EXPECT_TRUE(names.insert(info.name).second) << info.name;
    EXPECT_FALSE(info.rate_key.empty()) << info.name;
    EXPECT_EQ(info.path_template.front(), '/') << info.name;
    const bool stream =
        info.endpoint == Endpoint::kEventStream || info.endpoint == Endpoint::kGameStream;
    EXPECT_EQ(info.retry == RetryClass::kStream, stream) << info.name;
  }
  EXPECT_EQ(all_endpoints().size(), 25u);
}

TEST(LichessEndpointsTest, MethodsKeysAndRetryClasses) {
  EXPECT_EQ(endpoint_info(Endpoint::kMove).method, HttpMethod::kPost);
  EXPECT_EQ(endpoint_info(Endpoint::kMove).rate_key, "move");
  EXPECT_EQ(endpoint_info(Endpoint::kMove).retry, RetryClass::kQuick);
  EXPECT_EQ(endpoint_info(Endpoint::kChallengeCreate).rate_key, "challenge");
  EXPECT_EQ(endpoint_info(Endpoint::kChallengeCreate).retry, RetryClass::kNone);
  EXPECT_EQ(endpoint_info(Endpoint::kChatPost).retry, RetryClass::kNone);
  EXPECT_EQ(endpoint_info(Endpoint::kEventStream).rate_key, "event-stream");
  EXPECT_EQ(endpoint_info(Endpoint::kAccount).rate_key, "account");
  EXPECT_EQ(endpoint_info(Endpoint::kAccount).method, HttpMethod::kGet);
  EXPECT_EQ(endpoint_info(Endpoint::kResign).retry, RetryClass::kNormal);
  EXPECT_EQ(endpoint_info(Endpoint::kUsersStatus).method, HttpMethod::kGet);
}

TEST(LichessEndpointsTest, PathsFillPlaceholdersInOrderAndEncode) {
  EXPECT_EQ(endpoint_path(Endpoint::kAccount), "/api/account");
  EXPECT_EQ(endpoint_path(Endpoint::kMove, {"Xk3pR9tQ", "e1h1"}),
            "/api/bot/game/Xk3pR9tQ/move/e1h1");
  EXPECT_EQ(endpoint_path(Endpoint::kDraw, {"g1", "yes"}), "/api/bot/game/g1/draw/yes");
  EXPECT_EQ(endpoint_path(Endpoint::kChallengeCreate, {"some user/x"}),
            "/api/challenge/some%20user%2Fx");
  EXPECT_EQ(endpoint_path(Endpoint::kGameStream, {"abc"}), "/api/bot/game/stream/abc");
  EXPECT_EQ(endpoint_path(Endpoint::kGameExport, {"abc"}), "/game/export/abc");
  EXPECT_EQ(endpoint_path(Endpoint::kChallengeShow, {"c1", "surplus"}), "/api/challenge/c1/show");
  EXPECT_EQ(endpoint_path(Endpoint::kMove, {"g"}), "/api/bot/game/g/move/");
}

TEST(LichessEndpointsTest, GiveUpRule) {
  for (int status : {400, 401, 403, 404, 405, 409, 410, 422}) EXPECT_TRUE(never_succeeds(status));
  for (int status : {0, 200, 204, 301, 408, 429, 500, 502, 503, 504}) {
    EXPECT_FALSE(never_succeeds(status)) << status;
  }
}

TEST(LichessRequestParamsTest, DeclineReasonKeys) {
  const std::pair<DeclineReason, const char*> expected[] = {
      {DeclineReason::kGeneric, "generic"},         {DeclineReason::kLater, "later"},
      {DeclineReason::kTooFast, "tooFast"},         {DeclineReason::kTooSlow, "tooSlow"},
      {DeclineReason::kTimeControl, "timeControl"}, {DeclineReason::kRated, "rated"},
      {DeclineReason::kCasual, "casual"},           {DeclineReason::kStandard, "standard"},
      {DeclineReason::kVariant, "variant"},         {DeclineReason::kNoBot, "noBot"},
      {DeclineReason::kOnlyBot, "onlyBot"},
  };
  for (const auto& [reason, key] : expected) {
    EXPECT_EQ(to_string(reason), key);
    EXPECT_EQ(parse_decline_reason(key), reason);
  }
  EXPECT_EQ(parse_decline_reason("toofast"), DeclineReason::kTooFast);  // declineReasonKey
  EXPECT_EQ(parse_decline_reason("NOBOT"), DeclineReason::kNoBot);
  EXPECT_FALSE(parse_decline_reason("rude").has_value());
}

TEST(LichessRequestParamsTest, ChatTruncationCountsCharacters) {
  EXPECT_EQ(truncate_chat("hello"), "hello");
  const std::string exact(140, 'a');
  EXPECT_EQ(truncate_chat(exact), exact);
  EXPECT_EQ(truncate_chat(exact + "bcd"), exact);
  // 150 two-byte characters: 140 kept, none split.
  std::string accents;
  for (int i = 0; i < 150; ++i) accents += "\xC3\xA9";  // é
  const std::string cut = truncate_chat(accents);
  EXPECT_EQ(cut.size(), 280u);
  EXPECT_EQ(cut, accents.substr(0, 280));
  EXPECT_EQ(to_string(ChatRoom::kPlayer), "player");
  EXPECT_EQ(to_string(ChatRoom::kSpectator), "spectator");
}

TEST(LichessRequestParamsTest, ChallengeFormFields) {
  ChallengeRequest clock;
  clock.username = "other-bot";
  clock.clock_limit_s = 180;
  clock.clock_increment_s = 2;
  clock.rated = true;
  EXPECT_EQ(challenge_form(clock), (FormFields{{"clock.limit", "180"},
                                               {"clock.increment", "2"},
                                               {"rated", "true"},
                                               {"color", "random"},
                                               {"variant", "standard"}}));

  ChallengeRequest days;
  days.days = 3;
  days.color = ChallengeColor::kBlack;
  days.variant = "fromPosition";
  days.fen = "rnbqk1r1/pppppppp/8/8/8/8/PPPPPPPP/RNBQK1R1 w KQkq - 0 1";
  EXPECT_EQ(challenge_form(days), (FormFields{{"days", "3"},
                                              {"rated", "false"},
                                              {"color", "black"},
                                              {"variant", "fromPosition"},
                                              {"fen", days.fen}}));

  ChallengeRequest unlimited;
  unlimited.variant = "pacifist";
  unlimited.color = ChallengeColor::kWhite;
  EXPECT_EQ(challenge_form(unlimited),
            (FormFields{{"rated", "false"}, {"color", "white"}, {"variant", "pacifist"}}));
}

}  // namespace
}  // namespace bot
