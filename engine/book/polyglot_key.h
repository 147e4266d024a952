// SPDX-License-Identifier: GPL-3.0-or-later
// The Polyglot key of a position and the Polyglot move encoding, as the opening-book format
// defines them (engine/book/polyglot_random.h holds the format's random numbers). Pure
// functions; any thread.
#pragma once

#include <cstdint>
#include <optional>

#include "engine/position.h"

namespace engine::book {

// The format's key: piece-square numbers of every piece, the castling rights, the
// en-passant file only when a pawn of the side to move stands beside the pawn that just
// moved two squares (the format's rule: pins are not considered), and the side to move.
// Chess960 and fromPosition positions use the same four castling rights.
std::uint64_t polyglot_key(const Position& pos);

// The legal move of pos that the format's 16-bit move names, or nullopt when it names
// none. Bits 0-5 are the target square, 6-11 the origin, 12-14 the promotion piece (0 none,
// 1 knight ... 4 queen). Castling is written king-takes-rook (e1h1, e1a1, or a Chess960
// king onto its own rook's square), which is how engine::Move encodes castling too.
std::optional<Move> decode_polyglot_move(const Position& pos, std::uint16_t raw);

// The format's 16-bit spelling of a move of pos (castling king-takes-rook).
std::uint16_t encode_polyglot_move(Move move);

}  // namespace engine::book
