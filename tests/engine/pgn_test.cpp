// SPDX-License-Identifier: GPL-3.0-or-later
// The one PGN writer: tags, SAN movetext with move numbers and comments, the result.
#include "engine/pgn.h"

#include <gtest/gtest.h>

#include "engine/fen.h"
#include "engine/game.h"

namespace engine {
namespace {

PgnGame game_of(std::string_view start, std::string_view moves, Variant v = Variant::Standard) {
  auto replayed = replay(v, start, moves);
  EXPECT_TRUE(replayed) << replayed.error();
  PgnGame game;
  if (!replayed) return game;
  game.start = replayed->start;
  game.moves = replayed->moves;
  return game;
}

TEST(PgnWriter, TagsThenOneLineOfMovetextThenTwoBlankLines) {
  PgnGame game = game_of("startpos", "e2e4 e7e5 g1f3");
  game.tags = {{"Event", "Rated Blitz game"}, {"White", "a \"quoted\" \\ name\nx"}};
  game.result = "1-0";
  EXPECT_EQ(write_pgn(game),
            "[Event \"Rated Blitz game\"]\n"
            "[White \"a \\\"quoted\\\" \\\\ name x\"]\n"
            "\n"
            "1. e4 e5 2. Nf3 1-0\n\n\n");
}

TEST(PgnWriter, ABlackMoveAfterACommentOrAtTheStartGetsItsNumber) {
  PgnGame game = game_of("startpos", "e2e4 e7e5 g1f3 b8c6");
  game.comments = {"[%clk 0:05:00]", "", "[%eval 0.34] [%emt 0:00:01.2]"};
  EXPECT_EQ(write_pgn(game),
            "\n1. e4 { [%clk 0:05:00] } 1... e5 2. Nf3 { [%eval 0.34] [%emt 0:00:01.2] } 2... Nc6 "
            "*\n\n\n");
  PgnGame black_first =
      game_of("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", "e7e5 g1f3");
  EXPECT_EQ(write_pgn(black_first), "\n1... e5 2. Nf3 *\n\n\n");
}

TEST(PgnWriter, LongGamesStayOnOneLineAndUseSanOfEveryVariant) {
  PgnGame game = game_of("startpos",
                         "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8 "
                         "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8 e2e4 e7e5");
  const std::string text = write_pgn(game);
  EXPECT_EQ(text.find('\n', 1), text.size() - 3) << text;
  EXPECT_NE(text.find("11. e4 e5 *"), std::string::npos) << text;
  PgnGame pacifist = game_of("startpos", "e2e4", Variant::Pacifist);
  EXPECT_EQ(write_pgn(pacifist), "\n1. e4 *\n\n\n");
}

}  // namespace
}  // namespace engine
