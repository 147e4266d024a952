// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/eval/standard_eval.h"

#include "engine/attacks.h"
#include "engine/eval/masks.h"
#include "engine/eval/weight_schema.h"
#include "engine/eval/weights_standard.h"

namespace engine::eval {
namespace {

constexpr Bitboard kDarkSquares = 0xAA55AA55AA55AA55ULL;
constexpr const StandardWeights& W = kStandardWeights;

// Attack maps both colours need before any term that looks at the other side.
struct AttackInfo {
  std::array<Bitboard, 2> pawn_attacks{};
  std::array<std::array<Bitboard, 6>, 2> by_type{};
  std::array<Bitboard, 2> all{};
  std::array<Bitboard, 2> king_zone{};
  std::array<int, 2> king_units{};      // attack units against colour c's king
  std::array<int, 2> king_attackers{};  // pieces attacking colour c's king zone
  std::array<Bitboard, 2> passed{};     // colour c's passed pawns
};

// Every term below adds weight * sign * count: sign is +1 for White's terms, -1 for Black's.
// The terms of the pawns alone (what the pawn cache keeps); returns colour us's passed pawns.
template <class S>
Bitboard pawn_structure(S& score, const Position& pos, Color us, int sign, const AttackInfo& info) {
  const Color them = ~us;
  const Bitboard ours = pos.pieces(us, Pawn), theirs = pos.pieces(them, Pawn);
  Bitboard passed = 0;
  for (Bitboard b = ours; b;) {
    const Square s = pop_lsb(b);
    const int file = file_of(s);
    const Square stop = s + pawn_push(us);
    if (kMasks.file_ahead[us][s] & ours) score.add(W.doubled_pawn, sign);
    const bool isolated = !(kMasks.adjacent[file] & ours);
    if (isolated) score.add(W.isolated_pawn, sign);
    const bool phalanx = ours & kMasks.adjacent[file] & rank_bb(rank_of(s));
    if (phalanx) score.add(W.phalanx_pawn, sign);
    const bool supported = info.pawn_attacks[us] & square_bb(s);
    if (supported) score.add(W.supported_pawn, sign);
    // Backward: no friendly pawn can come alongside, and the stop square is guarded.
    if (!isolated && !(kMasks.support_span[us][s] & ours) &&
        (info.pawn_attacks[them] & square_bb(stop)))
      score.add(W.backward_pawn, sign);
    if (kMasks.passed_span[us][s] & theirs) continue;
    // Passed pawn: grows with its rank.
    passed |= square_bb(s);
    score.add(W.passed_pawn[relative_rank(us, rank_of(s))], sign);
    if (supported || phalanx) score.add(W.passed_connected, sign);
  }
  return passed;
}

// Passed pawns against the pieces: a blocked or free path, and in the endgame the kings'
// distance to the stop square, which decides whether the pawn runs.
template <class S>
void passed_pawns(S& score, const Position& pos, Color us, int sign, const AttackInfo& info) {
  const Color them = ~us;
  for (Bitboard b = info.passed[us]; b;) {
    const Square s = pop_lsb(b);
    const int rr = relative_rank(us, rank_of(s));
    const Square stop = s + pawn_push(us);
    if (pos.piece_on(stop) != NoPiece) score.add(W.passed_blocked, sign);
    if (!(kMasks.file_ahead[us][s] & pos.occupied())) score.add(W.passed_free[rr], sign);
    const int weight = rr - 2;
    if (weight > 0) {
      const int own = square_distance(pos.king_square(us), stop);
      const int enemy = square_distance(pos.king_square(them), stop);
      score.add_eg(W.passed_enemy_king_distance, sign * weight * enemy);
      score.add_eg(W.passed_own_king_distance, -sign * weight * own);
    }
  }
}

// Both colours' pawn-only terms into score and info.passed: from the cache when it holds
// this placement (never while tracing, which needs every count), else computed (and kept).
template <class S>
void pawns(S& score, const Position& pos, AttackInfo& info, PawnCache* cache) {
  const auto both_sides = [&](auto& scorer) {
    return std::array{pawn_structure(scorer, pos, White, 1, info),
                      pawn_structure(scorer, pos, Black, -1, info)};
  };
  if constexpr (!S::kTracing) {
    if (cache) {
      const Bitboard white = pos.pieces(White, Pawn), black = pos.pieces(Black, Pawn);
      PawnEntry& entry = cache->slot(white, black);
      if (!PawnCache::holds(entry, white, black)) {
        NoTrace none;
        Scorer<NoTrace, StandardWeights> own(W, none);
        entry.passed = both_sides(own);
        entry.score = own.tapered();
        entry.white = white;
        entry.black = black;
      }
      score.add_sum(entry.score);
      info.passed = entry.passed;
      return;
    }
  }
  info.passed = both_sides(score);
}

// Mobility, rook files, outposts and the attack maps; fills info for colour us.
template <class S>
void pieces_and_mobility(S& score, const Position& pos, Color us, int sign, AttackInfo& info) {
  const Color them = ~us;
  const Bitboard occupied = pos.occupied();
  const Bitboard area = ~pos.pieces(us) & ~info.pawn_attacks[them];
  const Bitboard our_pawns = pos.pieces(us, Pawn), their_pawns = pos.pieces(them, Pawn);
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
      score.add(W.mobility[t][popcount(attacks & area)], sign);
      if (attacks & info.king_zone[them]) {
        info.king_units[them] += kKingAttackUnits[t] + kKingAttackUnitsPerZoneSquare *
                                                           popcount(attacks & info.king_zone[them]);
        ++info.king_attackers[them];
      }
      if (t == Rook && !(file_bb(file_of(s)) & our_pawns))
        score.add((file_bb(file_of(s)) & their_pawns) ? W.rook_semi_open_file : W.rook_open_file,
                  sign);
      // Outpost: a knight on the enemy half, defended by a pawn, no enemy pawn can chase it.
      const bool outpost = relative_rank(us, rank_of(s)) >= 3 &&
                           (info.pawn_attacks[us] & square_bb(s)) &&
                           !(kMasks.attack_span[us][s] & their_pawns);
      if (t == Knight && outpost) score.add(W.knight_outpost, sign);
      if (t == Bishop) {
        if (outpost) score.add(W.bishop_outpost, sign);
        const Bitboard same_colour = (kDarkSquares & square_bb(s)) ? kDarkSquares : ~kDarkSquares;
        score.add(W.bishop_pawns_same_colour, sign * popcount(our_pawns & same_colour));
        // Chess960: a bishop in its corner behind an own pawn sees nothing.
        const Square rel = relative_square(us, s);
        if ((rel == 0 && (our_pawns & square_bb(relative_square(us, 9)))) ||
            (rel == 7 && (our_pawns & square_bb(relative_square(us, 14)))))
          score.add(W.bishop_cornered, sign);
      }
      if ((t == Knight || t == Bishop) && (shift_forward(us, square_bb(s)) & our_pawns))
        score.add(W.minor_behind_pawn, sign);
    }
  }
  if (popcount(pos.pieces(us, Bishop)) >= 2) score.add(W.bishop_pair, sign);
}

template <class S>
void threats(S& score, const Position& pos, Color us, int sign, const AttackInfo& info) {
  const Color them = ~us;
  const Bitboard pieces = pos.pieces(us) & ~pos.pieces(Pawn) & ~pos.pieces(King);
  score.add(W.threat_by_pawn, sign * popcount(pieces & info.pawn_attacks[them]));
  const Bitboard minors = info.by_type[them][Knight] | info.by_type[them][Bishop];
  score.add(W.threat_by_minor,
            sign * popcount((pos.pieces(us, Rook) | pos.pieces(us, Queen)) & minors));
  score.add(W.hanging_piece, sign * popcount(pieces & info.all[them] & ~info.all[us]));
  score.add(W.threat_by_rook, sign * popcount(pos.pieces(us, Queen) & info.by_type[them][Rook]));
  const Bitboard undefended = ~info.all[us];
  score.add(W.threat_by_king, sign * popcount((pos.pieces(us) & ~pos.pieces(King)) &
                                              info.by_type[them][King] & undefended));
  const Bitboard their_piece_attacks = info.all[them] & ~info.pawn_attacks[them];
  score.add(W.weak_pawn_attacked,
            sign * popcount(pos.pieces(us, Pawn) & their_piece_attacks & undefended));
  // Safe pushes: one step onto an empty square we do not attack (or that they also guard).
  const Bitboard pushes = shift_forward(them, pos.pieces(them, Pawn)) & ~pos.occupied() &
                          (~info.all[us] | info.all[them]);
  score.add(W.threat_by_pawn_push, sign * popcount(pieces & pawn_attacks_bb(them, pushes)));
  // Passed pawns whose next square the enemy does not attack.
  for (Bitboard b = info.passed[us]; b;) {
    const Square s = pop_lsb(b);
    const Bitboard stop = shift_forward(us, square_bb(s));
    if (stop && !(stop & info.all[them]))
      score.add(W.passed_safe_stop[relative_rank(us, rank_of(s))], sign);
  }
  // Space behind the pawns.
  constexpr Bitboard kCentreFiles = file_bb(2) | file_bb(3) | file_bb(4) | file_bb(5);
  const Bitboard home =
      us == White ? rank_bb(1) | rank_bb(2) | rank_bb(3) : rank_bb(6) | rank_bb(5) | rank_bb(4);
  score.add(W.space, sign * popcount(kCentreFiles & home & ~info.pawn_attacks[them] &
                                     ~pos.pieces(us, Pawn)));
  // Endgame: the king near its pawns.
  if (const Bitboard pawns = pos.pieces(us, Pawn)) {
    const Square king = pos.king_square(us);
    int nearest = 7;
    for (Bitboard b = pawns; b;) nearest = std::min(nearest, square_distance(king, pop_lsb(b)));
    score.add_eg(W.king_pawn_distance, sign * nearest);
  }
}

// Middlegame danger to colour us's king: penalties, weighed by whether the enemy has a queen.
template <class S>
void king_danger(S& score, const Position& pos, Color us, int sign, const AttackInfo& info) {
  const Color them = ~us;
  const Square king = pos.king_square(us);
  const int queen = pos.pieces(them, Queen) ? 1 : 0;
  // Checks the enemy can give next move from squares we do not guard.
  const Bitboard occupied = pos.occupied();
  const Bitboard safe = ~info.all[us] & ~pos.pieces(them);
  Bitboard checks = knight_attacks(king) & info.by_type[them][Knight];
  checks |=
      bishop_attacks(king, occupied) & (info.by_type[them][Bishop] | info.by_type[them][Queen]);
  checks |= rook_attacks(king, occupied) & (info.by_type[them][Rook] | info.by_type[them][Queen]);
  const int safe_checks = popcount(checks & safe);
  if (info.king_attackers[us] >= 2) {
    const int units = info.king_units[us] + kKingAttackUnitsPerSafeCheck * safe_checks;
    score.add_mg(W.king_attack[queen][std::min(units, kKingAttackUnitsMax)], -sign);
  }
  // Pawn shelter: the king's file and its neighbours, one and two ranks ahead.
  const Bitboard our_pawns = pos.pieces(us, Pawn);
  Bitboard front = shift_forward(us, square_bb(king));
  front |= shift_forward(us, front);
  const Bitboard shelter = front | shift_east(front) | shift_west(front);
  const Bitboard their_pawns = pos.pieces(them, Pawn);
  const int file = file_of(king);
  int open = 0, missing = 0;
  for (int f = std::max(0, file - 1); f <= std::min(7, file + 1); ++f) {
    if (!(file_bb(f) & our_pawns))
      ++open;
    else if (!(file_bb(f) & shelter & our_pawns))
      ++missing;
    // Pawn storm: the enemy pawn on this file nearest our side.
    const Bitboard storm = file_bb(f) & their_pawns;
    int rank = 0, blocked = 0;
    if (storm) {
      const Square s = us == White ? lsb(storm) : msb(storm);
      rank = relative_rank(us, rank_of(s));
      blocked = (our_pawns & square_bb(s + pawn_push(them))) ? 1 : 0;
    }
    score.add_mg(W.king_pawn_storm[blocked][rank], -sign);
  }
  score.add_mg(W.king_open_file[queen], -sign * open);
  score.add_mg(W.king_shelter_missing[queen], -sign * missing);
  score.add_mg(W.king_safe_check[queen], -sign * safe_checks);
  // King-zone squares they attack that only our king or queen defends.
  const Bitboard strong_defence = info.pawn_attacks[us] | info.by_type[us][Knight] |
                                  info.by_type[us][Bishop] | info.by_type[us][Rook];
  score.add_mg(W.king_zone_weak[queen],
               -sign * popcount(info.king_zone[us] & info.all[them] & ~strong_defence));
}

// Endgames the stronger side can rarely win are scaled toward a draw (percent).
int scale_percent(const Position& pos, int white_score) {
  const Color strong = white_score >= 0 ? White : Black;
  auto non_pawn = [&pos](Color c) {
    int sum = 0;
    for (PieceType t : {Knight, Bishop, Rook, Queen})
      sum += popcount(pos.pieces(c, t)) * kScaleMaterial[t];
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

template <class Trace>
int evaluate(const Position& pos, Trace& trace, PawnCache* cache) {
  Scorer<Trace, StandardWeights> score(W, trace);
  if (insufficient_material(pos)) {
    if constexpr (score.kTracing) trace.drawn = true;
    return 0;
  }
  AttackInfo info;
  int phase = 0;
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
      for (Bitboard b = pos.pieces(c, t); b;)
        score.add(W.piece_square[t][relative_square(c, pop_lsb(b))], sign);
    }
  }
  pawns(score, pos, info, cache);
  for (Color c : {White, Black}) {
    const int sign = c == White ? 1 : -1;
    pieces_and_mobility(score, pos, c, sign, info);
    passed_pawns(score, pos, c, sign, info);
  }
  for (Color c : {White, Black}) {
    const int sign = c == White ? 1 : -1;
    threats(score, pos, c, sign, info);
    king_danger(score, pos, c, sign, info);
  }
  phase = std::min(phase, kPhaseTotal);
  const Pair tapered = score.tapered();
  int value = (tapered.mg * phase + tapered.eg * (kPhaseTotal - phase)) / kPhaseTotal;
  const int scale = scale_percent(pos, value);
  value = value * scale / 100;
  const int side = pos.side_to_move() == White ? 1 : -1;
  score.add_plain(W.tempo, side);
  if constexpr (score.kTracing) {
    trace.phase = phase;
    trace.scale = scale;
    trace.sign = side;
  }
  return side * (value + score.plain());
}

}  // namespace

bool insufficient_material(const Position& pos) {
  if (pos.pieces(Pawn) | pos.pieces(Rook) | pos.pieces(Queen)) return false;
  return popcount(pos.pieces(Knight) | pos.pieces(Bishop)) <= 1;
}

int evaluate_standard(const Position& pos, PawnCache* cache) {
  NoTrace none;
  return evaluate(pos, none, cache);
}

int evaluate_standard(const Position& pos, EvalTrace& trace) {
  trace.reset(kWeightCount<StandardWeights>);
  return evaluate(pos, trace, nullptr);
}

}  // namespace engine::eval
