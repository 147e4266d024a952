// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/san.h"

#include <optional>

#include "engine/castling.h"
#include "engine/movegen.h"
#include "engine/text.h"

namespace engine {
namespace {

constexpr std::string_view kPieceLetters = "PNBRQK";

char piece_letter(PieceType t) {
  return kPieceLetters[t];
}

void append_square(std::string& out, Square s) {
  out += char('a' + file_of(s));
  out += char('1' + rank_of(s));
}

PieceType moving_type(const Position& pos, Move m) {
  return type_of(pos.piece_on(m.from()));
}

// The file, the rank, both or neither of m's origin: what tells m apart from the other
// legal moves of the same piece type to the same square.
std::string disambiguation(const Position& pos, const MoveList& legal, Move m) {
  const PieceType type = moving_type(pos, m);
  bool ambiguous = false, same_file = false, same_rank = false;
  for (Move other : legal) {
    if (other.from() == m.from() || other.to() != m.to() || other.kind() == MoveKind::Castling ||
        moving_type(pos, other) != type)
      continue;
    ambiguous = true;
    same_file |= file_of(other.from()) == file_of(m.from());
    same_rank |= rank_of(other.from()) == rank_of(m.from());
  }
  std::string out;
  if (!ambiguous) return out;
  if (!same_file) return out += char('a' + file_of(m.from()));
  if (!same_rank) return out += char('1' + rank_of(m.from()));
  append_square(out, m.from());
  return out;
}

// "+" / "#" for the position after m (see san.h for the Pacifist meaning).
std::string_view check_suffix(const Position& pos, Move m) {
  Position after = pos;
  UndoRecord undo;
  after.make_move(m, undo);
  const Color them = after.side_to_move();
  if (after.pacifist()) {
    if (after.pieces(them, King)) return "";
    return legal_moves(after).empty() ? "#" : "+";
  }
  if (!after.in_check()) return "";
  return legal_moves(after).empty() ? "#" : "+";
}

// The move without its check suffix.
std::string san_body(const Position& pos, const MoveList& legal, Move m) {
  if (m.kind() == MoveKind::Castling)
    return castling_side(m.from(), m.to()) == KingSide ? "O-O" : "O-O-O";
  std::string out;
  const PieceType type = moving_type(pos, m);
  const bool capture = pos.is_capture(m);
  if (type == Pawn) {
    if (capture) out += char('a' + file_of(m.from()));
  } else {
    out += piece_letter(type);
    out += disambiguation(pos, legal, m);
  }
  if (capture) out += 'x';
  append_square(out, m.to());
  if (m.kind() == MoveKind::Promotion) {
    out += '=';
    out += piece_letter(m.promotion());
  }
  return out;
}

// What a SAN text says about a move, before it is matched against the legal moves.
struct SanPattern {
  bool castling = false;
  CastlingSide side = KingSide;
  PieceType type = Pawn;
  int from_file = -1;  // -1: not given
  int from_rank = -1;
  bool capture = false;
  Square to = kNoSquare;
  std::optional<PieceType> promotion;
};

std::optional<PieceType> piece_from_letter(char c) {
  const std::size_t i = kPieceLetters.find(c);
  if (i == std::string_view::npos || i == 0) return std::nullopt;
  return PieceType(i);
}

bool is_file(char c) {
  return c >= 'a' && c <= 'h';
}
bool is_rank(char c) {
  return c >= '1' && c <= '8';
}

// Removes annotation suffixes ("+", "#", "!", "?") and "e.p." from the end.
std::string_view strip_suffixes(std::string_view s) {
  for (;;) {
    while (!s.empty() && std::string_view("+#!?").find(s.back()) != std::string_view::npos)
      s.remove_suffix(1);
    if (s.ends_with("e.p.")) {
      s.remove_suffix(4);
      while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
      continue;
    }
    return s;
  }
}

std::optional<SanPattern> parse_pattern(std::string_view text) {
  std::string s(strip_suffixes(text));
  SanPattern p;
  for (char& c : s)
    if (c == '0') c = 'O';
  if (s == "O-O" || s == "O-O-O") {
    p.castling = true;
    p.side = s == "O-O" ? KingSide : QueenSide;
    return p;
  }
  std::string_view rest = s;
  // Promotion: "=Q" (any case) or a bare upper-case letter after the destination rank.
  if (rest.size() >= 2 && rest[rest.size() - 2] == '=') {
    p.promotion = piece_from_letter(char(rest.back() & ~0x20));
    if (!p.promotion || *p.promotion == King) return std::nullopt;
    rest.remove_suffix(2);
  } else if (rest.size() >= 2 && is_rank(rest[rest.size() - 2]) && piece_from_letter(rest.back())) {
    p.promotion = piece_from_letter(rest.back());
    if (*p.promotion == King) return std::nullopt;
    rest.remove_suffix(1);
  }
  if (rest.size() < 2 || !is_file(rest[rest.size() - 2]) || !is_rank(rest.back()))
    return std::nullopt;
  p.to = make_square(rest[rest.size() - 2] - 'a', rest.back() - '1');
  rest.remove_suffix(2);
  if (!rest.empty() && std::string_view("PNBRQK").find(rest.front()) != std::string_view::npos) {
    p.type = rest.front() == 'P' ? Pawn : *piece_from_letter(rest.front());
    rest.remove_prefix(1);
  }
  if (!rest.empty() && (rest.back() == 'x' || rest.back() == ':')) {
    p.capture = true;
    rest.remove_suffix(1);
  }
  if (!rest.empty() && is_file(rest.front())) {
    p.from_file = rest.front() - 'a';
    rest.remove_prefix(1);
  }
  if (!rest.empty() && is_rank(rest.front())) {
    p.from_rank = rest.front() - '1';
    rest.remove_prefix(1);
  }
  if (!rest.empty()) return std::nullopt;
  if (p.promotion && p.type != Pawn) return std::nullopt;
  return p;
}

bool matches(const Position& pos, const SanPattern& p, Move m) {
  if (p.castling)
    return m.kind() == MoveKind::Castling && castling_side(m.from(), m.to()) == p.side;
  if (m.kind() == MoveKind::Castling || m.to() != p.to || moving_type(pos, m) != p.type)
    return false;
  if (p.from_file >= 0 && file_of(m.from()) != p.from_file) return false;
  if (p.from_rank >= 0 && rank_of(m.from()) != p.from_rank) return false;
  if (p.capture && !pos.is_capture(m)) return false;
  // A pawn move written without its file is a straight push, never a capture.
  if (p.type == Pawn && p.from_file < 0 && file_of(m.from()) != file_of(p.to)) return false;
  const bool promotes = m.kind() == MoveKind::Promotion;
  if (promotes != p.promotion.has_value()) return false;
  return !promotes || m.promotion() == *p.promotion;
}

}  // namespace

std::string move_to_san(const Position& pos, Move m) {
  const MoveList legal = legal_moves(pos);
  std::string out = san_body(pos, legal, m);
  out += check_suffix(pos, m);
  return out;
}

std::string line_to_san(const Position& pos, std::span<const Move> moves) {
  Position at = pos;
  std::string out;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    if (!is_legal(at, moves[i])) break;
    if (!out.empty()) out += ' ';
    if (at.side_to_move() == White)
      out += std::to_string(at.fullmove_number()) + ". ";
    else if (i == 0)
      out += std::to_string(at.fullmove_number()) + "... ";
    out += move_to_san(at, moves[i]);
    UndoRecord undo;
    at.make_move(moves[i], undo);
  }
  return out;
}

std::expected<Move, std::string> parse_san(const Position& pos, std::string_view text) {
  const std::optional<SanPattern> pattern = parse_pattern(text);
  if (!pattern)
    return std::unexpected(
        cat("malformed SAN '", text, "': expected a move such as e4, Nf3, exd5, e8=Q or O-O"));
  Move found = Move::none();
  int count = 0;
  for (Move m : legal_moves(pos)) {
    if (!matches(pos, *pattern, m)) continue;
    found = m;
    ++count;
  }
  const std::string_view side = pos.side_to_move() == White ? "white" : "black";
  if (count == 0)
    return std::unexpected(
        cat("illegal move '", text, "': no legal move of ", side, " matches it in this position"));
  if (count > 1)
    return std::unexpected(
        cat("ambiguous move '", text, "': ", count, " legal moves of ", side, " match it"));
  return found;
}

}  // namespace engine
