// SPDX-License-Identifier: GPL-3.0-or-later
#include "daemon/chat_commands.h"

#include <array>
#include <cctype>
#include <utility>

#include "paxbot_version.h"

namespace bot {
namespace {

constexpr std::array<std::pair<std::string_view, ChatCommand>, 8> kCommands = {{
    {"!help", ChatCommand::kHelp},
    {"!name", ChatCommand::kName},
    {"!eval", ChatCommand::kEval},
    {"!pv", ChatCommand::kPv},
    {"!queue", ChatCommand::kQueue},
    {"!wait", ChatCommand::kWait},
    {"!ping", ChatCommand::kPing},
    {"!variants", ChatCommand::kVariants},
}};

bool is_space(char c) {
  return std::isspace(static_cast<unsigned char>(c)) != 0;
}

std::string help(const ChatContext& context) {
  if (context.room == ChatRoom::kSpectator)
    return "Commands: !help, !name, !eval, !pv, !queue, !ping, !variants.";
  return "Commands: !help, !name, !eval and !pv (after the game), !queue, !wait (more time for "
         "your first move), !ping, !variants.";
}

std::string name(const ChatContext& context) {
  const std::string version =
      context.engine_version.empty() ? std::string(PAXBOT_VERSION) : context.engine_version;
  return "I am " + context.engine_name + " " + version + ", playing with my own built-in engine.";
}

std::string describe_eval(const PgnEval& eval) {
  if (eval.kind == PgnEval::Kind::kMate) {
    if (eval.value == 0) return "the game is decided";
    const int moves = eval.value < 0 ? -eval.value : eval.value;
    return std::string(eval.value > 0 ? "White" : "Black") + " wins in " + std::to_string(moves) +
           (moves == 1 ? " move" : " moves");
  }
  std::string text = eval.to_string();
  if (eval.value > 0) text.insert(0, "+");
  return text + " (White's view)";
}

std::string eval_reply(const ChatContext& context) {
  if (context.room == ChatRoom::kPlayer && !context.game_over)
    return "Sorry, I keep my evaluation to myself while we play; ask me again after the game.";
  if (!context.eval) return "I have no evaluation for this game yet.";
  std::string text = "My evaluation: " + describe_eval(*context.eval);
  if (context.eval_depth) text += ", depth " + std::to_string(*context.eval_depth);
  return text + ".";
}

// Like the evaluation, our plan stays hidden from the opponent until the game is over.
std::string pv_reply(const ChatContext& context) {
  if (context.room == ChatRoom::kPlayer && !context.game_over)
    return "Sorry, I keep my plans to myself while we play; ask me again after the game.";
  if (context.pv.empty()) return "I have no line for this game yet.";
  return "My line: " + context.pv;
}

std::string variants_reply(const ChatContext& context) {
  if (context.variants.empty()) return "I accept no variants right now.";
  std::string text = "I play ";
  for (std::size_t i = 0; i < context.variants.size(); ++i)
    text += (i == 0 ? "" : ", ") + context.variants[i];
  return text + ".";
}

std::string queue_reply(const ChatContext& context) {
  if (context.queue_length <= 0) return "No challenges are waiting for me right now.";
  if (context.queue_length == 1) return "1 challenge is waiting for a free slot.";
  return std::to_string(context.queue_length) + " challenges are waiting for a free slot.";
}

ChatReply wait_reply(const ChatContext& context) {
  if (context.room == ChatRoom::kSpectator) return {"Only my opponent can ask me to wait.", false};
  if (context.game_over) return {"The game is over; there is nothing to wait for.", false};
  if (context.wait_used) return {"I already waited longer once in this game.", false};
  return {"Sure, I will wait " + std::to_string(context.wait_extension.count()) +
              " more seconds for your first move.",
          true};
}

}  // namespace

std::optional<ChatCommand> parse_chat_command(std::string_view line) {
  while (!line.empty() && is_space(line.front())) line.remove_prefix(1);
  while (!line.empty() && is_space(line.back())) line.remove_suffix(1);
  std::string lower(line);
  for (char& c : lower) c = char(std::tolower(static_cast<unsigned char>(c)));
  for (const auto& [text, command] : kCommands)
    if (lower == text) return command;
  return std::nullopt;
}

std::optional<ChatRoom> parse_chat_room(std::string_view room) {
  if (room == "player") return ChatRoom::kPlayer;
  if (room == "spectator") return ChatRoom::kSpectator;
  return std::nullopt;
}

std::optional<ChatReply> answer_chat(std::string_view line, const ChatContext& context) {
  const std::optional<ChatCommand> command = parse_chat_command(line);
  if (!command) return std::nullopt;
  ChatReply reply;
  switch (*command) {
    case ChatCommand::kHelp:
      reply.text = help(context);
      break;
    case ChatCommand::kName:
      reply.text = name(context);
      break;
    case ChatCommand::kEval:
      reply.text = eval_reply(context);
      break;
    case ChatCommand::kPv:
      reply.text = pv_reply(context);
      break;
    case ChatCommand::kQueue:
      reply.text = queue_reply(context);
      break;
    case ChatCommand::kPing:
      reply.text = "pong";
      break;
    case ChatCommand::kVariants:
      reply.text = variants_reply(context);
      break;
    case ChatCommand::kWait:
      reply = wait_reply(context);
      break;
  }
  reply.text = truncate_chat(reply.text);
  return reply;
}

std::string fill_greeting(std::string_view text, std::string_view me, std::string_view opponent) {
  constexpr std::string_view kMe = "{me}", kOpponent = "{opponent}";
  std::string out;
  for (std::size_t i = 0; i < text.size();) {
    if (text.substr(i, kMe.size()) == kMe) {
      out += me;
      i += kMe.size();
    } else if (text.substr(i, kOpponent.size()) == kOpponent) {
      out += opponent;
      i += kOpponent.size();
    } else {
      out += text[i++];
    }
  }
  return out;
}

}  // namespace bot
