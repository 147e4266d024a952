// SPDX-License-Identifier: GPL-3.0-or-later
// Chat commands: parsing (case, spaces, non-commands) and every command's reply in
// the player and the spectator room, before and after the game.
#include "daemon/chat_commands.h"

#include <gtest/gtest.h>

#include "paxbot_version.h"

namespace bot {
namespace {

ChatContext in_room(ChatRoom room, bool game_over = false) {
  ChatContext c;
  c.room = room;
  c.game_over = game_over;
  return c;
}

std::string reply_text(std::string_view line, const ChatContext& context) {
  auto reply = answer_chat(line, context);
  EXPECT_TRUE(reply) << line;
  return reply ? reply->text : "";
}

bool contains(const std::string& text, std::string_view part) {
  return text.find(part) != std::string::npos;
}

TEST(ChatCommands, ParsesCommandsCaseInsensitivelyIgnoringSurroundingSpaces) {
  EXPECT_EQ(parse_chat_command("!help"), ChatCommand::kHelp);
  EXPECT_EQ(parse_chat_command("  !NAME  "), ChatCommand::kName);
  EXPECT_EQ(parse_chat_command("\t!Eval"), ChatCommand::kEval);
  EXPECT_EQ(parse_chat_command("!queue"), ChatCommand::kQueue);
  EXPECT_EQ(parse_chat_command("!wAiT\n"), ChatCommand::kWait);
  for (const char* line : {"", "help", "!eval please", "! eval", "!evaluate", "hi !help", "!"})
    EXPECT_FALSE(parse_chat_command(line)) << line;
}

TEST(ChatCommands, AnythingElseGetsNoReply) {
  for (const char* line : {"good game", "!draw", "!help me", "gl hf"})
    EXPECT_FALSE(answer_chat(line, in_room(ChatRoom::kPlayer))) << line;
}

TEST(ChatCommands, ReadsTheRoomNames) {
  EXPECT_EQ(parse_chat_room("player"), ChatRoom::kPlayer);
  EXPECT_EQ(parse_chat_room("spectator"), ChatRoom::kSpectator);
  EXPECT_FALSE(parse_chat_room("lobby"));
}

TEST(ChatCommands, HelpListsTheCommandsOfTheRoom) {
  const std::string player = reply_text("!help", in_room(ChatRoom::kPlayer));
  for (const char* command : {"!help", "!name", "!eval", "!queue", "!wait"})
    EXPECT_TRUE(contains(player, command)) << player;
  const std::string spectator = reply_text("!help", in_room(ChatRoom::kSpectator));
  EXPECT_TRUE(contains(spectator, "!eval")) << spectator;
  EXPECT_FALSE(contains(spectator, "!wait")) << spectator;
}

TEST(ChatCommands, NameGivesEngineAndVersion) {
  EXPECT_TRUE(contains(reply_text("!name", in_room(ChatRoom::kPlayer)),
                       std::string("paxbot ") + PAXBOT_VERSION));
  ChatContext custom = in_room(ChatRoom::kSpectator);
  custom.engine_name = "PaxBot-dev";
  custom.engine_version = "9.9.9";
  EXPECT_TRUE(contains(reply_text("!name", custom), "PaxBot-dev 9.9.9"));
}

TEST(ChatCommands, EvalIsForSpectatorsOrAfterTheGame) {
  ChatContext playing = in_room(ChatRoom::kPlayer);
  playing.eval = PgnEval::centipawns(34);
  playing.eval_depth = 12;
  const std::string refusal = reply_text("!eval", playing);
  EXPECT_TRUE(contains(refusal, "after the game")) << refusal;
  EXPECT_FALSE(contains(refusal, "0.34")) << refusal;

  ChatContext spectators = playing;
  spectators.room = ChatRoom::kSpectator;
  EXPECT_EQ(reply_text("!eval", spectators), "My evaluation: +0.34 (White's view), depth 12.");

  ChatContext over = playing;
  over.game_over = true;
  over.eval = PgnEval::mate(-3);
  over.eval_depth.reset();
  EXPECT_EQ(reply_text("!eval", over), "My evaluation: Black wins in 3 moves.");

  ChatContext nothing = in_room(ChatRoom::kSpectator);
  EXPECT_TRUE(contains(reply_text("!eval", nothing), "no evaluation"));
}

TEST(ChatCommands, QueueCountsWaitingChallenges) {
  ChatContext c = in_room(ChatRoom::kSpectator);
  EXPECT_TRUE(contains(reply_text("!queue", c), "No challenges"));
  c.queue_length = 1;
  EXPECT_TRUE(contains(reply_text("!queue", c), "1 challenge is"));
  c.queue_length = 4;
  EXPECT_TRUE(contains(reply_text("!queue", c), "4 challenges are"));
}

TEST(ChatCommands, WaitExtendsTheAbortTimerOnceForTheOpponentOnly) {
  ChatContext c = in_room(ChatRoom::kPlayer);
  c.wait_extension = std::chrono::seconds(90);
  auto granted = answer_chat("!wait", c);
  ASSERT_TRUE(granted);
  EXPECT_TRUE(granted->extend_abort_timer);
  EXPECT_TRUE(contains(granted->text, "90")) << granted->text;

  c.wait_used = true;
  auto again = answer_chat("!wait", c);
  ASSERT_TRUE(again);
  EXPECT_FALSE(again->extend_abort_timer);
  EXPECT_TRUE(contains(again->text, "already")) << again->text;

  auto spectator = answer_chat("!wait", in_room(ChatRoom::kSpectator));
  ASSERT_TRUE(spectator);
  EXPECT_FALSE(spectator->extend_abort_timer);

  auto over = answer_chat("!wait", in_room(ChatRoom::kPlayer, /*game_over=*/true));
  ASSERT_TRUE(over);
  EXPECT_FALSE(over->extend_abort_timer);

  for (const char* other : {"!help", "!name", "!eval", "!queue"})
    EXPECT_FALSE(answer_chat(other, in_room(ChatRoom::kPlayer))->extend_abort_timer) << other;
}

TEST(ChatCommands, PvIsForSpectatorsOrAfterTheGame) {
  ChatContext c = in_room(ChatRoom::kPlayer);
  c.pv = "12. Nf3 Nc6 13. e4";
  EXPECT_FALSE(contains(reply_text("!pv", c), "Nf3"));
  EXPECT_TRUE(contains(reply_text("!pv", c), "after the game"));
  c.game_over = true;
  EXPECT_EQ(reply_text("!pv", c), "My line: 12. Nf3 Nc6 13. e4");
  c.room = ChatRoom::kSpectator;
  c.game_over = false;
  EXPECT_EQ(reply_text("!PV ", c), "My line: 12. Nf3 Nc6 13. e4");
  c.pv.clear();
  EXPECT_EQ(reply_text("!pv", c), "I have no line for this game yet.");
}

TEST(ChatCommands, PingAnswersPongInBothRooms) {
  EXPECT_EQ(reply_text("!ping", in_room(ChatRoom::kPlayer)), "pong");
  EXPECT_EQ(reply_text(" !Ping", in_room(ChatRoom::kSpectator, true)), "pong");
}

TEST(ChatCommands, VariantsListsWhatWeAccept) {
  ChatContext c = in_room(ChatRoom::kPlayer);
  c.variants = {"standard", "chess960", "pacifist"};
  EXPECT_EQ(reply_text("!variants", c), "I play standard, chess960, pacifist.");
  c.variants = {"standard"};
  EXPECT_EQ(reply_text("!variants", c), "I play standard.");
  c.variants.clear();
  EXPECT_EQ(reply_text("!variants", c), "I accept no variants right now.");
}

TEST(ChatCommands, HelpNamesEveryCommandUncut) {
  for (ChatRoom room : {ChatRoom::kPlayer, ChatRoom::kSpectator}) {
    const std::string text = reply_text("!help", in_room(room));
    EXPECT_EQ(text.back(), '.') << text;  // not cut short
    for (const char* command : {"!help", "!name", "!eval", "!pv", "!queue", "!ping", "!variants"})
      EXPECT_TRUE(contains(text, command)) << command << " in " << text;
  }
}

TEST(ChatCommands, LongRepliesAreCutAtACharacterBoundary) {
  ChatContext c = in_room(ChatRoom::kSpectator);
  std::string pv;
  for (int n = 1; n <= 40; ++n) pv += std::to_string(n) + ". Nf3 Nf6 ";
  c.pv = pv;
  const std::string cut = reply_text("!pv", c);
  EXPECT_EQ(cut.size(), kMaxChatCharacters);
  EXPECT_EQ(cut, ("My line: " + pv).substr(0, kMaxChatCharacters));
  // Two-byte characters: the cut counts characters and never splits one.
  c.variants = std::vector<std::string>(100, "é");
  const std::string accented = reply_text("!variants", c);
  EXPECT_EQ(lichess::chat_characters(accented), kMaxChatCharacters);
  EXPECT_GT(accented.size(), kMaxChatCharacters);
  EXPECT_NE(static_cast<unsigned char>(accented.back()), 0xC3) << "a split character";
}

TEST(ChatCommands, RepliesFitInOneChatMessage) {
  ChatContext c = in_room(ChatRoom::kSpectator);
  c.engine_name = std::string(300, 'n');
  const std::string text = reply_text("!name", c);
  EXPECT_EQ(text.size(), kMaxChatCharacters);
  for (ChatRoom room : {ChatRoom::kPlayer, ChatRoom::kSpectator})
    for (bool over : {false, true})
      for (const char* line :
           {"!help", "!name", "!eval", "!pv", "!queue", "!wait", "!ping", "!variants"})
        EXPECT_LE(reply_text(line, in_room(room, over)).size(), kMaxChatCharacters) << line;
}

TEST(ChatCommands, GreetingPlaceholdersTakeTheNames) {
  EXPECT_EQ(fill_greeting("Hi {opponent}, I'm {me}. {me}!", "paxbot", "alice"),
            "Hi alice, I'm paxbot. paxbot!");
  EXPECT_EQ(fill_greeting("{opponent", "paxbot", "alice"), "{opponent");
  EXPECT_EQ(fill_greeting("", "paxbot", "alice"), "");
}

}  // namespace
}  // namespace bot
