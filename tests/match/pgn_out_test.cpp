// SPDX-License-Identifier: GPL-3.0-or-later
// PGN and tuner data lines of one game record (match/pgn_out.h).
#include "match/pgn_out.h"

#include <gtest/gtest.h>

#include "engine/fen.h"
#include "engine/notation.h"
#include "engine/san.h"

namespace match {
namespace {

// Plays UCI moves from `fen`, filling the record as the game runner does; scores are the
// mover's own.
GameRecord record(const std::string& fen, engine::Variant variant,
                  const std::vector<std::pair<std::string, std::optional<ReportedScore>>>& moves) {
  GameRecord game;
  game.start_fen = fen;
  game.variant = variant;
  auto pos = engine::parse_fen(fen, variant);
  for (const auto& [text, score] : moves) {
    auto move = engine::parse_uci_move(*pos, text);
    PlayedMove played;
    played.fen_before = engine::to_fen(*pos);
    played.mover = pos->side_to_move();
    played.uci = engine::move_to_uci(*pos, *move);
    played.san = engine::move_to_san(*pos, *move);
    played.score = score;
    played.depth = 7;
    played.time_ms = 1250;
    engine::UndoRecord undo;
    pos->make_move(*move, undo);
    game.moves.push_back(played);
  }
  return game;
}

ReportedScore cp(int value) {
  return ReportedScore{value, std::nullopt};
}

TEST(PgnOut, StandardGameHasTheSevenTagsMovesCommentsAndResult) {
  GameRecord game = record(
      std::string(engine::kStartFen), engine::Variant::Standard,
      {{"f2f3", cp(-20)}, {"e7e5", cp(35)}, {"g2g4", cp(-900)}, {"d8h4", ReportedScore{0, 1}}});
  game.outcome = engine::Outcome::BlackWins;
  game.termination = engine::Termination::Checkmate;
  game.reason = "checkmate";
  PgnHeader header;
  header.date = "2026.12.01";
  header.round = "3.1";
  header.white = "a";
  header.black = "b";
  header.time_control = "10+0.1";
  const std::string pgn = format_pgn(game, header);
  EXPECT_EQ(pgn,
            "[Event \"paxbot match\"]\n[Site \"?\"]\n[Date \"2026.12.01\"]\n[Round \"3.1\"]\n"
            "[White \"a\"]\n[Black \"b\"]\n[Result \"0-1\"]\n[TimeControl \"10+0.1\"]\n"
            "[Termination \"normal\"]\n\n"
            "1. f3 {-0.20/7 1.250s} 1... e5 {+0.35/7 1.250s} 2. g4 {-9.00/7 1.250s} 2... Qh4#\n"
            "{+M1/7 1.250s} {checkmate} 0-1\n\n");
}

TEST(PgnOut, SetUpStartsAndFaultsAreTagged) {
  const std::string fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
  GameRecord game = record(fen, engine::Variant::Pacifist, {{"e7e5", std::nullopt}});
  game.ending = Ending::Fault;
  game.fault = Fault::Time;
  game.outcome = engine::Outcome::BlackWins;
  game.reason = "a used 120 ms of 10 ms";
  const std::string pgn = format_pgn(game, PgnHeader{});
  EXPECT_NE(pgn.find("[Variant \"Pacifist\"]\n[SetUp \"1\"]\n[FEN \"" + fen + "\"]"),
            std::string::npos)
      << pgn;
  EXPECT_NE(pgn.find("[Termination \"time forfeit\"]\n[Fault \"time loss\"]"), std::string::npos);
  EXPECT_NE(pgn.find("1... e5 {?/7 1.250s} {a used 120 ms of 10 ms} 0-1"), std::string::npos)
      << pgn;
  // A game lost by a fault gives no tuning data.
  EXPECT_EQ(format_data_lines(game), "");
}

TEST(PgnOut, DataLinesCarryWhitesResultAndWhitesScore) {
  GameRecord game = record(std::string(engine::kStartFen), engine::Variant::Standard,
                           {{"e2e4", cp(30)},
                            {"e7e5", cp(-25)},
                            {"g1f3", std::nullopt},
                            {"b8c6", ReportedScore{0, -4}}});
  game.ending = Ending::Adjudication;
  game.outcome = engine::Outcome::Draw;
  EXPECT_EQ(format_data_lines(game),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\t0.5\t30\n"
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\t0.5\t25\n"
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2\t0.5\t-\n"
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2\t0.5\t-\n");
  game.outcome = engine::Outcome::WhiteWins;
  EXPECT_NE(format_data_lines(game).find("KQkq - 0 1\t1\t30\n"), std::string::npos);
  game.outcome = engine::Outcome::BlackWins;
  EXPECT_NE(format_data_lines(game).find("KQkq - 0 1\t0\t30\n"), std::string::npos);
}

}  // namespace
}  // namespace match
