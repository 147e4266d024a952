// SPDX-License-Identifier: GPL-3.0-or-later
// Lichess's chat limit: counting characters (code points, not bytes) and cutting a message
// to the limit without splitting a multi-byte character.
#include "lichess/chat.h"

#include <gtest/gtest.h>

namespace lichess {
namespace {

TEST(Chat, CountsCodePointsNotBytes) {
  EXPECT_EQ(chat_characters(""), 0u);
  EXPECT_EQ(chat_characters("pong"), 4u);
  EXPECT_EQ(chat_characters("é♞"), 2u);  // 2 + 3 bytes
  EXPECT_EQ(chat_characters("😀x"), 2u);  // 4 + 1 bytes
}

TEST(Chat, CutsToTheLimitWithoutSplittingACharacter) {
  EXPECT_EQ(truncate_chat("short"), "short");
  const std::string exact(kMaxChatCharacters, 'a');
  EXPECT_EQ(truncate_chat(exact), exact);
  EXPECT_EQ(truncate_chat(exact + "b"), exact);
  std::string knights;
  for (std::size_t i = 0; i < kMaxChatCharacters + 5; ++i) knights += "♞";
  const std::string cut = truncate_chat(knights);
  EXPECT_EQ(chat_characters(cut), kMaxChatCharacters);
  EXPECT_EQ(cut.size(), 3 * kMaxChatCharacters);
}

}  // namespace
}  // namespace lichess
