// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/notation.h"

#include "engine/castling.h"
#include "engine/movegen.h"
#include "engine/text.h"

namespace engine {
namespace {

void append_square(std::string& out, Square s) {
  out += char('a' + file_of(s));
  out += char('1' + rank_of(s));
}

bool is_square_text(std::string_view t) {
  return t.size() == 2 && t[0] >= 'a' && t[0] <= 'h' && t[1] >= '1' && t[1] <= '8';
}

}  // namespace

std::string square_name(Square s) {
  std::string out;
  append_square(out, s);
  return out;
}

std::string move_to_uci(const Position& pos, Move m, CastlingNotation castling) {
  if (m == Move::none()) return "0000";
  std::string out;
  append_square(out, m.from());
  if (m.kind() == MoveKind::Castling && castling == CastlingNotation::KingDestination) {
    CastlingSide side = castling_side(m.from(), m.to());
    append_square(out, castling_king_destination(pos.side_to_move(), side));
  } else {
    append_square(out, m.to());
  }
  if (m.kind() == MoveKind::Promotion) out += "pnbrqk"[m.promotion()];
  return out;
}

std::expected<Move, std::string> parse_uci_move(const Position& pos, std::string_view text) {
  const bool well_formed =
      (text.size() == 4 || text.size() == 5) && is_square_text(text.substr(0, 2)) &&
      is_square_text(text.substr(2, 2)) &&
      (text.size() == 4 || std::string_view("nbrqNBRQ").find(text[4]) != std::string_view::npos);
  if (!well_formed)
    return std::unexpected(
        cat("malformed move '", text, "': expected UCI notation such as e2e4 or e7e8q"));
  std::string normalized(text);
  if (normalized.size() == 5) normalized[4] = char(normalized[4] | 0x20);

  // A plain king step wins over the king-to-destination spelling of castling: in some
  // Chess960 starts both read the same (spec "Notation"); king-takes-rook is unambiguous.
  MoveList legal = legal_moves(pos);
  Move castling_match = Move::none();
  for (Move m : legal) {
    if (move_to_uci(pos, m) == normalized) return m;
    if (m.kind() == MoveKind::Castling &&
        move_to_uci(pos, m, CastlingNotation::KingDestination) == normalized)
      castling_match = m;
  }
  if (castling_match != Move::none()) return castling_match;
  return std::unexpected(cat("illegal move '", text, "': not a legal move for ",
                             pos.side_to_move() == White ? "white" : "black", " in this position"));
}

}  // namespace engine
