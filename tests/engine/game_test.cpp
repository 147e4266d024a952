// SPDX-License-Identifier: GPL-3.0-or-later
// The one move-list replay: start, moves and the position reached, with errors naming the move.
#include "engine/game.h"

#include <gtest/gtest.h>

#include "engine/fen.h"
#include "engine/notation.h"

namespace engine {
namespace {

TEST(Replay, KeepsTheStartTheMovesAndThePositionWithItsHistory) {
  auto game = replay(Variant::Standard, "startpos", "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8");
  ASSERT_TRUE(game) << game.error();
  EXPECT_EQ(to_fen(game->start), kStartFen);
  ASSERT_EQ(game->moves.size(), 8u);
  EXPECT_EQ(move_to_uci(game->start, game->moves[0]), "g1f3");
  EXPECT_EQ(to_fen(game->position), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 8 5");
  EXPECT_EQ(game->position.repetitions(), 2) << "the history came along";
}

TEST(Replay, EveryInputShapeGivesTheSameGame) {
  const std::vector<std::string> words = {"e2e4", "e7e5", "e1e2"};
  auto from_text = replay(Variant::Standard, "", "e2e4  e7e5 e1e2");
  auto from_words = replay(Variant::Standard, "startpos", words);
  ASSERT_TRUE(from_text && from_words);
  EXPECT_EQ(to_fen(from_text->position), to_fen(from_words->position));
  EXPECT_EQ(from_text->moves, from_words->moves);
}

TEST(Replay, ErrorsNameTheStartOrTheMove) {
  auto bad_start = replay(Variant::Standard, "8/8 w - - 0 1", "");
  ASSERT_FALSE(bad_start);
  EXPECT_NE(bad_start.error().find("start position"), std::string::npos) << bad_start.error();
  auto bad_move = replay(Variant::Standard, "startpos", "e2e4 e7e4");
  ASSERT_FALSE(bad_move);
  EXPECT_NE(bad_move.error().find("move 2"), std::string::npos) << bad_move.error();
}

TEST(Replay, PlayUciMovesContinuesAPositionAndNumbersFromWhereItStarts) {
  auto pos = parse_fen("startpos", Variant::Standard);
  ASSERT_TRUE(pos);
  const std::vector<std::string_view> first = {"e2e4", "e7e5"};
  std::vector<Move> played;
  ASSERT_TRUE(play_uci_moves(*pos, first, 1, &played));
  EXPECT_EQ(played.size(), 2u);
  const std::vector<std::string_view> bad = {"g1f3", "e8e6"};
  auto failed = play_uci_moves(*pos, bad, 3, &played);
  ASSERT_FALSE(failed);
  EXPECT_NE(failed.error().find("move 4"), std::string::npos) << failed.error();
  EXPECT_EQ(played.size(), 3u);
  EXPECT_EQ(pos->side_to_move(), Black) << "stands after the last good move";
}

}  // namespace
}  // namespace engine
