// Every evaluation weight, named, in one place: standard chess / Chess960
// (tapered middlegame/endgame pairs) and Pacifist. Centipawns. Compile-time
// constants only; the piece-square tables are built from the shape weights
// here by engine/eval/pst.h.
#pragma once

#include <array>

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
};

namespace params {

// ---------------- Standard chess and Chess960 ----------------

// Indexed by PieceType: pawn, knight, bishop, rook, queen, king.
inline constexpr std::array<Pair, 6> kPieceValue = {
    {{85, 110}, {330, 300}, {345, 320}, {465, 540}, {990, 990}, {0, 0}}};
// Game phase: knights and bishops 1, rooks 2, queens 4; 24 is the opening.
inline constexpr std::array<int, 6> kPhaseWeight = {0, 1, 1, 2, 4, 0};
inline constexpr int kPhaseTotal = 24;

// Piece-square shapes. Pawns: by relative rank (0 = first rank).
inline constexpr std::array<Pair, 8> kPawnRank = {
    {{0, 0}, {0, 0}, {0, 4}, {2, 10}, {10, 22}, {30, 50}, {60, 95}, {0, 0}}};
// Pawns on the d and e files, on the 3rd/4th/5th ranks (control of the centre).
inline constexpr Pair kPawnCentre = {12, 0};
// Per step of centrality (0 on the rim .. 6 in the centre), relative to the average.
inline constexpr Pair kKnightCentrality = {9, 7};
inline constexpr Pair kBishopCentrality = {4, 4};
inline constexpr Pair kQueenCentrality = {1, 5};
inline constexpr Pair kKingCentrality = {0, 11};
// Rooks on the 7th rank; rooks on the central files.
inline constexpr Pair kRookSeventh = {12, 18};
inline constexpr Pair kRookCentreFile = {5, 0};
// Kings: penalty per rank advanced in the middlegame; bonus for a castled king file.
inline constexpr int kKingRankPenalty = 18;
inline constexpr int kKingCastledFile = 14;
inline constexpr int kKingCentreFilePenalty = 12;

// Mobility per reachable square (not own-occupied, not attacked by enemy pawns),
// counted from the typical number of squares below.
inline constexpr std::array<Pair, 6> kMobility = {{{0, 0}, {5, 5}, {5, 6}, {3, 6}, {2, 4}, {0, 0}}};
inline constexpr std::array<int, 6> kMobilityCentre = {0, 4, 6, 6, 12, 0};

// Pawn structure.
inline constexpr Pair kDoubledPawn = {-10, -22};
inline constexpr Pair kIsolatedPawn = {-12, -14};
inline constexpr Pair kBackwardPawn = {-7, -9};
inline constexpr Pair kPhalanxPawn = {7, 6};
inline constexpr Pair kSupportedPawn = {8, 7};
// Passed pawns by relative rank.
inline constexpr std::array<Pair, 8> kPassedPawn = {
    {{0, 0}, {2, 8}, {4, 12}, {10, 25}, {25, 50}, {50, 95}, {90, 150}, {0, 0}}};
// Endgame: per rank of a passer, king distances to the square in front of it.
inline constexpr int kPassedOwnKingDistance = 3;
inline constexpr int kPassedEnemyKingDistance = 6;
// Passed pawn whose stop square is occupied.
inline constexpr Pair kPassedBlocked = {-8, -22};

// Pieces.
inline constexpr Pair kBishopPair = {30, 50};
inline constexpr Pair kRookOpenFile = {26, 10};
inline constexpr Pair kRookSemiOpenFile = {12, 8};
inline constexpr Pair kKnightOutpost = {18, 8};
// A minor or major piece attacked by an enemy pawn.
inline constexpr Pair kThreatByPawn = {-45, -35};
// A rook or queen attacked by an enemy minor piece.
inline constexpr Pair kThreatByMinor = {-25, -20};
// A piece hanging: attacked by the enemy and not defended.
inline constexpr Pair kHangingPiece = {-30, -20};

// King safety (middlegame): attack units per enemy piece attacking the king zone,
// penalty = units^2 / kKingDangerDivisor once two or more pieces attack.
inline constexpr std::array<int, 6> kKingAttackUnits = {0, 2, 2, 3, 5, 0};
inline constexpr int kKingDangerDivisor = 6;
inline constexpr int kKingDangerMax = 500;
// Each of the king's pawn shelter squares (the three files, two ranks in front) missing a pawn.
inline constexpr int kKingShelterMissing = 14;
// Open files next to the king (no own pawn).
inline constexpr int kKingOpenFile = 18;
// Safe checking squares the enemy can reach (per checking square).
inline constexpr int kKingSafeCheck = 30;

inline constexpr int kTempo = 14;
// Endgame scaling: a side without pawns that is ahead by less than this (material only)
// can rarely win; its advantage is divided by kNoPawnsScaleDivisor.
inline constexpr int kNoPawnsMargin = 400;
inline constexpr int kNoPawnsScaleDivisor = 4;
// Opposite-coloured bishops with only pawns: advantage scaled to this percent.
inline constexpr int kOppositeBishopsPercent = 55;

// ---------------- Pacifist ----------------

// Pieces by current colour, indexed by PieceType (kings separately below).
inline constexpr std::array<int, 6> kPacifistValue = {100, 300, 320, 430, 820, 0};
// Owning a king: the first is the game (without one you must convert one back at
// once); a second one is insurance.
inline constexpr int kPacifistFirstKing = 1500;
inline constexpr int kPacifistSecondKing = 250;
// Our own piece left over-persuaded (flips on the opponent's next move unless we fix
// it first): percent of its value lost.
inline constexpr int kPacifistOverPersuadedPercent = 60;
// A piece with persuasion == support that the enemy can add an attacker to in one move:
// percent of its value, for the side to move's pieces (threat against us) and for the
// opponent's (our threat, partly realised by quiescence already).
inline constexpr int kPacifistRipeOwnPercent = 30;
inline constexpr int kPacifistRipeTheirPercent = 12;
// King persuasion margin (support - persuasion): penalties for margin 0, 1 and 2.
inline constexpr std::array<int, 3> kPacifistKingMargin = {120, 45, 12};
// Extra penalty when a king at margin 0 can be reached by a new enemy attacker.
inline constexpr int kPacifistKingReachable = 250;
// Mobility per empty square a piece can move to, by type.
inline constexpr std::array<int, 6> kPacifistMobility = {0, 4, 3, 2, 1, 1};
// Each empty square where our attackers outnumber the enemy's (pieces arriving there
// for the enemy are converted).
inline constexpr int kPacifistControl = 3;
// Pawns by relative rank: promotion creates a piece.
inline constexpr std::array<int, 8> kPacifistPawnRank = {0, 0, 3, 8, 16, 30, 60, 0};
inline constexpr int kPacifistTempo = 12;

}  // namespace params
}  // namespace engine::eval
