// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/rules/pacifist.h"

#include "engine/attacks.h"
#include "engine/castling.h"
#include "engine/rules/cascade.h"

namespace engine {
namespace {

// Spec "Board, pieces, moves": pawns move straight toward their colour's far rank,
// two squares from its second rank (spec "Legality": not across an over-persuaded
// square), and promote on the far rank.
void generate_pawn_moves(const Position& pos, MoveList& list, Bitboard empty) {
  const Color us = pos.side_to_move();
  const Bitboard hostile = pos.counts().outnumbered(us);
  for (Bitboard pawns = pos.pieces(us, Pawn); pawns;) {
    Square from = pop_lsb(pawns);
    Square one = from + pawn_push(us);
    if (!(empty & square_bb(one))) continue;
    if (relative_rank(us, rank_of(one)) == 7) {
      for (PieceType t : {Queen, Rook, Bishop, Knight})
        list.push_back(Move(from, one, MoveKind::Promotion, t));
      continue;
    }
    list.push_back(Move(from, one));
    Square two = one + pawn_push(us);
    if (relative_rank(us, rank_of(from)) == 1 && (empty & square_bb(two)) &&
        !(hostile & square_bb(one)))
      list.push_back(Move(from, two));
  }
}

// Spec "Castling": king on the side's first rank with the right, rook of the side's
// colour on its original square, the path empty, and the king's start and crossed
// squares free of any plain enemy attack (the destination is left to legality).
void generate_castling(const Position& pos, MoveList& list) {
  const Color us = pos.side_to_move();
  const Square king = pos.castling_setup().king_from[us];
  if (king == kNoSquare || pos.piece_on(king) != make_piece(us, King)) return;
  const Bitboard enemy_attacks = pos.counts().by_color[~us].nonzero();
  for (CastlingSide side : {KingSide, QueenSide}) {
    if (!pos.can_castle(us, side)) continue;
    Square rook = pos.castling_rook(us, side);
    if (pos.piece_on(rook) != make_piece(us, Rook)) continue;
    const CastlingPath path = castling_path(us, king, rook);
    if (path.must_be_empty & pos.occupied()) continue;
    if (enemy_attacks & (square_bb(king) | path.king_crosses)) continue;
    list.push_back(Move(king, rook, MoveKind::Castling));
  }
}

// The piece sets after m, before any conversion.
PieceSets apply_move(const Position& pos, Move m) {
  PieceSets sets{pos.by_type(), pos.by_color()};
  const Color us = pos.side_to_move();
  const Square from = m.from(), to = m.to();
  if (m.kind() == MoveKind::Castling) {
    const CastlingPath path = castling_path(us, from, to);
    Bitboard king_change = square_bb(from) ^ square_bb(path.king_to);
    Bitboard rook_change = square_bb(to) ^ square_bb(path.rook_to);
    sets.by_type[King] ^= king_change;
    sets.by_type[Rook] ^= rook_change;
    sets.by_color[us] ^= king_change ^ rook_change;
    return sets;
  }
  PieceType moved = type_of(pos.piece_on(from));
  sets.by_type[moved] ^= square_bb(from);
  sets.by_type[m.kind() == MoveKind::Promotion ? m.promotion() : moved] ^= square_bb(to);
  sets.by_color[us] ^= square_bb(from) | square_bb(to);
  return sets;
}

// Spec "Legality": after the cascade the mover owns a king that is not over-persuaded.
bool mover_keeps_a_king_after_cascade(PieceSets& sets, Color us) {
  CascadeResult result = resolve_cascade(sets, us);
  return (sets.by_color[us] & sets.by_type[King] & ~result.counts.outnumbered(us)) != 0;
}

}  // namespace

void generate_pacifist_pseudo_legal(const Position& pos, MoveList& list) {
  const Color us = pos.side_to_move();
  const Bitboard occupied = pos.occupied();
  const Bitboard empty = ~occupied;
  generate_pawn_moves(pos, list, empty);
  for (PieceType t : {Knight, Bishop, Rook, Queen, King}) {
    for (Bitboard b = pos.pieces(us, t); b;) {
      Square from = pop_lsb(b);
      for (Bitboard moves = piece_attacks(t, from, occupied) & empty; moves;)
        list.push_back(Move(from, pop_lsb(moves)));
    }
  }
  generate_castling(pos, list);
}

// The cascade only ever flips the non-mover's pieces to the mover, so the mover's
// support can only grow and the persuasion against it only shrink: a king that is safe
// right after the move stays safe. Most moves are decided by that single-square check;
// only the rest need the whole cascade.
bool pacifist_move_is_legal(const Position& pos, Move m) {
  const Color us = pos.side_to_move();
  PieceSets sets = apply_move(pos, m);
  for (Bitboard kings = sets.by_type[King] & sets.by_color[us]; kings;) {
    Square k = pop_lsb(kings);
    if (count_attackers(~us, k, sets.by_type, sets.by_color) <=
        count_attackers(us, k, sets.by_type, sets.by_color))
      return true;
  }
  return mover_keeps_a_king_after_cascade(sets, us);
}

bool pacifist_move_is_legal_by_cascade(const Position& pos, Move m) {
  PieceSets sets = apply_move(pos, m);
  return mover_keeps_a_king_after_cascade(sets, pos.side_to_move());
}

void generate_pacifist_legal(const Position& pos, MoveList& list) {
  MoveList pseudo;
  generate_pacifist_pseudo_legal(pos, pseudo);
  for (Move m : pseudo)
    if (pacifist_move_is_legal(pos, m)) list.push_back(m);
}

}  // namespace engine
