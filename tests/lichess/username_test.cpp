// SPDX-License-Identifier: GPL-3.0-or-later
// Lichess usernames: the valid shapes and the derived user id.
#include "lichess/username.h"

#include <gtest/gtest.h>

namespace lichess {
namespace {

TEST(Username, ValidShapes) {
  for (const char* ok :
       {"ab", "Alice", "bob-the-bot", "x_1", "0day", "a23456789012345678901234567890"})
    EXPECT_TRUE(is_username(ok)) << ok;
  for (const char* bad : {"", "a", "_alice", "-bob", "al ice", "@bob", "https://x.org/a",
                          "a234567890123456789012345678901", "<html>"})
    EXPECT_FALSE(is_username(bad)) << bad;
}

TEST(Username, UserIdIsTheLowerCasedName) {
  EXPECT_EQ(user_id("Bob-The_Bot9"), "bob-the_bot9");
  EXPECT_EQ(user_id("alice"), "alice");
}

}  // namespace
}  // namespace lichess
