// SPDX-License-Identifier: GPL-3.0-or-later
// Game-state reconstruction from the server's initialFen + moves lines.
#include "daemon/game_state.h"

#include <gtest/gtest.h>

#include "engine/fen.h"

namespace bot {
namespace {

TEST(GameState, SideToMoveComesFromThePositionNotParity) {
  // A fromPosition game that starts with Black to move.
  auto g = GameState::start(engine::Variant::Chess960, "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1");
  ASSERT_TRUE(g) << g.error();
  EXPECT_EQ(g->side_to_move(), engine::Black);
  ASSERT_TRUE(g->update("e8g8"));
  EXPECT_EQ(g->side_to_move(), engine::White);
  EXPECT_EQ(engine::to_fen(g->position()), "r4rk1/8/8/8/8/8/8/R3K2R w KQ - 1 2");
}

TEST(GameState, BothCastlingNotationsReachTheSamePosition) {
  const std::string start = "startpos";
  auto a = GameState::start(engine::Variant::Standard, start);
  auto b = GameState::start(engine::Variant::Standard, start);
  ASSERT_TRUE(a && b);
  ASSERT_TRUE(a->update("e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1g1"));
  ASSERT_TRUE(b->update("e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1h1"));
  EXPECT_EQ(engine::to_fen(a->position()), engine::to_fen(b->position()));
  EXPECT_EQ(a->position().key(), b->position().key());
}

TEST(GameState, Chess960KingTakesRookFromAFen) {
  auto g = GameState::start(engine::Variant::Chess960,
                            "bbrknrqn/pppppppp/8/8/8/8/PPPPPPPP/BBRKNRQN w KQkq - 0 1");
  ASSERT_TRUE(g) << g.error();
  ASSERT_TRUE(g->update("g2g3 g7g6 g1g2 g8g7 e1d3 e8d6 d1f1"));
  EXPECT_EQ(engine::to_fen(g->position()),
            "bbrk1r1n/ppppppqp/3n2p1/8/8/3N2P1/PPPPPPQP/BBR2RKN b kq - 5 4");
}

TEST(GameState, ExtendsIncrementallyAndReplaysAfterATakeback) {
  auto g = GameState::start(engine::Variant::Standard, "startpos");
  ASSERT_TRUE(g);
  ASSERT_TRUE(g->update(""));
  ASSERT_TRUE(g->update("e2e4"));
  ASSERT_TRUE(g->update("e2e4 e7e5 g1f3"));
  EXPECT_EQ(g->moves().size(), 3u);
  ASSERT_TRUE(g->update("e2e4 e7e5"));  // takeback
  EXPECT_EQ(g->side_to_move(), engine::White);
  ASSERT_TRUE(g->update("e2e4 c7c5"));  // a different line altogether
  EXPECT_EQ(engine::to_fen(g->position()),
            "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
}

TEST(GameState, BadInputIsAnErrorAndChangesNothing) {
  auto bad = GameState::start(engine::Variant::Standard, "rnbqkbnr/pppppppp w");
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().find("initial position"), std::string::npos);
  auto g = GameState::start(engine::Variant::Standard, "startpos");
  ASSERT_TRUE(g->update("e2e4"));
  auto err = g->update("e2e4 e7e4");
  ASSERT_FALSE(err);
  EXPECT_NE(err.error().find("move 2"), std::string::npos) << err.error();
  EXPECT_EQ(g->moves().size(), 1u);
  EXPECT_EQ(g->side_to_move(), engine::Black);
}

TEST(GameState, PacifistConversionsFollowFromTheMoves) {
  auto g = GameState::start(engine::Variant::Pacifist,
                            "rkqn1rb1/ppppppbp/P7/1n4p1/8/4N3/1PPPPPPP/RNK1BBQR w - - 0 1");
  ASSERT_TRUE(g);
  ASSERT_TRUE(g->update("e3f5"));
  EXPECT_EQ(engine::to_fen(g->position()),
            "rkqN1RB1/ppppPPBP/P7/1n3Np1/8/8/1PPPPPPP/RNK1BBQR b - - 0 1");
}

}  // namespace
}  // namespace bot
