// Standard-chess piece-square tables (material included), built at compile time
// from the shape weights in eval_params.h. Indexed by piece type and square from
// White's point of view; Black reads the square mirrored (s ^ 56). Read-only.
#pragma once

#include <array>

#include "engine/eval/eval_params.h"
#include "engine/types.h"

namespace engine::eval {

using PieceSquareTable = std::array<std::array<Pair, 64>, 6>;

namespace detail {

// 0 on the rim .. 6 on the four centre squares.
constexpr int centrality(Square s) {
  auto centre_distance = [](int x) { return x < 4 ? 3 - x : x - 4; };
  return 6 - centre_distance(file_of(s)) - centre_distance(rank_of(s));
}

constexpr Pair scaled(Pair weight, int k) {
  return {weight.mg * k, weight.eg * k};
}

constexpr Pair shape(PieceType t, Square s) {
  using namespace params;
  const int file = file_of(s), rank = rank_of(s);
  const int centred = centrality(s) - 3;  // -3 .. +3
  switch (t) {
    case Pawn: {
      Pair p = kPawnRank[rank];
      if ((file == 3 || file == 4) && rank >= 2 && rank <= 4) p += kPawnCentre;
      return p;
    }
    case Knight:
      return scaled(kKnightCentrality, centred);
    case Bishop:
      return scaled(kBishopCentrality, centred);
    case Rook: {
      Pair p = rank == 6 ? kRookSeventh : Pair{};
      if (file >= 2 && file <= 5) p += kRookCentreFile;
      return p;
    }
    case Queen:
      return scaled(kQueenCentrality, centred);
    case King: {
      int mg = -kKingRankPenalty * rank;
      if (file <= 1 || file >= 6) mg += kKingCastledFile;
      if (file >= 3 && file <= 4) mg -= kKingCentreFilePenalty;
      return Pair{mg, 0} + scaled(kKingCentrality, centred);
    }
    default:
      return {};
  }
}

constexpr PieceSquareTable make_tables() {
  PieceSquareTable t{};
  for (int type = Pawn; type <= King; ++type)
    for (Square s = 0; s < 64; ++s)
      t[type][s] = params::kPieceValue[type] + shape(PieceType(type), s);
  return t;
}

}  // namespace detail

inline constexpr PieceSquareTable kPieceSquare = detail::make_tables();

// The table entry for a piece of colour c on s.
constexpr Pair piece_square(Color c, PieceType t, Square s) {
  return kPieceSquare[t][c == White ? s : s ^ 56];
}

}  // namespace engine::eval
