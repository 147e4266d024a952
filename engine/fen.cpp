// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/fen.h"

#include <cctype>
#include <charconv>
#include <vector>

#include "engine/attacks.h"
#include "engine/text.h"

namespace engine {
namespace {

constexpr std::string_view kPieceLetters = "pnbrqk";

std::string square_name(Square s) {
  return {char('a' + file_of(s)), char('1' + rank_of(s))};
}

std::string color_name(Color c) {
  return c == White ? "white" : "black";
}

std::vector<std::string_view> split(std::string_view text, char separator, bool skip_empty) {
  std::vector<std::string_view> parts;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find(separator, start);
    if (end == std::string_view::npos) end = text.size();
    if (!skip_empty || end > start) parts.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return parts;
}

std::expected<void, std::string> parse_placement(std::string_view field, PositionBuilder& builder) {
  std::vector<std::string_view> ranks = split(field, '/', false);
  if (ranks.size() != 8)
    return std::unexpected(cat("piece placement '", field, "' has ", ranks.size(),
                               " ranks; expected 8 separated by '/'"));
  for (int i = 0; i < 8; ++i) {
    const int rank = 7 - i;
    int file = 0;
    for (char ch : ranks[i]) {
      if (ch >= '1' && ch <= '8') {
        file += ch - '0';
      } else {
        std::size_t type = kPieceLetters.find(char(ch | 0x20));
        if (type == std::string_view::npos || !std::isalpha(static_cast<unsigned char>(ch)))
          return std::unexpected(
              cat("unknown piece letter '", ch, "' on rank ", rank + 1, " ('", ranks[i], "')"));
        if (file < 8) {
          Color c = (ch >= 'a') ? Black : White;
          Square s = make_square(file, rank);
          if (type == Pawn && (rank == 0 || rank == 7))
            return std::unexpected(
                cat("pawn on ", square_name(s), ": pawns cannot stand on the first or last rank"));
          builder.put(make_piece(c, PieceType(type)), s);
        }
        ++file;
      }
      if (file > 8) break;
    }
    if (file != 8)
      return std::unexpected(
          cat("rank ", rank + 1, " ('", ranks[i], "') describes ", file, " files; expected 8"));
  }
  return {};
}

std::expected<void, std::string> check_king_count(const Position& pos, Variant variant) {
  if (is_pacifist(variant)) {
    int kings = popcount(pos.pieces(King));
    if (kings != 2)
      return std::unexpected(cat("the board has ", kings,
                                 " kings; Pacifist chess needs exactly two (of any colours)"));
    return {};
  }
  for (Color c : {White, Black}) {
    int kings = popcount(pos.pieces(c, King));
    if (kings != 1)
      return std::unexpected(
          cat(color_name(c), " has ", kings, " kings; chess needs exactly one per side"));
  }
  return {};
}

// Castling field: KQkq, X-FEN (outermost rook by K/Q, inner rooks by file letter) or
// Shredder-FEN (always file letters). Each right must be backed by a king of that
// colour on its first rank and a rook of that colour on the named square.
std::expected<CastlingSetup, std::string> parse_castling(std::string_view field,
                                                         const Position& pos, int& rights) {
  CastlingSetup setup;
  rights = 0;
  if (field == "-") return setup;
  for (char ch : field) {
    if (!std::isalpha(static_cast<unsigned char>(ch)))
      return std::unexpected(
          cat("castling field '", field, "': '", ch, "' is not a castling right"));
    const Color c = std::isupper(static_cast<unsigned char>(ch)) ? White : Black;
    const char lower = char(ch | 0x20);
    const int first_rank = c == White ? 0 : 7;
    Bitboard kings = pos.pieces(c, King) & rank_bb(first_rank);
    if (popcount(kings) != 1)
      return std::unexpected(cat("castling right '", ch, "' needs exactly one ", color_name(c),
                                 " king on rank ", first_rank + 1));
    const Square king = lsb(kings);
    Bitboard rooks = pos.pieces(c, Rook) & rank_bb(first_rank);
    Square rook = kNoSquare;
    if (lower == 'k') {
      Bitboard beyond = rooks & ~(square_bb(king) * 2 - 1);  // files east of the king
      if (beyond) rook = msb(beyond);
    } else if (lower == 'q') {
      Bitboard before = rooks & (square_bb(king) - 1) & rank_bb(first_rank);
      if (before) rook = lsb(before);
    } else if (lower >= 'a' && lower <= 'h') {
      Square s = make_square(lower - 'a', first_rank);
      if (rooks & square_bb(s)) rook = s;
    } else {
      return std::unexpected(
          cat("castling field '", field, "': '", ch, "' is not a castling right"));
    }
    if (rook == kNoSquare || rook == king)
      return std::unexpected(cat("castling right '", ch, "' has no ", color_name(c),
                                 " rook on rank ", first_rank + 1, " to back it"));
    CastlingSide side = rook > king ? KingSide : QueenSide;
    if (rights & castling_bit(c, side))
      return std::unexpected(cat("castling field '", field, "' gives ", color_name(c),
                                 " two rights on the same side"));
    rights |= castling_bit(c, side);
    setup.king_from[c] = king;
    setup.rook_from[c][side] = rook;
    setup.rights_lost_on[king] |=
        std::uint8_t(castling_bit(c, KingSide) | castling_bit(c, QueenSide));
    setup.rights_lost_on[rook] |= std::uint8_t(castling_bit(c, side));
  }
  return setup;
}

std::expected<Square, std::string> parse_en_passant(std::string_view field, const Position& pos,
                                                    Color side) {
  if (field == "-") return kNoSquare;
  if (field.size() != 2 || field[0] < 'a' || field[0] > 'h' || field[1] < '1' || field[1] > '8')
    return std::unexpected(cat("en passant field '", field, "' is not '-' or a square"));
  Square s = make_square(field[0] - 'a', field[1] - '1');
  if (pos.pacifist()) return kNoSquare;  // Pacifist has no en passant; the field is ignored
  const int expected_rank = side == White ? 5 : 2;
  Square pusher = s - pawn_push(side);
  if (rank_of(s) != expected_rank || pos.piece_on(pusher) != make_piece(~side, Pawn) ||
      !pos.empty(s) || !pos.empty(s + pawn_push(side)))
    return std::unexpected(cat("en passant square ", field, " is impossible: no ",
                               color_name(~side), " pawn just made a two-square move past it"));
  // Keep the square only when a pawn can take there, so equal positions hash equally.
  return (pawn_attacks(~side, s) & pos.pieces(side, Pawn)) ? s : kNoSquare;
}

std::expected<int, std::string> parse_counter(std::string_view field, const char* name, int min,
                                              int max) {
  int value = 0;
  auto [end, error] = std::from_chars(field.data(), field.data() + field.size(), value);
  if (error != std::errc() || end != field.data() + field.size())
    return std::unexpected(cat(name, " '", field, "' is not a number"));
  if (value < min || value > max)
    return std::unexpected(cat(name, " ", value, " is out of range ", min, "..", max));
  return value;
}

}  // namespace

std::expected<Position, std::string> parse_fen(std::string_view fen, Variant variant) {
  if (fen == "startpos") fen = kStartFen;
  std::vector<std::string_view> fields = split(fen, ' ', true);
  if (fields.size() < 4)
    return std::unexpected(
        cat("FEN '", fen, "' has ", fields.size(),
            " fields; expected placement, side, castling, en passant and clocks"));
  if (fields.size() > 6)
    return std::unexpected(cat("trailing text after the fullmove number: '", fields[6], "'"));

  PositionBuilder builder(variant);
  if (auto placed = parse_placement(fields[0], builder); !placed)
    return std::unexpected(placed.error());
  if (auto kings = check_king_count(builder.peek(), variant); !kings)
    return std::unexpected(kings.error());
  if (fields[1] != "w" && fields[1] != "b")
    return std::unexpected(cat("side to move '", fields[1], "' must be 'w' or 'b'"));
  const Color side = fields[1] == "w" ? White : Black;
  builder.set_side(side);

  int rights = 0;
  auto castling = parse_castling(fields[2], builder.peek(), rights);
  if (!castling) return std::unexpected(castling.error());
  builder.set_castling(*castling, rights);
  auto en_passant = parse_en_passant(fields[3], builder.peek(), side);
  if (!en_passant) return std::unexpected(en_passant.error());
  builder.set_en_passant(*en_passant);

  int rule50 = 0, fullmove = 1;
  if (fields.size() > 4) {
    auto parsed = parse_counter(fields[4], "halfmove clock", 0, 1000);
    if (!parsed) return std::unexpected(parsed.error());
    rule50 = *parsed;
  }
  if (fields.size() > 5) {
    auto parsed = parse_counter(fields[5], "fullmove number", 1, 100000);
    if (!parsed) return std::unexpected(parsed.error());
    fullmove = *parsed;
  }
  builder.set_clocks(rule50, fullmove);
  Position pos = builder.finish();
  if (!pos.pacifist()) {
    Square king = pos.king_square(~side);
    if (pos.attackers_to(king, pos.occupied()) & pos.pieces(side))
      return std::unexpected(
          cat(color_name(~side), " is in check but it is ", color_name(side), "'s turn"));
  }
  return pos;
}

std::string to_fen(const Position& pos) {
  std::string out;
  for (int rank = 7; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < 8; ++file) {
      Piece p = pos.piece_on(make_square(file, rank));
      if (p == NoPiece) {
        ++empty;
        continue;
      }
      if (empty) out += char('0' + empty);
      empty = 0;
      char letter = kPieceLetters[type_of(p)];
      out += color_of(p) == White ? char(letter - 32) : letter;
    }
    if (empty) out += char('0' + empty);
    if (rank) out += '/';
  }
  out += pos.side_to_move() == White ? " w " : " b ";
  std::string castling;
  for (Color c : {White, Black}) {
    for (CastlingSide side : {KingSide, QueenSide}) {
      if (!pos.can_castle(c, side)) continue;
      Square rook = pos.castling_rook(c, side);
      Bitboard first_rank = rank_bb(c == White ? 0 : 7);
      Bitboard outer = side == KingSide ? ~(square_bb(rook) * 2 - 1) : square_bb(rook) - 1;
      bool outermost = !(pos.pieces(c, Rook) & first_rank & outer);
      char letter = outermost ? (side == KingSide ? 'k' : 'q') : char('a' + file_of(rook));
      castling += c == White ? char(letter - 32) : letter;
    }
  }
  out += castling.empty() ? "-" : castling;
  out += ' ';
  out += pos.en_passant() == kNoSquare ? "-" : square_name(pos.en_passant());
  out += cat(" ", pos.rule50(), " ", pos.fullmove_number());
  return out;
}

std::string chess960_start_fen(int index) {
  std::string back(8, ' ');
  int n = index;
  back[(n % 4) * 2 + 1] = 'b';
  n /= 4;
  back[(n % 4) * 2] = 'b';
  n /= 4;
  auto place_in_free = [&back](int nth, char piece) {
    for (int file = 0; file < 8; ++file)
      if (back[file] == ' ' && nth-- == 0) {
        back[file] = piece;
        return;
      }
  };
  place_in_free(n % 6, 'q');
  n /= 6;
  static constexpr int kKnightPairs[10][2] = {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2},
                                              {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}};
  place_in_free(kKnightPairs[n][1], 'n');  // the later knight first, so indices stay valid
  place_in_free(kKnightPairs[n][0], 'n');
  place_in_free(0, 'r');
  place_in_free(0, 'k');
  place_in_free(0, 'r');
  std::string white = back;
  for (char& ch : white) ch = char(ch - 32);
  return cat(back, "/pppppppp/8/8/8/8/PPPPPPPP/", white, " w KQkq - 0 1");
}

}  // namespace engine
