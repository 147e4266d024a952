// SPDX-License-Identifier: GPL-3.0-or-later
// Quiet positions: quiescence would search nothing from them.
#include "tune/quiet.h"

#include <gtest/gtest.h>

#include "engine/fen.h"

namespace tune {
namespace {

bool quiet(const char* fen, engine::Variant v = engine::Variant::Standard) {
  auto pos = engine::parse_fen(fen, v);
  EXPECT_TRUE(pos) << fen;
  return pos && is_quiet(*pos);
}

TEST(Quiet, Chess) {
  EXPECT_TRUE(quiet("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"));
  // A pawn can take a knight for free.
  EXPECT_FALSE(quiet("4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1"));
  // The only capture loses the queen for a pawn: quiescence leaves it out.
  EXPECT_TRUE(quiet("4k3/8/2p5/3p4/8/8/8/3QK3 w - - 0 1"));
  // An equal trade is searched by quiescence.
  EXPECT_FALSE(quiet("4k3/8/8/3n4/8/4N3/8/4K3 b - - 0 1"));
  // In check; a queen promotion.
  EXPECT_FALSE(quiet("4k3/8/8/8/8/8/4r3/4K3 w - - 0 1"));
  EXPECT_FALSE(quiet("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1"));
}

TEST(Quiet, Pacifist) {
  EXPECT_TRUE(
      quiet("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", engine::Variant::Pacifist));
  // Black owns no king: every move must win one back.
  EXPECT_FALSE(quiet("nbr1b1qr/ppppKppp/7n/4pN2/K3P3/P7/QPPP1PPP/B1R1RBN1 b - - 0 1",
                     engine::Variant::Pacifist));
  // The white knight on d4 has neither supporters nor attackers (persuasion == support): one
  // more attacker converts it, and Black's rook can become one in a move (Ra4 or Rd8).
  EXPECT_FALSE(quiet("r3k3/8/8/8/3N4/8/8/4K3 b - - 0 1", engine::Variant::Pacifist));
}

}  // namespace
}  // namespace tune
