// SPDX-License-Identifier: GPL-3.0-or-later
// Fuzz target: game-stream lines (/api/bot/game/stream/{id}) through the typed reader
// parse_game_stream_line (daemon/lichess/types.h), and on into the daemon's board
// (daemon/game_state.h) as a game session feeds it: a gameFull starts the board from its
// variant and initial FEN, every gameState brings it to the full move list. Invariants:
// nothing throws, refusals say why, and the board stays consistent.
#include <optional>
#include <string>

#include "daemon/game_state.h"
#include "daemon/lichess/types.h"
#include "daemon/lichess/variant_key.h"
#include "fuzz/fuzz_check.h"

namespace {

void update(std::optional<bot::GameState>& game, const std::string& moves) {
  if (!game) return;
  auto updated = game->update(moves);
  if (!updated) FUZZ_CHECK(!updated.error().empty(), "a refused move list says why");
  std::string why;
  FUZZ_CHECK(game->position().is_consistent(&why), why);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view stream(reinterpret_cast<const char*>(data), size);
  std::optional<bot::GameState> game;
  std::size_t start = 0;
  while (start <= stream.size()) {
    std::size_t end = stream.find('\n', start);
    if (end == std::string_view::npos) end = stream.size();
    auto event = bot::parse_game_stream_line(stream.substr(start, end - start));
    start = end + 1;
    if (!event) {
      FUZZ_CHECK(!event.error().problem.empty(), event.error().describe());
      continue;
    }
    if (const auto* full = std::get_if<bot::GameFullEvent>(&*event)) {
      game.reset();
      auto variant = bot::engine_variant_for(full->variant);
      if (!variant) continue;
      auto started = bot::GameState::start(*variant, full->initial_fen);
      if (!started) {
        FUZZ_CHECK(!started.error().empty(), "a refused start says why");
        continue;
      }
      game = std::move(*started);
      update(game, full->state.moves);
    } else if (const auto* state = std::get_if<bot::GameStateEvent>(&*event)) {
      update(game, state->moves);
    }
  }
  return 0;
}
