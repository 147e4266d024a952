// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/perft.h"

#include "engine/movegen.h"

namespace engine {

std::uint64_t perft(Position& pos, int depth) {
  if (depth <= 0) return 1;
  MoveList moves = legal_moves(pos);
  if (depth == 1) return moves.size();  // bulk counting: the generator is fully legal
  std::uint64_t nodes = 0;
  UndoRecord undo;
  for (Move m : moves) {
    pos.make_move(m, undo);
    nodes += perft(pos, depth - 1);
    pos.undo_move(m, undo);
  }
  return nodes;
}

std::vector<std::pair<Move, std::uint64_t>> perft_divide(Position& pos, int depth) {
  std::vector<std::pair<Move, std::uint64_t>> result;
  UndoRecord undo;
  for (Move m : legal_moves(pos)) {
    pos.make_move(m, undo);
    result.emplace_back(m, perft(pos, depth - 1));
    pos.undo_move(m, undo);
  }
  return result;
}

}  // namespace engine
