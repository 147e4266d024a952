// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/book/polyglot_key.h"

#include "engine/attacks.h"
#include "engine/book/polyglot_random.h"
#include "engine/movegen.h"

namespace engine::book {
namespace {

// The format orders piece kinds black pawn, white pawn, black knight, ... white king.
int piece_kind(Piece p) {
  return 2 * int(type_of(p)) + (color_of(p) == White ? 1 : 0);
}

// The format's promotion field: 0 none, 1 knight, 2 bishop, 3 rook, 4 queen.
int promotion_code(Move m) {
  return m.kind() == MoveKind::Promotion ? int(m.promotion() - Knight) + 1 : 0;
}

}  // namespace

std::uint64_t polyglot_key(const Position& pos) {
  std::uint64_t key = 0;
  Bitboard occupied = pos.occupied();
  while (occupied) {
    const Square s = pop_lsb(occupied);
    key ^= kPolyglotRandom[kPolyglotPieceOffset + 64 * piece_kind(pos.piece_on(s)) + s];
  }
  // Our rights bits are ordered as the format's: white short, white long, black short, long.
  for (int bit = 0; bit < 4; ++bit)
    if (pos.castling_rights() & (1 << bit)) key ^= kPolyglotRandom[kPolyglotCastlingOffset + bit];
  const Color us = pos.side_to_move();
  const Square ep = pos.en_passant();
  // Our pawns that attack the en-passant square are those beside the pawn that moved.
  if (ep != kNoSquare && (pawn_attacks(~us, ep) & pos.pieces(us, Pawn)))
    key ^= kPolyglotRandom[kPolyglotEnPassantOffset + file_of(ep)];
  if (us == White) key ^= kPolyglotRandom[kPolyglotTurnIndex];
  return key;
}

std::uint16_t encode_polyglot_move(Move move) {
  return std::uint16_t(move.to() | (move.from() << 6) | (promotion_code(move) << 12));
}

std::optional<Move> decode_polyglot_move(const Position& pos, std::uint16_t raw) {
  // Bit 15 is unused by the format; a move that sets it names nothing.
  if (raw & 0x8000) return std::nullopt;
  for (Move m : legal_moves(pos))
    if (encode_polyglot_move(m) == raw) return m;
  return std::nullopt;
}

}  // namespace engine::book
