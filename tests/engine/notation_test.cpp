// SPDX-License-Identifier: GPL-3.0-or-later
// UCI move notation: printing, parsing, and error messages for bad move text.
#include <gtest/gtest.h>

#include "engine/fen.h"
#include "engine/game.h"
#include "engine/notation.h"

namespace engine {
namespace {

TEST(Notation, PrintsAndParsesPlainMovesAndPromotions) {
  auto pos = parse_fen("4k3/1P6/8/8/8/8/4P3/4K3 w - - 0 1", Variant::Standard);
  ASSERT_TRUE(pos);
  for (const char* text : {"e2e4", "e2e3", "b7b8q", "b7b8n", "b7b8r", "b7b8b"}) {
    auto m = parse_uci_move(*pos, text);
    ASSERT_TRUE(m) << text << ": " << m.error();
    EXPECT_EQ(move_to_uci(*pos, *m), text);
  }
  auto upper = parse_uci_move(*pos, "b7b8Q");
  ASSERT_TRUE(upper);
  EXPECT_EQ(move_to_uci(*pos, *upper), "b7b8q");
}

TEST(Notation, MalformedTextIsRejectedWithAClearMessage) {
  auto pos = parse_fen("startpos", Variant::Standard);
  for (const char* text : {"", "e2", "e2e9", "i2e4", "e2e4x", "e2-e4", "e2e4qq", "0000"}) {
    auto m = parse_uci_move(*pos, text);
    ASSERT_FALSE(m) << text;
    EXPECT_NE(m.error().find("malformed move"), std::string::npos) << m.error();
  }
}

TEST(Notation, IllegalMovesAreRejectedWithAClearMessage) {
  auto pos = parse_fen("startpos", Variant::Standard);
  for (const char* text : {"e2e5", "e7e5", "e1g1", "b7b8q", "a2a3q"}) {
    auto m = parse_uci_move(*pos, text);
    ASSERT_FALSE(m) << text;
    EXPECT_NE(m.error().find("illegal move"), std::string::npos) << m.error();
  }
}

TEST(Notation, ReplayReportsTheOffendingMove) {
  auto pos = replay_game(Variant::Standard, "startpos", "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5c6 e8e6");
  ASSERT_FALSE(pos);
  EXPECT_NE(pos.error().find("move 8: illegal move 'e8e6'"), std::string::npos) << pos.error();
  auto bad_start = replay_game(Variant::Standard, "not a fen", "");
  ASSERT_FALSE(bad_start);
  EXPECT_NE(bad_start.error().find("start position"), std::string::npos);
}

}  // namespace
}  // namespace engine
