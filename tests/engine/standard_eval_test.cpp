// SPDX-License-Identifier: GPL-3.0-or-later
// Terms of the standard evaluation whose counts are easy to get wrong, read from the
// trace (the coefficient each weight was used with, White's count minus Black's).
#include "engine/eval/standard_eval.h"

#include <gtest/gtest.h>

#include <map>
#include <string>

#include "engine/eval/eval_trace.h"
#include "engine/eval/weight_schema.h"
#include "engine/fen.h"

namespace engine::eval {
namespace {

// Middlegame coefficients of the weights whose names start with `prefix`, by full name,
// the zero ones left out.
std::map<std::string, int> used(std::string_view fen, std::string_view prefix) {
  auto pos = parse_fen(fen, Variant::Standard);
  EXPECT_TRUE(pos) << pos.error();
  EvalTrace trace;
  evaluate_standard(*pos, trace);
  const auto fields = weight_fields(false);
  std::map<std::string, int> out;
  for (std::size_t i = 0; i < trace.mg.size(); ++i) {
    const std::string name = weight_name(fields, int(i));
    if (name.starts_with(prefix) && trace.mg[i] != 0) out[name] = trace.mg[i];
  }
  return out;
}

TEST(StandardEval, KingAttackUnitsCountPiecesZoneSquaresAndSafeChecks) {
  // Knight g5 (2 units) and queen h5 (5) both hit f7 and h7 of Black's king zone: 2 + 2 + 5 +
  // 2 = 11 units. Their checking squares f7 and h7 are guarded by the king: no safe check.
  EXPECT_EQ(used("6k1/5ppp/8/6NQ/8/8/8/K7 w - - 0 1", "king_attack["),
            (std::map<std::string, int>{{"king_attack[1][11]", 1}}));
  // A rook on e1 attacks no zone square but has a safe check on e8: 3 more units.
  EXPECT_EQ(used("6k1/5ppp/8/6NQ/8/8/8/K3R3 w - - 0 1", "king_attack["),
            (std::map<std::string, int>{{"king_attack[1][14]", 1}}));
  // One attacker alone is not an attack.
  EXPECT_TRUE(used("6k1/5ppp/8/7Q/8/8/8/K3R3 w - - 0 1", "king_attack[").empty());
}

TEST(StandardEval, PawnStormCountsTheNearestEnemyPawnOnTheKingFiles) {
  // White's king g1 faces f7 and h7 (relative rank 6) and g4 (rank 3, g3 free); Black's
  // king g8 faces f2, g2, h2 (its relative rank 6). Penalties count -1 for White, +1 for
  // Black.
  EXPECT_EQ(
      used("6k1/5p1p/8/8/6p1/8/5PPP/6K1 w - - 0 1", "king_pawn_storm"),
      (std::map<std::string, int>{{"king_pawn_storm[0][3]", -1}, {"king_pawn_storm[0][6]", 1}}));
  // With g3 instead of g2, g3 and g4 block each other: White's king sees g4 blocked at rank
  // 3, Black's king g3 blocked at its rank 5.
  EXPECT_EQ(
      used("6k1/5p1p/8/8/6p1/6P1/5P1P/6K1 w - - 0 1", "king_pawn_storm"),
      (std::map<std::string, int>{{"king_pawn_storm[1][3]", -1}, {"king_pawn_storm[1][5]", 1}}));
  // A file without an enemy pawn counts at rank 0: White's g and h files, Black's h file.
  EXPECT_EQ(
      used("6k1/5p2/8/8/8/8/5PP1/6K1 w - - 0 1", "king_pawn_storm"),
      (std::map<std::string, int>{{"king_pawn_storm[0][0]", -1}, {"king_pawn_storm[0][6]", 1}}));
}

}  // namespace
}  // namespace engine::eval
