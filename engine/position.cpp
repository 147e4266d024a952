// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/position.h"

#include <cassert>

#include "engine/attacks.h"
#include "engine/castling.h"
#include "engine/rules/cascade.h"
#include "engine/zobrist.h"

namespace engine {
namespace {

constexpr char kPieceChars[] = "PNBRQK  pnbrqk";

}  // namespace

void Position::put_piece(Piece p, Square s) {
  assert(s >= 0 && s < 64 && board_[s] == NoPiece && p != NoPiece && "put on a full square");
  board_[s] = p;
  by_type_[type_of(p)] |= square_bb(s);
  by_color_[color_of(p)] |= square_bb(s);
  key_ ^= zobrist::piece_square(p, s);
}

void Position::remove_piece(Square s) {
  assert(s >= 0 && s < 64 && board_[s] != NoPiece && "remove from an empty square");
  Piece p = board_[s];
  by_type_[type_of(p)] ^= square_bb(s);
  by_color_[color_of(p)] ^= square_bb(s);
  board_[s] = NoPiece;
  key_ ^= zobrist::piece_square(p, s);
}

void Position::move_piece(Square from, Square to) {
  assert(from >= 0 && from < 64 && to >= 0 && to < 64 && "move off the board");
  assert(board_[from] != NoPiece && board_[to] == NoPiece && "move from empty or onto a piece");
  Piece p = board_[from];
  Bitboard from_to = square_bb(from) | square_bb(to);
  by_type_[type_of(p)] ^= from_to;
  by_color_[color_of(p)] ^= from_to;
  board_[from] = NoPiece;
  board_[to] = p;
  key_ ^= zobrist::piece_square(p, from) ^ zobrist::piece_square(p, to);
}

// Spec "Conversion cascade": a converted piece keeps its type and changes colour.
void Position::flip_piece(Square s) {
  assert(s >= 0 && s < 64 && board_[s] != NoPiece && "flip on an empty square");
  Piece p = board_[s];
  Piece flipped = make_piece(~color_of(p), type_of(p));
  by_color_[White] ^= square_bb(s);
  by_color_[Black] ^= square_bb(s);
  board_[s] = flipped;
  key_ ^= zobrist::piece_square(p, s) ^ zobrist::piece_square(flipped, s);
}

void Position::lose_castling_rights(int rights) {
  if (!(castling_ & rights)) return;
  key_ ^= zobrist::kKeys.castling[castling_];
  castling_ &= std::uint8_t(~rights);
  key_ ^= zobrist::kKeys.castling[castling_];
}

void Position::do_castling(Color us, Square king_from, Square rook_from, bool undo) {
  CastlingSide side = castling_side(king_from, rook_from);
  Square king_to = castling_king_destination(us, side);
  Square rook_to = castling_rook_destination(us, side);
  Piece king = make_piece(us, King), rook = make_piece(us, Rook);
  if (!undo) {
    remove_piece(king_from);
    remove_piece(rook_from);
    put_piece(king, king_to);
    put_piece(rook, rook_to);
  } else {
    remove_piece(king_to);
    remove_piece(rook_to);
    put_piece(king, king_from);
    put_piece(rook, rook_from);
  }
}

Bitboard Position::attackers_to(Square s, Bitboard occupied) const {
  return (pawn_attacks(Black, s) & pieces(White, Pawn)) |
         (pawn_attacks(White, s) & pieces(Black, Pawn)) | (knight_attacks(s) & by_type_[Knight]) |
         (king_attacks(s) & by_type_[King]) |
         (rook_attacks(s, occupied) & (by_type_[Rook] | by_type_[Queen])) |
         (bishop_attacks(s, occupied) & (by_type_[Bishop] | by_type_[Queen]));
}

void Position::update_checkers() {
  Bitboard kings = pieces(side_, King);
  checkers_ = kings ? attackers_to(lsb(kings), occupied()) & pieces(~side_) : 0;
}

void Position::make_move(Move m, UndoRecord& undo) {
  undo.key = key_;
  undo.checkers = checkers_;
  undo.en_passant = en_passant_;
  undo.castling = castling_;
  undo.rule50 = std::uint16_t(rule50_);
  undo.captured = NoPiece;
  undo.converted = 0;
  if (pacifist()) undo.counts = counts_;
  history_.push_back(key_);

  const Color us = side_, them = ~us;
  const Square from = m.from(), to = m.to();
  const Piece piece = board_[from];
  if (en_passant_ != kNoSquare) {
    key_ ^= zobrist::kKeys.en_passant_file[file_of(en_passant_)];
    en_passant_ = kNoSquare;
  }
  ++rule50_;
  int rights_lost = castling_setup_.rights_lost_on[from] | castling_setup_.rights_lost_on[to];

  if (m.kind() == MoveKind::Castling) {
    do_castling(us, from, to, false);
  } else {
    if (m.kind() == MoveKind::EnPassant) {
      Square victim = to - pawn_push(us);
      undo.captured = board_[victim];
      remove_piece(victim);
    } else if (board_[to] != NoPiece) {
      undo.captured = board_[to];
      remove_piece(to);
    }
    if (undo.captured != NoPiece) rule50_ = 0;
    move_piece(from, to);
    if (type_of(piece) == Pawn) {
      rule50_ = 0;
      if ((to ^ from) == 16 && !pacifist()) {
        Square passed = (from + to) / 2;
        if (pawn_attacks(us, passed) & pieces(them, Pawn)) {
          en_passant_ = passed;
          key_ ^= zobrist::kKeys.en_passant_file[file_of(passed)];
        }
      }
      if (m.kind() == MoveKind::Promotion) {
        remove_piece(to);
        put_piece(make_piece(us, m.promotion()), to);
      }
    }
  }
  lose_castling_rights(rights_lost);
  side_ = them;
  key_ ^= zobrist::kKeys.side;
  ++game_ply_;
  if (pacifist())
    run_cascade(undo);
  else
    update_checkers();
  assert_invariants();
}

// Spec "Conversion cascade": resolve_cascade decides which pieces flip; this
// applies the flips to the board, key and castling rights. side_ already names
// the non-mover here.
void Position::run_cascade(UndoRecord& undo) {
  PieceSets sets{by_type_, by_color_};
  CascadeResult result = resolve_cascade(sets, ~side_);
  counts_ = result.counts;
  int rights_lost = 0;
  for (Bitboard b = result.converted; b;) {
    Square s = pop_lsb(b);
    flip_piece(s);
    rights_lost |= castling_setup_.rights_lost_on[s];
  }
  lose_castling_rights(rights_lost);
  if (result.converted) rule50_ = 0;
  undo.converted = result.converted;
  last_converted_ = result.converted;
}

void Position::undo_move(Move m, const UndoRecord& undo) {
  side_ = ~side_;
  --game_ply_;
  const Color us = side_;
  const Square from = m.from(), to = m.to();
  for (Bitboard b = undo.converted; b;) flip_piece(pop_lsb(b));
  if (m.kind() == MoveKind::Castling) {
    do_castling(us, from, to, true);
  } else {
    if (m.kind() == MoveKind::Promotion) {
      remove_piece(to);
      put_piece(make_piece(us, Pawn), to);
    }
    move_piece(to, from);
    if (undo.captured != NoPiece)
      put_piece(undo.captured, m.kind() == MoveKind::EnPassant ? to - pawn_push(us) : to);
  }
  key_ = undo.key;
  checkers_ = undo.checkers;
  en_passant_ = undo.en_passant;
  castling_ = undo.castling;
  rule50_ = undo.rule50;
  if (pacifist()) {
    counts_ = undo.counts;
    last_converted_ = 0;
  }
  history_.pop_back();
  assert_invariants();
}

void Position::make_null_move(UndoRecord& undo) {
  undo.key = key_;
  undo.checkers = checkers_;
  undo.en_passant = en_passant_;
  undo.rule50 = std::uint16_t(rule50_);
  history_.push_back(key_);
  if (en_passant_ != kNoSquare) {
    key_ ^= zobrist::kKeys.en_passant_file[file_of(en_passant_)];
    en_passant_ = kNoSquare;
  }
  side_ = ~side_;
  key_ ^= zobrist::kKeys.side;
  ++rule50_;
  ++game_ply_;
  checkers_ = 0;
}

void Position::undo_null_move(const UndoRecord& undo) {
  side_ = ~side_;
  --game_ply_;
  key_ = undo.key;
  checkers_ = undo.checkers;
  en_passant_ = undo.en_passant;
  rule50_ = undo.rule50;
  history_.pop_back();
}

bool Position::last_move_was_legal() const {
  const Color mover = ~side_;
  if (pacifist()) return (pieces(mover, King) & ~counts_.outnumbered(mover)) != 0;
  return (attackers_to(king_square(mover), occupied()) & pieces(side_)) == 0;
}

int Position::repetitions() const {
  int count = 0;
  int window = std::min<int>(rule50_, int(history_.size()));
  for (int back = 2; back <= window; back += 2)
    if (history_[history_.size() - back] == key_) ++count;
  return count;
}

Key Position::compute_key() const {
  Key k = 0;
  for (Square s = 0; s < 64; ++s)
    if (board_[s] != NoPiece) k ^= zobrist::piece_square(board_[s], s);
  k ^= zobrist::kKeys.castling[castling_];
  if (en_passant_ != kNoSquare) k ^= zobrist::kKeys.en_passant_file[file_of(en_passant_)];
  if (side_ == Black) k ^= zobrist::kKeys.side;
  return k;
}

bool Position::is_consistent(std::string* why) const {
  auto fail = [why](const char* what) {
    if (why) *why = what;
    return false;
  };
  std::array<Bitboard, 6> types{};
  std::array<Bitboard, 2> colors{};
  for (Square s = 0; s < 64; ++s) {
    if (board_[s] == NoPiece) continue;
    types[type_of(board_[s])] |= square_bb(s);
    colors[color_of(board_[s])] |= square_bb(s);
  }
  if (types != by_type_ || colors != by_color_) return fail("bitboards disagree with the board");
  if (compute_key() != key_) return fail("incremental key differs from a fresh key");
  if (pacifist() && count_attacks(by_type_, by_color_) != counts_)
    return fail("persuasion counts differ from a fresh count");
  if (!pacifist()) {
    Bitboard expected = attackers_to(king_square(side_), occupied()) & pieces(~side_);
    if (expected != checkers_) return fail("checkers differ from a fresh computation");
  }
  return true;
}

void Position::assert_invariants() const {
#ifndef NDEBUG
  std::string why;
  assert(is_consistent(&why) && "Position::is_consistent failed");
  if (pacifist())
    assert(popcount(pieces(King)) == 2 && "Pacifist needs two kings");
  else
    assert(popcount(pieces(White, King)) == 1 && popcount(pieces(Black, King)) == 1 &&
           "chess needs one king per side");
#endif
}

std::string Position::to_text() const {
  std::string out;
  for (int rank = 7; rank >= 0; --rank) {
    out += char('1' + rank);
    out += ' ';
    for (int file = 0; file < 8; ++file) {
      Piece p = board_[make_square(file, rank)];
      out += p == NoPiece ? '.' : kPieceChars[p];
      out += file < 7 ? " " : "\n";
    }
  }
  out += "  a b c d e f g h\n";
  return out;
}

Position PositionBuilder::finish() {
  Position& p = pos_;
  if (p.side_ == Black) p.key_ ^= zobrist::kKeys.side;
  p.key_ ^= zobrist::kKeys.castling[p.castling_];
  if (p.en_passant_ != kNoSquare) p.key_ ^= zobrist::kKeys.en_passant_file[file_of(p.en_passant_)];
  if (p.pacifist())
    p.counts_ = count_attacks(p.by_type_, p.by_color_);
  else
    p.update_checkers();
  return p;
}

}  // namespace engine
