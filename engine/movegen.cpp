// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/movegen.h"

#include "engine/rules/pacifist.h"
#include "engine/rules/standard.h"

namespace engine {

void generate_legal(const Position& pos, MoveList& list) {
  if (pos.pacifist())
    generate_pacifist_legal(pos, list);
  else
    generate_chess_legal(pos, list);
}

bool is_legal(const Position& pos, Move m) {
  MoveList list;
  generate_legal(pos, list);
  return list.contains(m);
}

}  // namespace engine
