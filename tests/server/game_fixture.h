// SPDX-License-Identifier: GPL-3.0-or-later
// GameFixture: alice (white) against bob (black) in one game on a TestServer, both game
// streams open; moves, commands and the gameState both streams receive. Used by
// game_test.cpp and clocks_test.cpp.
//
// Thread contract: one test thread owns a fixture.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <stdexcept>
#include <string>

#include "tests/server/test_client.h"

namespace server::testing {

// alice (white) vs bob (black) with both game streams open.
struct GameFixture {
  explicit GameFixture(const std::string& fields,
                       ServerOptions options = TestServer::fast_options())
      : ts(std::move(options)), alice(ts.port(), "alice_token"), bob(ts.port(), "bob_token") {
    std::string error;
    id = start_game(alice, bob, "bob", fields + "&color=white", &error);
    if (id.empty()) throw std::runtime_error(error);
    white = alice.stream("/api/bot/game/stream/" + id);
    black = bob.stream("/api/bot/game/stream/" + id);
    full = next_json(*white);
    next_json(*black);
  }
  Reply move(Api& who, const std::string& uci, const std::string& query = "") {
    return who.post("/api/bot/game/" + id + "/move/" + uci + query);
  }
  // Plays a move and returns the gameState with that move that both streams receive
  // (earlier gameStates still queued on the streams are skipped).
  json play(Api& who, const std::string& uci) {
    Reply r = move(who, uci);
    EXPECT_EQ(r.status, 200) << uci << ": " << r.body;
    ++ply;
    json on_black = state_with_ply(*black), on_white = state_with_ply(*white);
    EXPECT_EQ(on_white, on_black);
    return on_white;
  }
  // For games where White moves first.
  json play_next(const std::string& uci) { return play(ply % 2 == 0 ? alice : bob, uci); }
  json state_with_ply(StreamClient& s) {
    while (true) {
      json state = next_of_type(s, "gameState");
      if (state.is_null()) return state;
      const std::string moves = state["moves"];
      const int words = moves.empty() ? 0 : int(std::count(moves.begin(), moves.end(), ' ')) + 1;
      if (words == ply) return state;
    }
  }
  Reply command(Api& who, const std::string& what) {
    return who.post("/api/bot/game/" + id + "/" + what);
  }

  TestServer ts;
  Api alice, bob;
  std::string id;
  std::unique_ptr<StreamClient> white, black;
  json full;
  int ply = 0;
};

}  // namespace server::testing
