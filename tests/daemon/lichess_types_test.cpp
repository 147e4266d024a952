// SPDX-License-Identifier: GPL-3.0-or-later
// Event-stream and game-stream lines recorded in tests/data/lichess parsed
// into typed events; malformed and mistyped lines give errors naming the field.
#include "daemon/lichess/types.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "daemon/lichess/variant_key.h"
#include "engine/fen.h"
#include "engine/game.h"

namespace bot {
namespace {

std::vector<std::string> data_lines(const std::string& name) {
  std::ifstream in(std::string(PAXBOT_TEST_DATA_DIR) + "/lichess/" + name, std::ios::binary);
  EXPECT_TRUE(in) << name;
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

template <typename T, typename Variant>
const T& as(const Variant& event) {
  EXPECT_TRUE(std::holds_alternative<T>(event)) << "alternative " << event.index();
  return std::get<T>(event);
}

TEST(LichessEventStreamTest, RecordedLinesParseToTypedEvents) {
  const std::vector<std::string> lines = data_lines("event-stream.ndjson");
  ASSERT_EQ(lines.size(), 14u);
  std::vector<std::expected<EventStreamEvent, ParseError>> events;
  for (const std::string& line : lines) events.push_back(parse_event_stream_line(line));
  for (std::size_t i = 0; i < 10; ++i) ASSERT_TRUE(events[i].has_value()) << i;

  const GameEventInfo& start = as<GameStartEvent>(*events[0]).game;
  EXPECT_EQ(start.game_id, "Xk3pR9tQ");
  EXPECT_EQ(start.full_id, "Xk3pR9tQa1B2");
  EXPECT_EQ(start.color, engine::Black);
  EXPECT_EQ(start.fen, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
  EXPECT_EQ(start.last_move, "e2e4");
  EXPECT_TRUE(start.is_my_turn);
  EXPECT_EQ(start.seconds_left, 180);
  EXPECT_EQ(start.variant, "standard");
  EXPECT_EQ(start.speed, "blitz");
  EXPECT_EQ(start.perf, "blitz");
  EXPECT_TRUE(start.rated);
  EXPECT_EQ(start.status, "started");
  EXPECT_EQ(start.status_id, 20);
  EXPECT_EQ(start.opponent.id, "kingcrusher");
  EXPECT_EQ(start.opponent.username, "KingCrusher");
  EXPECT_EQ(start.opponent.rating, 1843);
  EXPECT_FALSE(start.opponent.is_ai());
  EXPECT_EQ(start.compat, (Compat{true, true}));
  EXPECT_EQ(start.source, "friend");
  EXPECT_FALSE(start.has_moved);
  EXPECT_FALSE(start.winner.has_value());

  EXPECT_TRUE(std::holds_alternative<KeepAlive>(*events[1]));

  const ChallengeEvent& incoming = as<ChallengeEvent>(*events[2]);
  const ChallengeInfo& c = incoming.challenge;
  EXPECT_EQ(c.id, "Vb7nM2qW");
  EXPECT_EQ(c.status, "created");
  ASSERT_TRUE(c.challenger.has_value());
  EXPECT_EQ(c.challenger->id, "tactician");
  EXPECT_EQ(c.challenger->title, "FM");
  EXPECT_FALSE(c.challenger->is_bot());
  ASSERT_TRUE(c.dest_user.has_value());
  EXPECT_TRUE(c.dest_user->is_bot());
  EXPECT_EQ(c.variant, "chess960");
  EXPECT_FALSE(c.rated);
  EXPECT_EQ(c.speed, "rapid");
  EXPECT_EQ(c.time_control, (TimeControl{TimeControl::Type::kClock, 600, 5, std::nullopt, "10+5"}));
  EXPECT_EQ(c.color, ChallengeColor::kRandom);
  EXPECT_EQ(c.final_color, engine::White);
  EXPECT_EQ(c.initial_fen, "bbqrnknr/pppppppp/8/8/8/8/PPPPPPPP/BBQRNKNR w KQkq - 0 1");
  EXPECT_EQ(incoming.compat, (Compat{true, true}));

  const ChallengeInfo& open = as<ChallengeEvent>(*events[3]).challenge;
  EXPECT_FALSE(open.dest_user.has_value());
  EXPECT_TRUE(open.challenger->provisional);
  EXPECT_EQ(open.variant, "fromPosition");
  EXPECT_EQ(open.time_control.type, TimeControl::Type::kCorrespondence);
  EXPECT_EQ(open.time_control.days_per_turn, 3);
  EXPECT_EQ(open.color, ChallengeColor::kBlack);
  EXPECT_EQ(as<ChallengeEvent>(*events[3]).compat, (Compat{false, true}));

  const ChallengeInfo& rematch = as<ChallengeEvent>(*events[4]).challenge;
  EXPECT_EQ(rematch.rematch_of, "Xk3pR9tQ");
  EXPECT_EQ(rematch.time_control.type, TimeControl::Type::kUnlimited);
  EXPECT_EQ(rematch.color, ChallengeColor::kWhite);

  EXPECT_EQ(as<ChallengeCanceledEvent>(*events[5]).challenge.status, "canceled");

  const ChallengeInfo& declined = as<ChallengeDeclinedEvent>(*events[6]).challenge;
  EXPECT_EQ(declined.status, "declined");
  EXPECT_EQ(declined.decline_reason_key, "toofast");
  EXPECT_EQ(declined.challenger->id, "paxbot");
  EXPECT_EQ(declined.time_control.limit_s, 60);
  EXPECT_EQ(declined.time_control.increment_s, 1);

  const GameEventInfo& aborted = as<GameFinishEvent>(*events[7]).game;
  EXPECT_EQ(aborted.status, "aborted");
  EXPECT_TRUE(is_game_over_status(aborted.status));
  EXPECT_FALSE(aborted.opponent.id.has_value());
  EXPECT_TRUE(aborted.opponent.is_ai());
  EXPECT_EQ(aborted.opponent.ai_level, 3);
  EXPECT_EQ(aborted.last_move, "");

  const GameEventInfo& mate = as<GameFinishEvent>(*events[8]).game;
  EXPECT_EQ(mate.status, "mate");
  EXPECT_EQ(mate.winner, engine::Black);
  EXPECT_TRUE(mate.has_moved);

  EXPECT_EQ(as<IgnoredEvent>(*events[9]).type, "tournamentInvite");

  ASSERT_FALSE(events[10].has_value());
  EXPECT_EQ(events[10].error().field, "");
  EXPECT_NE(events[10].error().problem.find("invalid JSON"), std::string::npos);

  ASSERT_FALSE(events[11].has_value());
  EXPECT_EQ(events[11].error().type, "gameStart");
  EXPECT_EQ(events[11].error().field, "game.color");
  EXPECT_EQ(events[11].error().describe(),
            "gameStart: field 'game.color' must be \"white\" or \"black\"");

  ASSERT_FALSE(events[12].has_value());
  EXPECT_EQ(events[12].error().describe(),
            "challenge: field 'challenge.rated' must be a boolean, got string");

  EXPECT_TRUE(std::holds_alternative<KeepAlive>(*events[13]));
}

TEST(LichessEventStreamTest, MissingRequiredFieldsAreNamed) {
  const auto missing_game = parse_event_stream_line(R"({"type":"gameStart"})");
  ASSERT_FALSE(missing_game.has_value());
  EXPECT_EQ(missing_game.error().describe(), "gameStart: field 'game' missing");

  const auto missing_id =
      parse_event_stream_line(R"({"type":"gameFinish","game":{"color":"white"}})");
  ASSERT_FALSE(missing_id.has_value());
  EXPECT_EQ(missing_id.error().field, "game.gameId");

  const auto no_type = parse_event_stream_line(R"({"game":{}})");
  ASSERT_FALSE(no_type.has_value());
  EXPECT_EQ(no_type.error().describe(), "line: field 'type' missing");

  const auto not_object = parse_event_stream_line("[1,2]");
  ASSERT_FALSE(not_object.has_value());
  EXPECT_EQ(not_object.error().field, "(root)");

  const auto bad_tc = parse_event_stream_line(
      R"({"type":"challenge","challenge":{"id":"x","status":"created","variant":{"key":"standard"},)"
      R"("rated":false,"speed":"blitz","timeControl":{"type":"clock","limit":180},"color":"white"}})");
  ASSERT_FALSE(bad_tc.has_value());
  EXPECT_EQ(bad_tc.error().field, "challenge.timeControl.increment");

  const auto null_user = parse_event_stream_line(
      R"({"type":"challenge","challenge":{"id":"x","status":"created","variant":{"key":"standard"},)"
      R"("rated":false,"speed":"blitz","timeControl":{"type":"unlimited"},"color":"white",)"
      R"("challenger":{"name":"nobody"}}})");
  ASSERT_FALSE(null_user.has_value());
  EXPECT_EQ(null_user.error().field, "challenge.challenger.id");
}

TEST(LichessEventStreamTest, IdAliasUnknownFieldsAndBlankLines) {
  const auto event = parse_event_stream_line(
      R"({"type":"gameStart","game":{"id":"abcdefgh","color":"white","newField":[1,{"x":2}]},"extra":1})");
  ASSERT_TRUE(event.has_value());
  EXPECT_EQ(std::get<GameStartEvent>(*event).game.game_id, "abcdefgh");
  EXPECT_TRUE(std::holds_alternative<KeepAlive>(*parse_event_stream_line("")));
  EXPECT_TRUE(std::holds_alternative<KeepAlive>(*parse_event_stream_line("\r")));
}

TEST(LichessGameStreamTest, StandardGameRecorded) {
  const std::vector<std::string> lines = data_lines("game-stream-standard.ndjson");
  ASSERT_EQ(lines.size(), 12u);
  std::vector<std::expected<GameStreamEvent, ParseError>> events;
  for (const std::string& line : lines) events.push_back(parse_game_stream_line(line));
  for (std::size_t i = 0; i < 9; ++i) ASSERT_TRUE(events[i].has_value()) << i;

  const GameFullEvent& full = as<GameFullEvent>(*events[0]);
  EXPECT_EQ(full.id, "Xk3pR9tQ");
  EXPECT_EQ(full.variant, "standard");
  EXPECT_EQ(full.speed, "blitz");
  EXPECT_TRUE(full.rated);
  EXPECT_EQ(full.created_at_ms, 1767225600000);
  EXPECT_EQ(full.white.id, "kingcrusher");
  EXPECT_FALSE(full.white.title.has_value());
  EXPECT_EQ(full.white.rating, 1843);
  EXPECT_TRUE(full.black.is_bot());
  EXPECT_TRUE(full.black.provisional);
  EXPECT_EQ(full.initial_fen, "startpos");
  EXPECT_EQ(full.clock, (GameClock{180000, 2000}));
  EXPECT_FALSE(full.days_per_turn.has_value());
  EXPECT_EQ(full.state.moves, "e2e4");
  EXPECT_EQ(full.state.status, "started");
  EXPECT_EQ(full.state.expiration, (GameExpiration{4200, 25000}));

  const GameStateEvent& offer = as<GameStateEvent>(*events[1]);
  EXPECT_EQ(offer.wtime_ms, 171230);
  EXPECT_EQ(offer.btime_ms, 176520);
  EXPECT_EQ(offer.winc_ms, 2000);
  EXPECT_TRUE(offer.wdraw);
  EXPECT_FALSE(offer.bdraw);
  EXPECT_FALSE(offer.expiration.has_value());

  EXPECT_TRUE(std::holds_alternative<KeepAlive>(*events[2]));
  EXPECT_EQ(as<ChatLineEvent>(*events[3]),
            (ChatLineEvent{"player", "KingCrusher", "good luck, have fun"}));
  EXPECT_EQ(as<ChatLineEvent>(*events[4]).room, "spectator");
  EXPECT_TRUE(as<GameStateEvent>(*events[5]).btakeback);
  EXPECT_EQ(as<OpponentGoneEvent>(*events[6]), (OpponentGoneEvent{true, 10}));
  EXPECT_EQ(as<OpponentGoneEvent>(*events[7]), (OpponentGoneEvent{false, std::nullopt}));

  const GameStateEvent& end = as<GameStateEvent>(*events[8]);
  EXPECT_EQ(end.status, "draw");
  EXPECT_TRUE(is_game_over_status(end.status));
  EXPECT_TRUE(end.wdraw && end.bdraw);
  EXPECT_FALSE(end.winner.has_value());

  ASSERT_FALSE(events[9].has_value());
  EXPECT_EQ(events[9].error().describe(),
            "gameState: field 'wtime' must be an integer, got string");
  ASSERT_TRUE(events[10].has_value());
  EXPECT_EQ(as<IgnoredEvent>(*events[10]).type, "spectatorCount");
  ASSERT_FALSE(events[11].has_value());
  EXPECT_EQ(events[11].error().type, "");

  // Castling arrives in both notations (e1g1, e8h8); the engine replays both.
  const auto variant = engine_variant_for(full.variant);
  ASSERT_TRUE(variant.has_value());
  const auto pos = engine::replay_game(*variant, full.initial_fen, end.moves);
  ASSERT_TRUE(pos.has_value()) << pos.error();
  EXPECT_EQ(engine::to_fen(*pos),
            "rnbq1rk1/pppp1ppp/5n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 w - - 6 5");
}

TEST(LichessGameStreamTest, Chess960AndFromPositionReplayKingTakesRook) {
  const std::vector<std::string> c960 = data_lines("game-stream-chess960.ndjson");
  ASSERT_EQ(c960.size(), 2u);
  const auto full = parse_game_stream_line(c960[0]);
  ASSERT_TRUE(full.has_value()) << full.error().describe();
  const GameFullEvent& game = std::get<GameFullEvent>(*full);
  EXPECT_EQ(game.variant, "chess960");
  EXPECT_EQ(game.clock, (GameClock{600000, 5000}));
  EXPECT_EQ(game.state.moves, "e2e4 e7e5 g1f3 g8f6 f1h1 f8h8");
  const auto pos =
      engine::replay_game(*engine_variant_for(game.variant), game.initial_fen, game.state.moves);
  ASSERT_TRUE(pos.has_value()) << pos.error();
  EXPECT_EQ(engine::to_fen(*pos), "bbqrnrk1/pppp1ppp/5n2/4p3/4P3/5N2/PPPP1PPP/BBQRNRK1 w - - 4 4");

  const std::vector<std::string> fp = data_lines("game-stream-from-position.ndjson");
  ASSERT_EQ(fp.size(), 3u);
  const auto from = parse_game_stream_line(fp[0]);
  ASSERT_TRUE(from.has_value()) << from.error().describe();
  const GameFullEvent& from_game = std::get<GameFullEvent>(*from);
  EXPECT_EQ(from_game.variant, "fromPosition");
  EXPECT_FALSE(from_game.clock.has_value());
  EXPECT_EQ(from_game.days_per_turn, 3);
  EXPECT_EQ(from_game.white.provisional, true);
  const auto second = parse_game_stream_line(fp[1]);
  ASSERT_TRUE(second.has_value());
  const auto from_pos =
      engine::replay_game(*engine_variant_for(from_game.variant), from_game.initial_fen,
                          std::get<GameStateEvent>(*second).moves);
  ASSERT_TRUE(from_pos.has_value()) << from_pos.error();
  EXPECT_EQ(engine::to_fen(*from_pos), "rnbq1rk1/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1RK1 w - - 2 2");
  const auto resigned = parse_game_stream_line(fp[2]);
  ASSERT_TRUE(resigned.has_value());
  EXPECT_EQ(std::get<GameStateEvent>(*resigned).winner, engine::Black);
}

TEST(LichessGameStreamTest, AiOpponentAndUnlimitedClocks) {
  const std::vector<std::string> lines = data_lines("game-stream-ai.ndjson");
  ASSERT_EQ(lines.size(), 1u);
  const auto full = parse_game_stream_line(lines[0]);
  ASSERT_TRUE(full.has_value()) << full.error().describe();
  const GameFullEvent& game = std::get<GameFullEvent>(*full);
  EXPECT_FALSE(game.black.id.has_value());
  EXPECT_EQ(game.black.ai_level, 3);
  EXPECT_EQ(game.state.moves, "");
  EXPECT_EQ(game.state.wtime_ms, 2147483647);
  EXPECT_FALSE(game.clock.has_value());
}

TEST(LichessGameStreamTest, MistypedAndMissingFieldsAreNamed) {
  const auto no_state = parse_game_stream_line(
      R"({"type":"gameFull","id":"x","variant":{"key":"standard"},"white":{},"black":{},)"
      R"("initialFen":"startpos"})");
  ASSERT_FALSE(no_state.has_value());
  EXPECT_EQ(no_state.error().describe(), "gameFull: field 'state' missing");

  const auto bad_state = parse_game_stream_line(
      R"({"type":"gameFull","id":"x","variant":{"key":"standard"},"white":{},"black":{},)"
      R"("initialFen":"startpos","state":{"moves":"","wtime":1,"btime":1,"winc":0,"binc":0}})");
  ASSERT_FALSE(bad_state.has_value());
  EXPECT_EQ(bad_state.error().field, "state.status");

  const auto bad_winner = parse_game_stream_line(
      R"({"type":"gameState","moves":"","wtime":1,"btime":1,"winc":0,"binc":0,"status":"mate",)"
      R"("winner":"green"})");
  ASSERT_FALSE(bad_winner.has_value());
  EXPECT_EQ(bad_winner.error().field, "winner");

  const auto float_time = parse_game_stream_line(
      R"({"type":"gameState","moves":"","wtime":1.5,"btime":1,"winc":0,"binc":0,"status":"started"})");
  ASSERT_FALSE(float_time.has_value());
  EXPECT_EQ(float_time.error().describe(),
            "gameState: field 'wtime' must be an integer, got number");

  const auto chat = parse_game_stream_line(R"({"type":"chatLine","room":"player","text":"hi"})");
  ASSERT_FALSE(chat.has_value());
  EXPECT_EQ(chat.error().describe(), "chatLine: field 'username' missing");

  const auto gone = parse_game_stream_line(R"({"type":"opponentGone","gone":"yes"})");
  ASSERT_FALSE(gone.has_value());
  EXPECT_EQ(gone.error().field, "gone");

  const auto huge = parse_game_stream_line(
      R"({"type":"opponentGone","gone":true,"claimWinInSeconds":99999999999})");
  ASSERT_FALSE(huge.has_value());
  EXPECT_EQ(huge.error().describe(), "opponentGone: field 'claimWinInSeconds' is out of range");
}

}  // namespace
}  // namespace bot
