// SPDX-License-Identifier: GPL-3.0-or-later
// The server's side of a scripted game, for tests that play one through the fake HTTP
// client: game-stream lines (gameFull, gameState) in the Lichess format for game "G1"
// between us ("paxbot", a bot) and the human "alice", and the opponent's reply (its
// first legal move). Pure functions; any thread.
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "daemon/game_state.h"
#include "engine/movegen.h"
#include "engine/notation.h"

namespace bot::test {

inline const std::string kGameStream = "/api/bot/game/stream/G1";
inline const std::string kGameCommands = "/api/bot/game/G1/";

inline std::string player_json(const std::string& name, bool bot) {
  return R"({"id":")" + name + R"(","name":")" + name + R"(","title":)" +
         (bot ? R"("BOT")" : "null") + R"(,"rating":1500})";
}

// One minute each unless told, no increment.
inline std::string game_state_line(const std::string& moves, const std::string& status = "started",
                                   const std::string& extra = "", int wtime_ms = 60000,
                                   int btime_ms = 60000) {
  return R"({"type":"gameState","moves":")" + moves + R"(","wtime":)" + std::to_string(wtime_ms) +
         R"(,"btime":)" + std::to_string(btime_ms) + R"(,"winc":0,"binc":0,"status":")" + status +
         "\"" + extra + "}";
}

inline std::string game_full_line(bool we_are_white, const std::string& moves,
                                  const std::string& fen = "startpos") {
  const std::string us = player_json("paxbot", true), them = player_json("alice", false);
  return R"({"type":"gameFull","id":"G1","variant":{"key":"standard"},"speed":"bullet",)"
         R"("rated":false,"createdAt":1767225600000,"white":)" +
         (we_are_white ? us : them) + R"(,"black":)" + (we_are_white ? them : us) +
         R"(,"initialFen":")" + fen + R"(","clock":{"initial":60000,"increment":0},"state":)" +
         game_state_line(moves) + "}";
}

// The opponent's answer to a standard game's move list: its first legal move. Fails the
// test when one of `moves` is illegal.
inline std::string reply_to(const std::string& moves) {
  auto board = GameState::start(engine::Variant::Standard, "startpos");
  EXPECT_TRUE(board.has_value());
  if (!board) return "";
  EXPECT_TRUE(board->update(moves).has_value()) << "illegal move in " << moves;
  const engine::MoveList replies = engine::legal_moves(board->position());
  EXPECT_FALSE(replies.empty());
  return replies.empty() ? "" : engine::move_to_uci(board->position(), replies[0]);
}

}  // namespace bot::test
