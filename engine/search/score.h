// SPDX-License-Identifier: GPL-3.0-or-later
// Search score conventions: centipawns from the side to move, with mate and
// king-loss scores that encode their distance from the root in plies.
// Plain constants and pure functions; thread-safe.
#pragma once

#include <cstdlib>

namespace engine::search {

// Deepest ply the search ever reaches (stack and PV sizes).
inline constexpr int kMaxPly = 128;

inline constexpr int kDrawScore = 0;
// A side that is checkmated (chess) or owns no king and cannot convert one back
// (Pacifist) at `ply` scores -(kMateScore - ply): shorter wins score higher.
inline constexpr int kMateScore = 32000;
inline constexpr int kInfinity = kMateScore + 1;
// Scores at or beyond this magnitude are wins or losses with a known distance.
inline constexpr int kMateBound = kMateScore - kMaxPly;
// Static evaluations are clamped inside this range, below every mate score.
inline constexpr int kMaxEval = kMateBound - 1;

constexpr int mated_in(int ply) {
  return -kMateScore + ply;
}
constexpr int mate_in(int ply) {
  return kMateScore - ply;
}
constexpr bool is_decisive(int score) {
  return std::abs(score) >= kMateBound;
}

// Transposition-table scores are relative to the stored node, not to the root.
constexpr int score_to_tt(int score, int ply) {
  return score >= kMateBound ? score + ply : score <= -kMateBound ? score - ply : score;
}
constexpr int score_from_tt(int score, int ply) {
  return score >= kMateBound ? score - ply : score <= -kMateBound ? score + ply : score;
}

// Full moves until the win (positive) or the loss (negative) for a decisive score.
constexpr int mate_distance_moves(int score) {
  return score > 0 ? (kMateScore - score + 1) / 2 : -(kMateScore + score) / 2;
}

}  // namespace engine::search
