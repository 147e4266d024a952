// SPDX-License-Identifier: GPL-3.0-or-later
// Fuzz target: the project's one PGN reader, parse_pgn (daemon/pgn_record.h; engine/pgn.h
// only writes PGN), and the SAN reader (engine/san.h) replaying each game's moves from its
// FEN tag (or the start position) in the variant its Variant tag names. Invariants: nothing
// throws, refusals say why, every SAN move read is legal, and writing it in SAN reads back
// as the same move.
#include <string>

#include "daemon/pgn_record.h"
#include "engine/fen.h"
#include "engine/movegen.h"
#include "engine/san.h"
#include "fuzz/fuzz_check.h"

namespace {

engine::Variant variant_of(const bot::ParsedPgn& game) {
  const std::string name = game.tag("Variant").value_or("Standard");
  if (name == "Chess960") return engine::Variant::Chess960;
  if (name == "Pacifist") return engine::Variant::Pacifist;
  return engine::Variant::Standard;
}

void replay(const bot::ParsedPgn& game) {
  auto pos = engine::parse_fen(game.tag("FEN").value_or("startpos"), variant_of(game));
  if (!pos) return;
  for (const std::string& san : game.moves) {
    auto move = engine::parse_san(*pos, san);
    if (!move) {
      FUZZ_CHECK(!move.error().empty(), "a refused SAN move says why");
      return;
    }
    FUZZ_CHECK(engine::is_legal(*pos, *move), san);
    const std::string written = engine::move_to_san(*pos, *move);
    auto back = engine::parse_san(*pos, written);
    FUZZ_CHECK(back.has_value() && *back == *move, written);
    engine::UndoRecord undo;
    pos->make_move(*move, undo);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  auto games = bot::parse_pgn(text);
  if (!games) {
    FUZZ_CHECK(!games.error().empty(), "a refused PGN says why");
    return 0;
  }
  for (const bot::ParsedPgn& game : *games) replay(game);
  return 0;
}
