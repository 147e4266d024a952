// SPDX-License-Identifier: GPL-3.0-or-later
// GameRecord and legal_destinations: SAN, FENs, converted squares and the board
// component's destinations, from the rules engine.
#include <gtest/gtest.h>

#include <algorithm>

#include "engine/fen.h"
#include "server/game_record.h"

namespace server {
namespace {

Game start(lichess::Variant variant, const std::string& fen) {
  GameSetup setup;
  setup.id = "abcdefgh";
  setup.variant = variant;
  setup.initial_fen = fen;
  setup.users = {"a", "b"};
  auto game = Game::start(setup, 0, 0);
  if (!game) throw std::runtime_error(game.error());
  return std::move(*game);
}

TEST(LegalDestinations, StartPosition) {
  auto pos = engine::parse_fen("startpos", engine::Variant::Standard);
  ASSERT_TRUE(pos);
  LegalDestinations legal = legal_destinations(*pos);
  EXPECT_EQ(legal.dests.size(), 10u);  // eight pawns and two knights
  EXPECT_EQ(legal.dests["e2"], (std::vector<std::string>{"e3", "e4"}));
  auto knight = legal.dests["g1"];
  std::sort(knight.begin(), knight.end());
  EXPECT_EQ(knight, (std::vector<std::string>{"f3", "h3"}));
  EXPECT_TRUE(legal.promotions.empty());
}

TEST(LegalDestinations, CastlingBothSpellingsAndPromotions) {
  auto pos = engine::parse_fen("8/4P1k1/8/8/8/8/8/4K2R w K - 0 1", engine::Variant::Standard);
  ASSERT_TRUE(pos);
  LegalDestinations legal = legal_destinations(*pos);
  const auto& king = legal.dests["e1"];
  EXPECT_NE(std::find(king.begin(), king.end(), "h1"), king.end());
  EXPECT_NE(std::find(king.begin(), king.end(), "g1"), king.end());
  EXPECT_EQ(legal.promotions, (std::vector<std::string>{"e7e8"}));
}

TEST(LegalDestinations, PacifistHasNoCaptures) {
  auto pos = engine::parse_fen("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", engine::Variant::Pacifist);
  ASSERT_TRUE(pos);
  LegalDestinations legal = legal_destinations(*pos);
  EXPECT_EQ(legal.dests["e4"], (std::vector<std::string>{"e5"}));
}

TEST(GameRecord, SanFenAndConversions) {
  // The rules' first worked example: Nf5 converts seven pieces over four rounds.
  Game game = start(lichess::Variant::kPacifist,
                    "rkqn1rb1/ppppppbp/P7/1n4p1/8/4N3/1PPPPPPP/RNK1BBQR w - - 0 1");
  ASSERT_TRUE(game.play(engine::White, "e3f5", false, 0, 0));
  GameRecord record;
  EXPECT_EQ(record.sync(game), 0u);
  ASSERT_EQ(record.moves().size(), 1u);
  const MoveRecord& m = record.moves()[0];
  EXPECT_EQ(m.uci, "e3f5");
  EXPECT_EQ(m.san, "Nf5");
  EXPECT_TRUE(m.fen.starts_with("rkqN1RB1/ppppPPBP/P7/1n3Np1/8/8/1PPPPPPP/RNK1BBQR b"));
  std::vector<std::string> squares;
  for (const ConvertedSquare& c : m.converted) {
    squares.push_back(c.square);
    EXPECT_EQ(c.color, "white");
  }
  std::sort(squares.begin(), squares.end());
  EXPECT_EQ(squares, (std::vector<std::string>{"d8", "e7", "f7", "f8", "g7", "g8", "h7"}));
  EXPECT_EQ(record.start_fen(), "rkqn1rb1/ppppppbp/P7/1n4p1/8/4N3/1PPPPPPP/RNK1BBQR w - - 0 1");
}

TEST(GameRecord, ExtendsAndRebuildsAfterATakeback) {
  Game game = start(lichess::Variant::kStandard, "startpos");
  GameRecord record;
  ASSERT_TRUE(game.play(engine::White, "e2e4", false, 0, 0));
  ASSERT_TRUE(game.play(engine::Black, "e7e5", false, 0, 0));
  EXPECT_EQ(record.sync(game), 0u);
  ASSERT_TRUE(game.play(engine::White, "g1f3", false, 0, 0));
  EXPECT_EQ(record.sync(game), 2u);
  ASSERT_EQ(record.moves().size(), 3u);
  EXPECT_EQ(record.moves()[2].san, "Nf3");
  EXPECT_TRUE(record.moves()[2].converted.empty());
  // White proposes a takeback and Black accepts: White gets Nf3 back.
  ASSERT_TRUE(game.takeback(engine::White, true, 0));
  ASSERT_TRUE(game.takeback(engine::Black, true, 0));
  ASSERT_EQ(game.ply(), 2);
  ASSERT_TRUE(game.play(engine::White, "d2d4", false, 0, 0));
  EXPECT_EQ(record.sync(game), 0u);  // the record diverged: rebuilt from the start
  ASSERT_EQ(record.moves().size(), 3u);
  EXPECT_EQ(record.moves()[2].san, "d4");
}

}  // namespace
}  // namespace server
