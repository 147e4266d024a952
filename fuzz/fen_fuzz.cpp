// SPDX-License-Identifier: GPL-3.0-or-later
// Fuzz target: the FEN reader (engine/fen.h) in every variant and castling notation (KQkq,
// X-FEN and Shredder-FEN letters come from the input text itself). Invariants for every
// accepted FEN: the position is consistent, printing and reading it again gives the same
// FEN, and every legal move can be made and undone without changing the position.
#include <string>

#include "engine/fen.h"
#include "engine/movegen.h"
#include "fuzz/fuzz_check.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  paxbot_fuzz::Input input(data, size);
  const auto variant = engine::Variant(input.byte() % 3);
  const std::string_view text = input.rest();
  auto pos = engine::parse_fen(text, variant);
  if (!pos) {
    FUZZ_CHECK(!pos.error().empty(), "a rejected FEN says why");
    return 0;
  }
  std::string why;
  FUZZ_CHECK(pos->is_consistent(&why), why);
  const std::string fen = engine::to_fen(*pos);
  auto again = engine::parse_fen(fen, variant);
  FUZZ_CHECK(again.has_value(), fen);
  FUZZ_CHECK(engine::to_fen(*again) == fen, fen);
  FUZZ_CHECK(again->key() == pos->key(), fen);
  for (engine::Move m : engine::legal_moves(*pos)) {
    engine::UndoRecord undo;
    pos->make_move(m, undo);
    FUZZ_CHECK(pos->is_consistent(&why), why);
    pos->undo_move(m, undo);
    FUZZ_CHECK(engine::to_fen(*pos) == fen, fen);
  }
  return 0;
}
