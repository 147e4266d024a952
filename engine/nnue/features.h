// SPDX-License-Identifier: GPL-3.0-or-later
// The input features of the evaluation network, the one owner of their numbering: one
// feature per (piece colour relative to the perspective, piece type, square seen from the
// perspective), 2 * 6 * 64 = 768 in all. The perspective is a colour; Black sees the board
// mirrored top to bottom (a1 <-> a8), so both perspectives share one set of weights.
// Compile-time functions only; thread-safe.
#pragma once

#include "engine/types.h"

namespace engine::nnue {

inline constexpr int kFeatureCount = 2 * kPieceTypeCount * 64;

constexpr int feature_index(Color perspective, Piece piece, Square s) {
  const int relative = color_of(piece) == perspective ? 0 : 1;
  return (relative * kPieceTypeCount + type_of(piece)) * 64 + relative_square(perspective, s);
}

}  // namespace engine::nnue
