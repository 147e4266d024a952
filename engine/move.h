// SPDX-License-Identifier: GPL-3.0-or-later
// 16-bit move encoding and a fixed-capacity move list. Plain values.
//
//   bits 0-5   from square
//   bits 6-11  to square (for castling: the square of the castling rook)
//   bits 12-13 kind: 0 normal, 1 promotion, 2 en passant, 3 castling
//   bits 14-15 promotion piece: 0 knight, 1 bishop, 2 rook, 3 queen
//
// Debug builds (NDEBUG unset) assert that a constructed move's squares are on the board and
// its promotion piece is a knight, bishop, rook or queen; Release builds check nothing.
#pragma once

#include <array>
#include <cassert>
#include <cstddef>

#include "engine/types.h"

namespace engine {

enum class MoveKind : std::uint8_t { Normal, Promotion, EnPassant, Castling };

class Move {
 public:
  constexpr Move() = default;
  constexpr Move(Square from, Square to, MoveKind kind = MoveKind::Normal,
                 PieceType promotion = Knight)
      : data_(std::uint16_t(from | (to << 6) | (int(kind) << 12) | ((promotion - Knight) << 14))) {
    assert(from >= 0 && from < 64 && to >= 0 && to < 64 && "move square off the board");
    assert(promotion >= Knight && promotion <= Queen && "promotion to a non-piece");
  }

  static constexpr Move none() { return Move(); }
  static constexpr Move null() { return Move(1, 1); }  // "pass", used by null-move search
  static constexpr Move from_raw(std::uint16_t raw) {
    Move m;
    m.data_ = raw;
    return m;
  }

  constexpr Square from() const { return data_ & 63; }
  constexpr Square to() const { return (data_ >> 6) & 63; }
  constexpr MoveKind kind() const { return MoveKind((data_ >> 12) & 3); }
  constexpr PieceType promotion() const { return PieceType(((data_ >> 14) & 3) + Knight); }
  constexpr std::uint16_t raw() const { return data_; }
  constexpr bool is_ok() const { return from() != to(); }
  constexpr bool operator==(const Move&) const = default;

 private:
  std::uint16_t data_ = 0;
};

// Upper bound on generated moves: 218 is the chess maximum; Pacifist has no captures, so
// more pieces of one colour leave fewer empty target squares. 320 leaves a wide margin.
constexpr std::size_t kMaxMoves = 320;

class MoveList {
 public:
  void push_back(Move m) { moves_[size_++] = m; }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  void clear() { size_ = 0; }
  Move operator[](std::size_t i) const { return moves_[i]; }
  Move& operator[](std::size_t i) { return moves_[i]; }
  const Move* begin() const { return moves_.data(); }
  const Move* end() const { return moves_.data() + size_; }
  Move* begin() { return moves_.data(); }
  Move* end() { return moves_.data() + size_; }
  bool contains(Move m) const {
    for (Move x : *this)
      if (x == m) return true;
    return false;
  }

 private:
  std::array<Move, kMaxMoves> moves_;
  std::size_t size_ = 0;
};

}  // namespace engine
