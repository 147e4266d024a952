// SPDX-License-Identifier: GPL-3.0-or-later
// Chat commands players and spectators may send to the bot during a game:
// !help, !name, !eval, !pv, !queue, !wait, !ping and !variants (case-insensitive; spaces
// around the command are ignored; any other line gets no reply), and the greetings'
// placeholders. answer_chat() turns one chat line plus what the game session knows
// (ChatContext) into the reply to post in the same room and, for !wait, an action the
// session applies: extend the no-show abort timer once. Every reply is cut to the server's
// chat limit (truncate_chat), so none is refused.
//
// Pure functions: no I/O, no clock; safe to call from any thread.
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "daemon/lichess/request_params.h"
#include "daemon/pgn_record.h"

namespace bot {

enum class ChatCommand { kHelp, kName, kEval, kPv, kQueue, kWait, kPing, kVariants };

// The command a chat line is, if any: "  !EVAL " -> kEval; "!eval please" -> nullopt.
std::optional<ChatCommand> parse_chat_command(std::string_view line);

// "player" -> kPlayer, "spectator" -> kSpectator; anything else -> nullopt.
std::optional<ChatRoom> parse_chat_room(std::string_view room);

// What the session knows when a chat line arrives.
struct ChatContext {
  std::string engine_name = "paxbot";
  std::string engine_version;         // PAXBOT_VERSION when empty
  std::optional<PgnEval> eval;        // the latest search score, from White's view
  std::optional<int> eval_depth;      // the depth it came from
  std::string pv;                     // the principal variation of that search in SAN; "" if none
  std::vector<std::string> variants;  // Lichess keys of the variants we accept
  int queue_length = 0;               // challenges waiting for a free slot
  bool game_over = false;
  ChatRoom room = ChatRoom::kPlayer;        // where the line was written (and the reply goes)
  bool wait_used = false;                   // !wait already extended the abort timer in this game
  std::chrono::seconds wait_extension{60};  // how much longer !wait makes the bot wait
};

struct ChatReply {
  std::string text;  // at most kMaxChatCharacters characters; post it in ChatContext::room
  // !wait was granted: the session pushes its no-show abort deadline back by
  // ChatContext::wait_extension and remembers that !wait was used.
  bool extend_abort_timer = false;
};

// The reply to one chat line, or nullopt when the line is not a command.
std::optional<ChatReply> answer_chat(std::string_view line, const ChatContext& context);

// A greeting (config section `greeting`) with {me} and {opponent} replaced by the names;
// config/validate.cpp rejects any other {...} word, so the rest is copied as it is.
std::string fill_greeting(std::string_view text, std::string_view me, std::string_view opponent);

}  // namespace bot
