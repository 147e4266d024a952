// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/bitboard.h"

namespace engine {

std::string bitboard_to_string(Bitboard b) {
  std::string out;
  for (int rank = 7; rank >= 0; --rank) {
    for (int file = 0; file < 8; ++file)
      out += (b & square_bb(make_square(file, rank))) ? 'X' : '.';
    out += '\n';
  }
  return out;
}

}  // namespace engine
