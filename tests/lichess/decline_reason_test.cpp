// SPDX-License-Identifier: GPL-3.0-or-later
#include "lichess/decline_reason.h"

#include <gtest/gtest.h>

namespace lichess {
namespace {

TEST(DeclineReasonTest, PostedAndEventKeysAndTexts) {
  EXPECT_EQ(to_string(DeclineReason::kTooFast), "tooFast");
  EXPECT_EQ(event_key(DeclineReason::kTooFast), "toofast");
  EXPECT_EQ(to_string(DeclineReason::kOnlyBot), "onlyBot");
  EXPECT_EQ(event_key(DeclineReason::kTimeControl), "timecontrol");
  EXPECT_NE(decline_text(DeclineReason::kLater).find("later"), std::string::npos);
  for (int i = 0; i <= static_cast<int>(DeclineReason::kOnlyBot); ++i) {
    const auto r = static_cast<DeclineReason>(i);
    EXPECT_EQ(parse_decline_reason(to_string(r)), r);
    EXPECT_EQ(parse_decline_reason(event_key(r)), r) << "events carry the lower-case key";
    EXPECT_FALSE(decline_text(r).empty());
  }
  EXPECT_EQ(parse_decline_reason("TimeControl"), DeclineReason::kTimeControl);
  EXPECT_FALSE(parse_decline_reason("nope").has_value());
}

}  // namespace
}  // namespace lichess
