// SPDX-License-Identifier: GPL-3.0-or-later
// Fuzz target: the evaluation network reader (engine/nnue/network.h), the parser of a file
// an operator names in EvalFile. Invariants: a refused input says why, naming its source;
// an accepted one serialises back to the same bytes and evaluates the start position and
// every position after one move without crashing, incrementally as from scratch.
#include <cstddef>
#include <span>
#include <string>

#include "engine/fen.h"
#include "engine/movegen.h"
#include "engine/nnue/accumulator.h"
#include "engine/nnue/inference.h"
#include "engine/nnue/network.h"
#include "fuzz/fuzz_check.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto bytes = std::as_bytes(std::span(data, size));
  auto net = engine::nnue::parse_network(bytes, "input");
  if (!net) {
    FUZZ_CHECK(net.error().starts_with("input: "), net.error());
    return 0;
  }
  const std::vector<std::byte> again = engine::nnue::serialize_network(*net);
  FUZZ_CHECK(again.size() == size && std::equal(again.begin(), again.end(), bytes.begin()),
             "an accepted network serialises back to its bytes");
  auto pos = engine::parse_fen(engine::kStartFen, engine::Variant::Standard);
  FUZZ_CHECK(pos.has_value(), "the start position parses");
  engine::nnue::AccumulatorStack stack;
  stack.reset(*net, *pos);
  for (engine::Move m : engine::legal_moves(*pos)) {
    engine::UndoRecord undo;
    pos->make_move(m, undo);
    stack.push(*pos);
    FUZZ_CHECK(engine::nnue::evaluate(stack, *pos) == engine::nnue::evaluate(*net, *pos),
               "incremental and fresh evaluations agree");
    stack.pop();
    pos->undo_move(m, undo);
  }
  return 0;
}
