// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/rules/standard.h"

#include "engine/attacks.h"
#include "engine/castling.h"

namespace engine {
namespace {

void add_promotions(MoveList& list, Square from, Square to) {
  for (PieceType t : {Queen, Rook, Bishop, Knight})
    list.push_back(Move(from, to, MoveKind::Promotion, t));
}

void add_pawn_move(MoveList& list, Color us, Square from, Square to) {
  if (relative_rank(us, rank_of(to)) == 7)
    add_promotions(list, from, to);
  else
    list.push_back(Move(from, to));
}

// Our pieces that alone stand between our king and an enemy slider.
Bitboard pinned_pieces(const Position& pos, Color us, Square king) {
  Color them = ~us;
  Bitboard snipers =
      (rook_attacks(king, 0) & (pos.pieces(them, Rook) | pos.pieces(them, Queen))) |
      (bishop_attacks(king, 0) & (pos.pieces(them, Bishop) | pos.pieces(them, Queen)));
  Bitboard pinned = 0, occupied = pos.occupied();
  while (snipers) {
    Bitboard blockers = between_bb(king, pop_lsb(snipers)) & occupied;
    if (blockers && !more_than_one(blockers)) pinned |= blockers & pos.pieces(us);
  }
  return pinned;
}

// En passant removes two pawns from their squares at once (possibly uncovering a slider
// along the rank), so test the resulting king safety directly.
bool en_passant_is_legal(const Position& pos, Color us, Square king, Square from, Square to) {
  Square victim = to - pawn_push(us);
  Bitboard occupied = (pos.occupied() ^ square_bb(from) ^ square_bb(victim)) | square_bb(to);
  return !(pos.attackers_to(king, occupied) & pos.pieces(~us) & ~square_bb(victim));
}

void generate_pawn_moves(const Position& pos, MoveList& list, Square king, Bitboard pinned,
                         Bitboard target, MoveSet set) {
  const Color us = pos.side_to_move(), them = ~us;
  const Bitboard empty = ~pos.occupied();
  const Bitboard enemies = pos.pieces(them);
  for (Bitboard pawns = pos.pieces(us, Pawn); pawns;) {
    Square from = pop_lsb(pawns);
    Bitboard allowed = (pinned & square_bb(from)) ? line_bb(king, from) : ~Bitboard(0);
    Square one = from + pawn_push(us);
    if (set == MoveSet::Noisy) {
      // Of the pushes, only a promotion to a queen is noisy.
      if ((empty & target & allowed & square_bb(one)) && relative_rank(us, rank_of(one)) == 7)
        list.push_back(Move(from, one, MoveKind::Promotion, Queen));
    } else if (empty & square_bb(one)) {
      if (target & allowed & square_bb(one)) add_pawn_move(list, us, from, one);
      if (relative_rank(us, rank_of(from)) == 1) {
        Square two = one + pawn_push(us);
        if (empty & target & allowed & square_bb(two)) list.push_back(Move(from, two));
      }
    }
    for (Bitboard caps = pawn_attacks(us, from) & enemies & target & allowed; caps;)
      add_pawn_move(list, us, from, pop_lsb(caps));
    Square ep = pos.en_passant();
    if (ep != kNoSquare && (pawn_attacks(us, from) & square_bb(ep)) &&
        en_passant_is_legal(pos, us, king, from, ep))
      list.push_back(Move(from, ep, MoveKind::EnPassant));
  }
}

void generate_castling(const Position& pos, MoveList& list, Square king) {
  const Color us = pos.side_to_move(), them = ~us;
  for (CastlingSide side : {KingSide, QueenSide}) {
    if (!pos.can_castle(us, side)) continue;
    Square rook = pos.castling_rook(us, side);
    const CastlingPath path = castling_path(us, king, rook);
    if (path.must_be_empty & pos.occupied()) continue;
    Bitboard occupied = pos.occupied() ^ square_bb(king) ^ square_bb(rook);
    Bitboard king_path = path.king_crosses | square_bb(path.king_to);
    bool attacked = false;
    for (Bitboard b = king_path; b && !attacked;)
      attacked = pos.attackers_to(pop_lsb(b), occupied) & pos.pieces(them);
    if (!attacked) list.push_back(Move(king, rook, MoveKind::Castling));
  }
}

}  // namespace

void generate_chess_legal(const Position& pos, MoveList& list, MoveSet set) {
  const Color us = pos.side_to_move(), them = ~us;
  const Square king = pos.king_square(us);
  const Bitboard occupied = pos.occupied();
  const Bitboard checkers = pos.checkers();

  // King steps: the destination must be safe once the king has left its square.
  Bitboard without_king = occupied ^ square_bb(king);
  const Bitboard destinations = set == MoveSet::Noisy ? pos.pieces(them) : ~pos.pieces(us);
  for (Bitboard b = king_attacks(king) & destinations; b;) {
    Square to = pop_lsb(b);
    if (!(pos.attackers_to(to, without_king) & pos.pieces(them))) list.push_back(Move(king, to));
  }
  if (more_than_one(checkers)) return;  // double check: only the king may move

  Bitboard target = checkers ? between_bb(king, lsb(checkers)) | checkers : ~pos.pieces(us);
  Bitboard pinned = pinned_pieces(pos, us, king);
  generate_pawn_moves(pos, list, king, pinned, target, set);
  target &= destinations;
  for (PieceType t : {Knight, Bishop, Rook, Queen}) {
    for (Bitboard b = pos.pieces(us, t); b;) {
      Square from = pop_lsb(b);
      Bitboard moves = piece_attacks(t, from, occupied) & target;
      if (pinned & square_bb(from)) moves &= line_bb(king, from);
      while (moves) list.push_back(Move(from, pop_lsb(moves)));
    }
  }
  if (!checkers && set == MoveSet::All) generate_castling(pos, list, king);
}

}  // namespace engine
