#include "engine/eval/standard_eval.h"

#include "engine/attacks.h"
#include "engine/eval/masks.h"
#include "engine/eval/pst.h"

namespace engine::eval {
namespace {

using namespace params;

constexpr Bitboard kDarkSquares = 0xAA55AA55AA55AA55ULL;

// Attack maps both colours need before any term that looks at the other side.
struct AttackInfo {
  std::array<Bitboard, 2> pawn_attacks{};
  std::array<std::array<Bitboard, 6>, 2> by_type{};
  std::array<Bitboard, 2> all{};
  std::array<Bitboard, 2> king_zone{};
  std::array<int, 2> king_units{};      // attack units against colour c's king
  std::array<int, 2> king_attackers{};  // pieces attacking colour c's king zone
};

Pair pawn_structure(const Position& pos, Color us, const AttackInfo& info) {
  const Color them = ~us;
  const Bitboard ours = pos.pieces(us, Pawn), theirs = pos.pieces(them, Pawn);
  Pair score;
  for (Bitboard b = ours; b;) {
    const Square s = pop_lsb(b);
    const int file = file_of(s), rr = relative_rank(us, rank_of(s));
    const Square stop = s + pawn_push(us);
    if (kMasks.file_ahead[us][s] & ours) score += kDoubledPawn;
    const bool isolated = !(kMasks.adjacent[file] & ours);
    if (isolated) score += kIsolatedPawn;
    if (ours & kMasks.adjacent[file] & rank_bb(rank_of(s))) score += kPhalanxPawn;
    if (info.pawn_attacks[us] & square_bb(s)) score += kSupportedPawn;
    // Backward: no friendly pawn can come alongside, and the stop square is guarded.
    if (!isolated && !(kMasks.support_span[us][s] & ours) &&
        (info.pawn_attacks[them] & square_bb(stop)))
      score += kBackwardPawn;
    if (kMasks.passed_span[us][s] & theirs) continue;
    // Passed pawn: grows with its rank; in the endgame the kings' distance to the stop
    // square decides whether it runs.
    score += kPassedPawn[rr];
    if (pos.piece_on(stop) != NoPiece) score += kPassedBlocked;
    const int weight = rr - 2;
    if (weight > 0) {
      const int own = square_distance(pos.king_square(us), stop);
      const int enemy = square_distance(pos.king_square(them), stop);
      score += Pair{0, weight * (enemy * kPassedEnemyKingDistance - own * kPassedOwnKingDistance)};
    }
  }
  return score;
}

// Mobility, rook files, outposts and the attack maps; fills info for colour us.
Pair pieces_and_mobility(const Position& pos, Color us, AttackInfo& info) {
  const Color them = ~us;
  const Bitboard occupied = pos.occupied();
  const Bitboard area = ~pos.pieces(us) & ~info.pawn_attacks[them];
  const Bitboard our_pawns = pos.pieces(us, Pawn), their_pawns = pos.pieces(them, Pawn);
  Pair score;
  for (PieceType t : {Knight, Bishop, Rook, Queen}) {
    for (Bitboard b = pos.pieces(us, t); b;) {
      const Square s = pop_lsb(b);
      // Batteries: bishops see through own queens, rooks through own rooks and queens.
      Bitboard seen = occupied;
      if (t == Bishop) seen ^= pos.pieces(us, Queen);
      if (t == Rook) seen ^= pos.pieces(us, Queen) | pos.pieces(us, Rook);
      const Bitboard attacks = piece_attacks(t, s, seen);
      info.by_type[us][t] |= attacks;
      info.all[us] |= attacks;
      score += kMobility[t] * (popcount(attacks & area) - kMobilityCentre[t]);
      if (attacks & info.king_zone[them]) {
        info.king_units[them] += kKingAttackUnits[t];
        ++info.king_attackers[them];
      }
      if (t == Rook && !(file_bb(file_of(s)) & our_pawns))
        score += (file_bb(file_of(s)) & their_pawns) ? kRookSemiOpenFile : kRookOpenFile;
      // Outpost: a knight on the enemy half, defended by a pawn, no enemy pawn can chase it.
      if (t == Knight && relative_rank(us, rank_of(s)) >= 3 &&
          (info.pawn_attacks[us] & square_bb(s)) && !(kMasks.attack_span[us][s] & their_pawns))
        score += kKnightOutpost;
    }
  }
  if (popcount(pos.pieces(us, Bishop)) >= 2) score += kBishopPair;
  return score;
}

Pair threats(const Position& pos, Color us, const AttackInfo& info) {
  const Color them = ~us;
  const Bitboard pieces = pos.pieces(us) & ~pos.pieces(Pawn) & ~pos.pieces(King);
  Pair score;
  score += kThreatByPawn * popcount(pieces & info.pawn_attacks[them]);
  const Bitboard minors = info.by_type[them][Knight] | info.by_type[them][Bishop];
  score += kThreatByMinor * popcount((pos.pieces(us, Rook) | pos.pieces(us, Queen)) & minors);
  score += kHangingPiece * popcount(pieces & info.all[them] & ~info.all[us]);
  return score;
}

// Middlegame danger to colour us's king, as a positive penalty.
int king_danger(const Position& pos, Color us, const AttackInfo& info) {
  const Color them = ~us;
  const Square king = pos.king_square(us);
  int danger = 0;
  if (info.king_attackers[us] >= 2)
    danger +=
        std::min(kKingDangerMax, info.king_units[us] * info.king_units[us] / kKingDangerDivisor);
  // Pawn shelter: the king's file and its neighbours, one and two ranks ahead.
  const Bitboard our_pawns = pos.pieces(us, Pawn);
  Bitboard front = shift_forward(us, square_bb(king));
  front |= shift_forward(us, front);
  const Bitboard shelter = front | shift_east(front) | shift_west(front);
  const int file = file_of(king);
  for (int f = std::max(0, file - 1); f <= std::min(7, file + 1); ++f) {
    if (!(file_bb(f) & our_pawns))
      danger += kKingOpenFile;
    else if (!(file_bb(f) & shelter & our_pawns))
      danger += kKingShelterMissing;
  }
  // Checks the enemy can give next move from squares we do not guard.
  const Bitboard occupied = pos.occupied();
  const Bitboard safe = ~info.all[us] & ~pos.pieces(them);
  Bitboard checks = knight_attacks(king) & info.by_type[them][Knight];
  checks |=
      bishop_attacks(king, occupied) & (info.by_type[them][Bishop] | info.by_type[them][Queen]);
  checks |= rook_attacks(king, occupied) & (info.by_type[them][Rook] | info.by_type[them][Queen]);
  danger += kKingSafeCheck * popcount(checks & safe);
  return pos.pieces(them, Queen) ? danger : danger / 2;
}

bool insufficient_material(const Position& pos) {
  if (pos.pieces(Pawn) | pos.pieces(Rook) | pos.pieces(Queen)) return false;
  return popcount(pos.pieces(Knight) | pos.pieces(Bishop)) <= 1;
}

// Endgames the stronger side can rarely win are scaled toward a draw (percent).
int scale_percent(const Position& pos, int white_score) {
  const Color strong = white_score >= 0 ? White : Black;
  auto non_pawn = [&pos](Color c) {
    int sum = 0;
    for (PieceType t : {Knight, Bishop, Rook, Queen})
      sum += popcount(pos.pieces(c, t)) * kPieceValue[t].eg;
    return sum;
  };
  if (!pos.pieces(strong, Pawn) && non_pawn(strong) - non_pawn(~strong) < kNoPawnsMargin)
    return 100 / kNoPawnsScaleDivisor;
  const Bitboard bishops = pos.pieces(Bishop);
  const Bitboard others = pos.pieces(Knight) | pos.pieces(Rook) | pos.pieces(Queen);
  if (!others && popcount(pos.pieces(White, Bishop)) == 1 &&
      popcount(pos.pieces(Black, Bishop)) == 1 && (bishops & kDarkSquares) &&
      (bishops & ~kDarkSquares))
    return kOppositeBishopsPercent;
  return 100;
}

}  // namespace

int evaluate_standard(const Position& pos) {
  if (insufficient_material(pos)) return 0;
  AttackInfo info;
  int phase = 0;
  Pair score;
  for (Color c : {White, Black}) {
    const int sign = c == White ? 1 : -1;
    info.pawn_attacks[c] = pawn_attacks_bb(c, pos.pieces(c, Pawn));
    info.by_type[c][Pawn] = info.pawn_attacks[c];
    const Square king = pos.king_square(c);
    info.by_type[c][King] = king_attacks(king);
    info.all[c] = info.pawn_attacks[c] | info.by_type[c][King];
    info.king_zone[c] = king_attacks(king) | square_bb(king);
    for (PieceType t : {Pawn, Knight, Bishop, Rook, Queen, King}) {
      phase += kPhaseWeight[t] * popcount(pos.pieces(c, t));
      for (Bitboard b = pos.pieces(c, t); b;) score += piece_square(c, t, pop_lsb(b)) * sign;
    }
  }
  for (Color c : {White, Black}) {
    const Pair s = pieces_and_mobility(pos, c, info) + pawn_structure(pos, c, info);
    score += c == White ? s : -s;
  }
  for (Color c : {White, Black}) {
    const Pair s = threats(pos, c, info) - Pair{king_danger(pos, c, info), 0};
    score += c == White ? s : -s;
  }
  phase = std::min(phase, kPhaseTotal);
  int value = (score.mg * phase + score.eg * (kPhaseTotal - phase)) / kPhaseTotal;
  value = value * scale_percent(pos, value) / 100;
  return (pos.side_to_move() == White ? value : -value) + kTempo;
}

}  // namespace engine::eval
