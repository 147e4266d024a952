// SPDX-License-Identifier: GPL-3.0-or-later
// PGN records: tags, movetext that replays legally with engine::parse_san for random
// games of every variant, engine comments on our moves only, and PgnSink grouping.
#include "daemon/pgn_record.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <random>

#include "engine/fen.h"
#include "engine/movegen.h"
#include "engine/notation.h"
#include "engine/san.h"
#include "engine/status.h"

namespace bot {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

constexpr std::string_view kKiwipete =
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

engine::Variant engine_variant(std::string_view key) {
  if (key == "chess960" || key == "fromPosition") return engine::Variant::Chess960;
  if (key == "pacifist") return engine::Variant::Pacifist;
  return engine::Variant::Standard;
}

// A game of random legal moves from `fen`, ending when the rules end it or after 90 plies
// (then Black "resigns"). Our moves carry an eval and a think time.
GameRecord random_game(std::string id, std::string variant, std::string fen, unsigned seed,
                       engine::Color us = engine::White) {
  std::mt19937 random(seed);
  GameRecord r;
  r.id = std::move(id);
  r.base_url = "https://lichess.org";
  r.variant = std::move(variant);
  r.initial_fen = std::move(fen);
  r.white = us == engine::White ? "paxbot" : "OtherBot";
  r.black = us == engine::White ? "OtherBot" : "paxbot";
  r.white_rating = 1987;
  r.black_rating = 2013;
  r.clock = GameClock{180'000, 2'000};
  r.rated = true;
  r.speed = "blitz";
  r.our_color = us;
  r.started = std::chrono::system_clock::time_point(std::chrono::seconds(1'735'689'600));
  auto pos = engine::parse_fen(r.initial_fen, engine_variant(r.variant));
  EXPECT_TRUE(pos) << r.initial_fen;
  for (int ply = 0; ply < 90; ++ply) {
    const engine::GameStatus status = engine::game_status(*pos);
    if (status.over()) {
      r.status = status.termination == engine::Termination::Checkmate   ? "mate"
                 : status.termination == engine::Termination::KingLost  ? "variantEnd"
                 : status.termination == engine::Termination::Stalemate ? "stalemate"
                                                                        : "draw";
      if (status.outcome == engine::Outcome::WhiteWins) r.winner = engine::White;
      if (status.outcome == engine::Outcome::BlackWins) r.winner = engine::Black;
      return r;
    }
    const engine::MoveList moves = engine::legal_moves(*pos);
    const engine::Move m = moves[random() % moves.size()];
    if (pos->side_to_move() == us)
      r.notes[r.moves.size()] = PlyNote{PgnEval::centipawns(int(random() % 400) - 200),
                                        std::chrono::milliseconds(random() % 5000)};
    r.moves.push_back(engine::move_to_uci(*pos, m));
    engine::UndoRecord undo;
    pos->make_move(m, undo);
  }
  r.status = "resign";
  r.winner = engine::White;
  return r;
}

ParsedPgn parse_one(const std::string& text) {
  auto games = parse_pgn(text);
  EXPECT_TRUE(games) << (games ? "" : games.error()) << "\n" << text;
  EXPECT_EQ(games ? games->size() : 0u, 1u) << text;
  return games && !games->empty() ? games->front() : ParsedPgn{};
}

// The PGN's movetext replays legally from its FEN and gives back the record's moves.
void expect_replays(const GameRecord& record, const ParsedPgn& pgn) {
  const std::string variant_tag = pgn.tag("Variant").value_or("");
  const engine::Variant variant = engine_variant(variant_tag == "Pacifist"   ? "pacifist"
                                                 : variant_tag == "Standard" ? "standard"
                                                                             : "chess960");
  auto pos = engine::parse_fen(pgn.tag("FEN").value_or("startpos"), variant);
  ASSERT_TRUE(pos) << pos.error();
  ASSERT_EQ(pgn.moves.size(), record.moves.size());
  for (std::size_t i = 0; i < pgn.moves.size(); ++i) {
    auto m = engine::parse_san(*pos, pgn.moves[i]);
    ASSERT_TRUE(m) << record.id << " ply " << i << ": " << m.error();
    EXPECT_EQ(engine::move_to_uci(*pos, *m), record.moves[i]) << record.id << " ply " << i;
    engine::UndoRecord undo;
    pos->make_move(*m, undo);
  }
}

TEST(PgnRecord, RandomGamesOfEveryVariantReplayFromTheirPgn) {
  const std::vector<GameRecord> games = {
      random_game("std00001", "standard", "startpos", 1),
      random_game("std00002", "standard", "startpos", 2, engine::Black),
      random_game("c9600001", "chess960", engine::chess960_start_fen(17), 3),
      random_game("c9600002", "chess960", engine::chess960_start_fen(958), 4, engine::Black),
      random_game("frpos001", "fromPosition", std::string(kKiwipete), 5),
      random_game("pacif001", "pacifist", "startpos", 6),
      random_game("pacif002", "pacifist", engine::chess960_start_fen(301), 7, engine::Black),
  };
  for (const GameRecord& record : games) {
    auto text = format_pgn(record);
    ASSERT_TRUE(text) << text.error();
    const ParsedPgn pgn = parse_one(*text);
    for (const char* tag : {"Event", "Site", "Date", "White", "Black", "Result", "WhiteElo",
                            "BlackElo", "TimeControl", "Variant", "Termination"})
      EXPECT_TRUE(pgn.tag(tag)) << record.id << " lacks " << tag;
    EXPECT_EQ(pgn.tag("Site"), "https://lichess.org/" + record.id);
    EXPECT_EQ(pgn.tag("Result"), pgn.result);
    EXPECT_EQ(pgn.result, pgn_result(record.status, record.winner));
    expect_replays(record, pgn);
    // One comment per annotated move of ours, none for the opponent's moves.
    std::size_t ours = 0;
    for (const auto& [ply, note] : record.notes) ours += ply < record.moves.size();
    EXPECT_EQ(pgn.comments.size(), ours) << record.id;
    for (const std::string& comment : pgn.comments) {
      EXPECT_EQ(comment.rfind("[%eval ", 0), 0u) << comment;
      EXPECT_NE(comment.find("] [%emt 0:00:0"), std::string::npos) << comment;
    }
  }
}

TEST(PgnRecord, TagsFollowTheVariantAndTheStart) {
  GameRecord standard = random_game("abcdefgh", "standard", "startpos", 11);
  const ParsedPgn s = parse_one(*format_pgn(standard));
  EXPECT_EQ(s.tag("Event"), "Rated Blitz game");
  EXPECT_EQ(s.tag("Date"), "2025.01.01");
  EXPECT_EQ(s.tag("White"), "paxbot");
  EXPECT_EQ(s.tag("WhiteElo"), "1987");
  EXPECT_EQ(s.tag("BlackElo"), "2013");
  EXPECT_EQ(s.tag("TimeControl"), "180+2");
  EXPECT_EQ(s.tag("Variant"), "Standard");
  EXPECT_FALSE(s.tag("SetUp"));
  EXPECT_FALSE(s.tag("FEN"));

  GameRecord pacifist = random_game("pacifist", "pacifist", "startpos", 12);
  pacifist.clock.reset();
  pacifist.rated = false;
  pacifist.speed = "correspondence";
  const ParsedPgn p = parse_one(*format_pgn(pacifist));
  EXPECT_EQ(p.tag("Variant"), "Pacifist");
  EXPECT_EQ(p.tag("TimeControl"), "-");
  EXPECT_EQ(p.tag("Event"), "Casual Correspondence game");
  EXPECT_FALSE(p.tag("FEN"));
  for (const std::string& san : p.moves) EXPECT_EQ(san.find('x'), std::string::npos) << san;

  GameRecord c960 = random_game("chess960", "chess960", engine::chess960_start_fen(518), 13);
  const ParsedPgn c = parse_one(*format_pgn(c960));
  EXPECT_EQ(c.tag("Variant"), "Chess960");
  EXPECT_EQ(c.tag("SetUp"), "1");  // a Chess960 game names its start even on the standard array
  EXPECT_EQ(c.tag("FEN"), std::string(engine::kStartFen));

  GameRecord from = random_game("frompos1", "fromPosition", std::string(kKiwipete), 14);
  const ParsedPgn f = parse_one(*format_pgn(from));
  EXPECT_EQ(f.tag("Variant"), "From Position");
  EXPECT_EQ(f.tag("FEN"), std::string(kKiwipete));
}

TEST(PgnRecord, MovetextNumbersBlackMovesAfterCommentsAndBlackStarts) {
  GameRecord r;
  r.id = "numbers1";
  r.base_url = "http://localhost:8080";
  r.initial_fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
  r.moves = {"e7e5", "g1f3", "b8c6", "f1b5"};
  r.our_color = engine::White;
  r.notes[1] = PlyNote{PgnEval::centipawns(34), 1200ms};
  r.notes[2] = PlyNote{PgnEval::centipawns(-99), 100ms};  // the opponent's move: not written
  r.status = "started";
  auto text = format_pgn(r);
  ASSERT_TRUE(text) << text.error();
  EXPECT_NE(text->find("1... e5 2. Nf3 { [%eval 0.34] [%emt 0:00:01.2] } 2... Nc6 3. Bb5 *"),
            std::string::npos)
      << *text;
  EXPECT_NE(text->find("[Result \"*\"]"), std::string::npos);
  EXPECT_NE(text->find("[Termination \"Unterminated\"]"), std::string::npos);
  EXPECT_NE(text->find("[Site \"http://localhost:8080/numbers1\"]"), std::string::npos);
  EXPECT_NE(text->find("[Date \"????.??.??\"]"), std::string::npos) << "no start time given";
}

TEST(PgnRecord, ABadMoveIsAnErrorNamingIt) {
  GameRecord r;
  r.id = "badmove1";
  r.moves = {"e2e4", "e2e4"};
  auto text = format_pgn(r);
  ASSERT_FALSE(text);
  EXPECT_NE(text.error().find("move 2"), std::string::npos) << text.error();
  r.initial_fen = "not a fen";
  EXPECT_FALSE(format_pgn(r));
}

TEST(PgnRecord, EvalsThinkTimesResultsAndTerminations) {
  EXPECT_EQ(PgnEval::centipawns(34).to_string(), "0.34");
  EXPECT_EQ(PgnEval::centipawns(-5).to_string(), "-0.05");
  EXPECT_EQ(PgnEval::centipawns(120).to_string(), "1.20");
  EXPECT_EQ(PgnEval::centipawns(0).to_string(), "0.00");
  EXPECT_EQ(PgnEval::mate(3).to_string(), "#3");
  EXPECT_EQ(PgnEval::mate(-2).to_string(), "#-2");
  EXPECT_EQ(PgnEval::from_search(50, std::nullopt, engine::Black), PgnEval::centipawns(-50));
  EXPECT_EQ(PgnEval::from_search(50, 2, engine::Black), PgnEval::mate(-2));
  EXPECT_EQ(PgnEval::from_search(-80, std::nullopt, engine::White), PgnEval::centipawns(-80));
  EXPECT_EQ(pgn_think_time(1200ms), "0:00:01.2");
  EXPECT_EQ(pgn_think_time(3'723'456ms), "1:02:03.4");
  EXPECT_EQ(pgn_result("mate", engine::White), "1-0");
  EXPECT_EQ(pgn_result("outoftime", engine::Black), "0-1");
  EXPECT_EQ(pgn_result("outoftime", std::nullopt), "1/2-1/2");
  EXPECT_EQ(pgn_result("draw", std::nullopt), "1/2-1/2");
  EXPECT_EQ(pgn_result("aborted", std::nullopt), "*");
  EXPECT_EQ(pgn_termination("mate"), "Normal");
  EXPECT_EQ(pgn_termination("resign"), "Normal");
  EXPECT_EQ(pgn_termination("variantEnd"), "Normal");
  EXPECT_EQ(pgn_termination("outoftime"), "Time forfeit");
  EXPECT_EQ(pgn_termination("timeout"), "Abandoned");
  EXPECT_EQ(pgn_termination("aborted"), "Abandoned");
  EXPECT_EQ(pgn_termination("cheat"), "Rules infraction");
  EXPECT_EQ(pgn_termination("started"), "Unterminated");
}

TEST(PgnRecord, ParserReadsSeveralGamesAndRejectsBrokenText) {
  auto games = parse_pgn(
      "[Event \"a \\\"quoted\\\" name\"]\n\n1.e4 e5 2. Nf3 $1 {ok} 1-0\n\n"
      "[Event \"b\"]\n% escape line\n1. d4 ; rest of line\n d5 *\n");
  ASSERT_TRUE(games) << games.error();
  ASSERT_EQ(games->size(), 2u);
  EXPECT_EQ((*games)[0].tag("Event"), "a \"quoted\" name");
  EXPECT_EQ((*games)[0].moves, (std::vector<std::string>{"e4", "e5", "Nf3"}));
  EXPECT_EQ((*games)[0].comments, (std::vector<std::string>{"ok"}));
  EXPECT_EQ((*games)[1].moves, (std::vector<std::string>{"d4", "d5"}));
  EXPECT_EQ((*games)[1].result, "*");
  EXPECT_FALSE(parse_pgn("[Event \"x\"]\n1. e4"));
  EXPECT_FALSE(parse_pgn("1. e4 {unterminated"));
  EXPECT_FALSE(parse_pgn("1. e4 (1. d4) *"));
  // A stray closing brace or bracket is an error, not an endless loop (found by fuzzing).
  auto stray = parse_pgn("1. e4 } e5 *");
  ASSERT_FALSE(stray);
  EXPECT_NE(stray.error().find("unexpected '}'"), std::string::npos) << stray.error();
  EXPECT_FALSE(parse_pgn("[Event \"x\"]\n1. e4 ] *"));
}

class PgnSinkTest : public testing::Test {
 protected:
  void SetUp() override {
    dir_ =
        fs::temp_directory_path() / ("paxbot-pgn-" + std::to_string(::getpid()) + "-" +
                                     testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::vector<ParsedPgn> read_games(const fs::path& file) {
    std::ifstream in(file);
    const std::string text(std::istreambuf_iterator<char>(in), {});
    auto games = parse_pgn(text);
    EXPECT_TRUE(games) << games.error();
    return games ? *games : std::vector<ParsedPgn>{};
  }
  std::vector<std::string> files() const {
    std::vector<std::string> out;
    for (const auto& e : fs::directory_iterator(dir_)) out.push_back(e.path().filename());
    std::sort(out.begin(), out.end());
    return out;
  }

  fs::path dir_;
};

TEST_F(PgnSinkTest, PerGameWritesOneFileNamedAfterTheGame) {
  PgnSink sink(config::Pgn{dir_.string(), config::PgnGrouping::kPerGame});
  ASSERT_TRUE(sink.enabled());
  auto first = sink.write(random_game("gameAAAA", "standard", "startpos", 21));
  ASSERT_TRUE(first) << first.error();
  EXPECT_EQ(*first, dir_ / "gameaaaa.pgn");
  ASSERT_TRUE(sink.write(random_game("gameBBBB", "pacifist", "startpos", 22)));
  EXPECT_EQ(files(), (std::vector<std::string>{"gameaaaa.pgn", "gamebbbb.pgn"}));
  EXPECT_EQ(read_games(dir_ / "gamebbbb.pgn").at(0).tag("Variant"), "Pacifist");
}

TEST_F(PgnSinkTest, PerOpponentAppendsTheGamesAgainstEachOpponent) {
  PgnSink sink(config::Pgn{dir_.string(), config::PgnGrouping::kPerOpponent});
  ASSERT_TRUE(sink.write(random_game("g1111111", "standard", "startpos", 31)));
  ASSERT_TRUE(sink.write(
      random_game("g2222222", "chess960", engine::chess960_start_fen(5), 32, engine::Black)));
  GameRecord other = random_game("g3333333", "standard", "startpos", 33);
  other.black = "Some Bot!";
  ASSERT_TRUE(sink.write(other));
  EXPECT_EQ(files(), (std::vector<std::string>{"otherbot.pgn", "some_bot_.pgn"}));
  const auto games = read_games(dir_ / "otherbot.pgn");
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(games[0].tag("Site"), "https://lichess.org/g1111111");
  EXPECT_EQ(games[1].tag("Site"), "https://lichess.org/g2222222");
}

TEST_F(PgnSinkTest, AllAppendsEveryGameToOneFile) {
  PgnSink sink(config::Pgn{dir_.string(), config::PgnGrouping::kAll});
  for (unsigned seed = 41; seed < 45; ++seed)
    ASSERT_TRUE(
        sink.write(random_game("all" + std::to_string(seed), "standard", "startpos", seed)));
  EXPECT_EQ(files(), (std::vector<std::string>{"games.pgn"}));
  EXPECT_EQ(read_games(dir_ / "games.pgn").size(), 4u);
}

TEST_F(PgnSinkTest, AWriteFailureIsAnErrorAndEarlierGamesStayIntact) {
  PgnSink sink(config::Pgn{dir_.string(), config::PgnGrouping::kAll});
  ASSERT_TRUE(sink.write(random_game("keep0001", "standard", "startpos", 51)));
  // A sink whose directory is a regular file cannot write: the error is a value.
  PgnSink blocked(config::Pgn{(dir_ / "games.pgn").string(), config::PgnGrouping::kAll});
  auto failed = blocked.write(random_game("lost0001", "standard", "startpos", 52));
  ASSERT_FALSE(failed);
  EXPECT_NE(failed.error().find("games.pgn"), std::string::npos) << failed.error();
  EXPECT_EQ(read_games(dir_ / "games.pgn").size(), 1u);
  EXPECT_EQ(files(), (std::vector<std::string>{"games.pgn"}));
}

TEST(PgnSink, ADisabledSinkWritesNothing) {
  PgnSink sink(config::Pgn{"", config::PgnGrouping::kPerGame});
  EXPECT_FALSE(sink.enabled());
  auto written = sink.write(GameRecord{});
  ASSERT_TRUE(written);
  EXPECT_TRUE(written->empty());
}

}  // namespace
}  // namespace bot
