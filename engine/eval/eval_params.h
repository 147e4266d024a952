// SPDX-License-Identifier: GPL-3.0-or-later
// The names and shapes of every evaluation weight (standard chess / Chess960 and
// Pacifist) and the few fixed, non-tuned constants of the evaluation. The tuned
// numbers themselves live in the generated headers weights_standard.h and
// weights_pacifist.h (written by `paxbot tune`, see docs/engine.md). Each weight
// struct consists of ints only, so the tuner can view it as one flat array
// (weight_schema.h names every entry). Compile-time constants only; read-only.
#pragma once

#include <array>
#include <cstddef>

namespace engine::eval {

// A middlegame/endgame pair, blended by game phase.
struct Pair {
  int mg = 0, eg = 0;
  constexpr Pair operator+(Pair o) const { return {mg + o.mg, eg + o.eg}; }
  constexpr Pair operator-(Pair o) const { return {mg - o.mg, eg - o.eg}; }
  constexpr Pair operator-() const { return {-mg, -eg}; }
  constexpr Pair operator*(int k) const { return {mg * k, eg * k}; }
  constexpr Pair& operator+=(Pair o) { return *this = *this + o; }
  constexpr Pair& operator-=(Pair o) { return *this = *this - o; }
  constexpr bool operator==(const Pair&) const = default;
};

// Mobility tables are indexed by the number of squares a piece reaches (a queen: 0..27).
inline constexpr int kMobilityCounts = 28;
// King attack units are capped here (the old quadratic penalty reached its maximum at 55).
inline constexpr int kKingAttackUnitsMax = 55;

// ---------------- Standard chess and Chess960 (tapered) ----------------
// Centipawns; a Pair is blended by phase, an int is used in one phase only (named below).
struct StandardWeights {
  // Material plus placement, by PieceType and square from White's point of view (a1 = 0);
  // Black reads the square mirrored (s ^ 56).
  std::array<std::array<Pair, 64>, 6> piece_square{};
  // By PieceType (knight .. queen) and the number of reachable squares (not own-occupied,
  // not attacked by enemy pawns, batteries seen through).
  std::array<std::array<Pair, kMobilityCounts>, 6> mobility{};
  // Pawn structure.
  Pair doubled_pawn, isolated_pawn, backward_pawn, phalanx_pawn, supported_pawn;
  // Passed pawns by relative rank; blocked stop square.
  std::array<Pair, 8> passed_pawn{};
  Pair passed_blocked;
  // Endgame only: per (relative rank - 2) of a passer, per square of king distance to its
  // stop square (own king: penalty, enemy king: bonus).
  int passed_own_king_distance = 0, passed_enemy_king_distance = 0;
  // Pieces.
  Pair bishop_pair, rook_open_file, rook_semi_open_file, knight_outpost;
  // Threats: a minor or major attacked by an enemy pawn; a rook or queen attacked by an enemy
  // minor; a piece attacked and not defended.
  Pair threat_by_pawn, threat_by_minor, hanging_piece;
  // King safety, middlegame only, penalties. Index 0: the enemy has no queen, 1: it has one.
  // By attack units on the king zone (kKingAttackUnits, capped at kKingAttackUnitsMax), once
  // two or more enemy pieces attack it.
  std::array<std::array<int, kKingAttackUnitsMax + 1>, 2> king_attack{};
  // Per king-side file (the king's and its neighbours) with no own pawn, with no own pawn on
  // the two shelter ranks; per safe checking square the enemy can reach.
  std::array<int, 2> king_open_file{}, king_shelter_missing{}, king_safe_check{};
  // For the side to move (untapered, unscaled).
  int tempo = 0;

  // Added after the first tuning (start at 0; see docs/engine.md).
  // Bishops: per own pawn on the bishop's square colour; a bishop in its corner (a1/h1 for
  // White, Chess960 starts) shut in by an own pawn on b2/g2; an outpost as for knights; a
  // knight or bishop right behind an own pawn.
  Pair bishop_pawns_same_colour, bishop_cornered, bishop_outpost, minor_behind_pawn;
  // Passed pawns by relative rank: nothing at all on the way to promotion; the stop square
  // not attacked by the enemy. Per passer supported by or beside an own pawn.
  std::array<Pair, 8> passed_free{}, passed_safe_stop{};
  Pair passed_connected;
  // Threats against our pieces: a queen attacked by an enemy rook; a piece or pawn attacked by
  // the enemy king and not defended; a pawn attacked by an enemy piece and not defended; a
  // piece an enemy pawn can attack with a safe push.
  Pair threat_by_rook, threat_by_king, weak_pawn_attacked, threat_by_pawn_push;
  // King safety, middlegame, by enemy queen (0/1): per king-zone square the enemy attacks and
  // only our king or queen defends.
  std::array<int, 2> king_zone_weak{};
  // Space: safe squares (no enemy pawn attack, no own pawn) on the four centre files of our
  // second to fourth ranks.
  Pair space;
  // Endgame: per square of distance between our king and our nearest pawn.
  int king_pawn_distance = 0;

  // Added after the second tuning (start at 0). King safety, middlegame: on the king's file
  // and its neighbours, the enemy pawn nearest our side by its relative rank (0: no enemy
  // pawn on the file); index 1 when an own pawn stands right in front of it.
  std::array<std::array<int, 8>, 2> king_pawn_storm{};
};

// Game phase: knights and bishops 1, rooks 2, queens 4; 24 is the opening. Fixed.
inline constexpr std::array<int, 6> kPhaseWeight = {0, 1, 1, 2, 4, 0};
inline constexpr int kPhaseTotal = 24;
// Attack units per enemy piece attacking the king zone, by PieceType (an index into
// king_attack, not a weight).
inline constexpr std::array<int, 6> kKingAttackUnits = {0, 2, 2, 3, 5, 0};
// More units per king-zone square an attacking piece hits, and per safe check the enemy has.
inline constexpr int kKingAttackUnitsPerZoneSquare = 1;
inline constexpr int kKingAttackUnitsPerSafeCheck = 3;
// Endgame scaling (fixed, outside the tuned weights): a side without pawns ahead by less than
// kNoPawnsMargin in non-pawn material (counted with kScaleMaterial) keeps 1/kNoPawnsScaleDivisor
// of its advantage; opposite-coloured bishops with only pawns keep kOppositeBishopsPercent.
inline constexpr std::array<int, 6> kScaleMaterial = {110, 300, 320, 540, 990, 0};
inline constexpr int kNoPawnsMargin = 400;
inline constexpr int kNoPawnsScaleDivisor = 4;
inline constexpr int kOppositeBishopsPercent = 55;
// Entries of each search thread's pawn cache (pawn_cache.h; a power of two, 40 bytes each).
inline constexpr std::size_t kPawnCacheEntries = 4096;

// ---------------- Pacifist (untapered) ----------------
// Centipawns; "own" is the side the term is counted for. Penalties are positive numbers.
struct PacifistWeights {
  // Pieces by current colour, pawn .. queen (kings below).
  std::array<int, 5> piece_value{};
  // Owning a king: the first is the game (without one you must convert one back at once);
  // a second one is insurance.
  int first_king = 0, second_king = 0;
  // Mobility: empty squares a piece can move to, by PieceType (knight .. king) and count.
  std::array<std::array<int, kMobilityCounts>, 6> mobility{};
  // Each empty square where our attackers outnumber the enemy's.
  int control = 0;
  // Pawns by relative rank: promotion creates a piece.
  std::array<int, 8> pawn_rank{};
  // Penalty for each own piece (pawn .. queen) left over-persuaded after settling: it flips
  // on the opponent's next move unless we fix it first.
  std::array<int, 5> over_persuaded{};
  // Penalty for the most valuable ripe piece (persuasion == support) the enemy can add an
  // attacker to in one move, by its type. Index 0: the side to move's piece (a threat
  // against it); 1: the opponent's (partly realised by quiescence already).
  std::array<std::array<int, 5>, 2> ripe{};
  // An own king left over-persuaded. Index 0: the side's only king, 1: one of two or more.
  std::array<int, 2> king_over_persuaded{};
  // King persuasion margin (support - persuasion) 0, 1 and 2, and the extra penalty when a
  // king at margin 0 can be reached by a new enemy attacker. Index 0: the side's only king,
  // 1: one of two or more (only one needs to survive).
  std::array<std::array<int, 3>, 2> king_margin{};
  std::array<int, 2> king_reachable{};
  // For the side to move.
  int tempo = 0;
};

}  // namespace engine::eval
