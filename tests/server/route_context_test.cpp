// SPDX-License-Identifier: GPL-3.0-or-later
// The request readers every handler shares: query parameters, urlencoded and JSON form
// bodies (nested objects flattened), yes/no words and bounded whole numbers, each with
// an error naming what is wrong.
#include "server/route_context.h"

#include <gtest/gtest.h>

namespace server::testing {
namespace {

httplib::Request request(std::string type, std::string body) {
  httplib::Request req;
  if (!type.empty()) req.set_header("Content-Type", type);
  req.body = std::move(body);
  return req;
}

TEST(RouteContext, JsonBodyIsFlattenedToDottedNames) {
  auto fields = request_fields(request(
      "application/json", R"({"clock":{"limit":60,"increment":2},"rated":true,"color":"white"})"));
  ASSERT_TRUE(fields) << fields.error().message;
  EXPECT_EQ(fields->at("clock.limit"), "60");
  EXPECT_EQ(fields->at("clock.increment"), "2");
  EXPECT_EQ(fields->at("rated"), "true");
  EXPECT_EQ(fields->at("color"), "white");
}

TEST(RouteContext, UrlencodedBodyAndQueryParametersAreRead) {
  httplib::Request req =
      request("application/x-www-form-urlencoded", "text=hello%20there&room=spectator");
  req.params.emplace("nb", "3");
  auto fields = request_fields(req);
  ASSERT_TRUE(fields);
  EXPECT_EQ(fields->at("text"), "hello there");
  EXPECT_EQ(fields->at("room"), "spectator");
  EXPECT_EQ(fields->at("nb"), "3");
}

TEST(RouteContext, JsonBodyThatIsNotAnObjectIsAnError) {
  for (const char* body : {"[1,2]", "{\"clock\":", "42"}) {
    auto fields = request_fields(request("application/json", body));
    ASSERT_FALSE(fields) << body;
    EXPECT_EQ(fields.error().status, 400);
    EXPECT_EQ(fields.error().message, "The body is not a JSON object");
  }
}

TEST(RouteContext, YesNoWords) {
  EXPECT_EQ(yes_no("yes"), true);
  EXPECT_EQ(yes_no("true"), true);
  EXPECT_EQ(yes_no("no"), false);
  EXPECT_EQ(yes_no("false"), false);
  auto bad = yes_no("maybe");
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().message, "accept: expected yes or no, not 'maybe'");
}

TEST(RouteContext, IntParamIsBoundedAndWhole) {
  httplib::Request req;
  EXPECT_EQ(int_param(req, "nb", 9, 1, 50), 9);
  req.params.emplace("nb", "50");
  EXPECT_EQ(int_param(req, "nb", 9, 1, 50), 50);
  for (const char* text : {"51", "0", "3x", "", "99999999999"}) {
    httplib::Request bad;
    bad.params.emplace("nb", text);
    auto value = int_param(bad, "nb", 9, 1, 50);
    ASSERT_FALSE(value) << text;
    EXPECT_EQ(value.error().message, "nb: expected a whole number in 1..50");
  }
}

}  // namespace
}  // namespace server::testing
