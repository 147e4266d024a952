// SPDX-License-Identifier: GPL-3.0-or-later
// Score conventions of the evaluation, the search and the tablebases: centipawns from the side
// to move, with mate and king-loss scores that encode their distance from the root in plies.
// Below eval/, search/ and tablebase/, so none of them depends on another for it.
// Plain constants and pure functions; thread-safe.
#pragma once

#include <cstdlib>

namespace engine {

// Deepest ply the search ever reaches (stack and PV sizes).
inline constexpr int kMaxPly = 128;

inline constexpr int kDrawScore = 0;
// A side that is checkmated (chess) or owns no king and cannot convert one back
// (Pacifist) at `ply` scores -(kMateScore - ply): shorter wins score higher.
inline constexpr int kMateScore = 32000;
inline constexpr int kInfinity = kMateScore + 1;
// Scores at or beyond this magnitude are wins or losses with a known distance.
inline constexpr int kMateBound = kMateScore - kMaxPly;
// Tablebase results (engine/tablebase/): a win the tables prove `plies` half-moves from
// the root (Syzygy: the probed node's ply; Gaviota: that ply plus the distance to mate)
// scores kTbWinScore - plies, a band below every mate score and above every evaluation, so
// a real mate found by the search still beats it. Wins and losses that the fifty-move rule
// turns into draws (Syzygy's cursed wins and blessed losses) score +-kTbCursedWinScore.
inline constexpr int kTbWinScore = kMateBound - 1;
inline constexpr int kTbBandWidth = 1024;
inline constexpr int kTbWinBound = kTbWinScore - kTbBandWidth;
inline constexpr int kTbCursedWinScore = 1;
// Static evaluations are clamped inside this range, below every tablebase and mate score.
inline constexpr int kMaxEval = kTbWinBound - 1;

constexpr int mated_in(int ply) {
  return -kMateScore + ply;
}
constexpr int mate_in(int ply) {
  return kMateScore - ply;
}
constexpr bool is_decisive(int score) {
  return std::abs(score) >= kMateBound;
}
constexpr int tb_win_in(int plies) {
  return kTbWinScore - (plies < kTbBandWidth ? plies : kTbBandWidth);
}
constexpr int tb_loss_in(int plies) {
  return -tb_win_in(plies);
}
// A tablebase win or loss (not a mate score).
constexpr bool is_tb_result(int score) {
  return std::abs(score) >= kTbWinBound && !is_decisive(score);
}

// Transposition-table scores are relative to the stored node, not to the root (mate and
// tablebase scores alike).
constexpr int score_to_tt(int score, int ply) {
  return score >= kTbWinBound ? score + ply : score <= -kTbWinBound ? score - ply : score;
}
constexpr int score_from_tt(int score, int ply) {
  return score >= kTbWinBound ? score - ply : score <= -kTbWinBound ? score + ply : score;
}

// Full moves until the win (positive) or the loss (negative) for a decisive score.
constexpr int mate_distance_moves(int score) {
  return score > 0 ? (kMateScore - score + 1) / 2 : -(kMateScore + score) / 2;
}

}  // namespace engine
