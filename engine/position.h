// SPDX-License-Identifier: GPL-3.0-or-later
// The board: piece placement, side to move, castling, en passant, clocks,
// incremental Zobrist key and, for Pacifist, the persuasion counts of the
// current position. make_move/undo_move update everything incrementally; the
// caller keeps the UndoRecord of each move it makes.
//
// A Position is a value: copy it freely. It is not thread-safe; each search
// thread works on its own copy.
//
// Debug builds (NDEBUG unset) assert the invariants on every piece change (squares on the
// board, the square to fill empty, the square to empty occupied) and after every make_move
// and undo_move: bitboards agree with the mailbox, the incremental key (and in Pacifist the
// persuasion counts) with a fresh computation, and the kings the variant requires (one per
// side in chess, two in all in Pacifist). Release builds check nothing.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "engine/bitboard.h"
#include "engine/move.h"
#include "engine/rules/persuasion.h"

namespace engine {

// Castling geometry fixed at the start of a game (Chess960 style: any king and rook files).
struct CastlingSetup {
  // The square the castling king starts on, per colour (kNoSquare when the colour cannot castle).
  std::array<Square, 2> king_from{kNoSquare, kNoSquare};
  // The rook's original square per colour and side (kNoSquare when there is no such right).
  std::array<std::array<Square, 2>, 2> rook_from{{{kNoSquare, kNoSquare}, {kNoSquare, kNoSquare}}};
  // Rights to clear when a piece leaves, arrives at or is converted on a square.
  std::array<std::uint8_t, 64> rights_lost_on{};
};

// Everything make_move changes that undo_move cannot recompute.
struct UndoRecord {
  Key key = 0;
  Bitboard checkers = 0;
  Bitboard converted = 0;  // Pacifist: the squares whose pieces changed colour in the cascade
  AttackCounts counts;     // Pacifist: persuasion counts before the move
  Square en_passant = kNoSquare;
  std::uint8_t castling = 0;
  std::uint16_t rule50 = 0;
  Piece captured = NoPiece;
};

class Position {
 public:
  // Placement and state are normally set through parse_fen (engine/fen.h).
  Position() = default;

  Variant variant() const { return variant_; }
  bool pacifist() const { return is_pacifist(variant_); }
  Color side_to_move() const { return side_; }

  Piece piece_on(Square s) const { return board_[s]; }
  bool empty(Square s) const { return board_[s] == NoPiece; }
  Bitboard occupied() const { return by_color_[White] | by_color_[Black]; }
  Bitboard pieces(Color c) const { return by_color_[c]; }
  Bitboard pieces(PieceType t) const { return by_type_[t]; }
  Bitboard pieces(Color c, PieceType t) const { return by_color_[c] & by_type_[t]; }
  const std::array<Bitboard, 6>& by_type() const { return by_type_; }
  const std::array<Bitboard, 2>& by_color() const { return by_color_; }
  // The king square of colour c in a variant with exactly one king per side.
  Square king_square(Color c) const { return lsb(pieces(c, King)); }

  int castling_rights() const { return castling_; }
  bool can_castle(Color c, CastlingSide side) const { return castling_ & castling_bit(c, side); }
  const CastlingSetup& castling_setup() const { return castling_setup_; }
  Square castling_rook(Color c, CastlingSide side) const {
    return castling_setup_.rook_from[c][side];
  }
  Square en_passant() const { return en_passant_; }
  int rule50() const { return rule50_; }
  int game_ply() const { return game_ply_; }
  int fullmove_number() const { return 1 + (game_ply_ - (side_ == Black)) / 2; }
  Key key() const { return key_; }

  // Chess: pieces giving check to the side to move.
  Bitboard checkers() const { return checkers_; }
  bool in_check() const { return checkers_ != 0; }
  // Pieces of either colour attacking s (chess sense) with the given occupancy.
  Bitboard attackers_to(Square s, Bitboard occupied) const;
  // Pacifist: persuasion counts of the current position.
  const AttackCounts& counts() const { return counts_; }
  // Pacifist: colour c's pieces that are over-persuaded right now.
  Bitboard over_persuaded(Color c) const { return pieces(c) & counts_.outnumbered(c); }
  // Pacifist: the squares converted by the last move (empty after a quiet move).
  Bitboard last_converted() const { return last_converted_; }

  // Plays a pseudo-legal move (legality is the caller's business: see movegen.h).
  void make_move(Move m, UndoRecord& undo);
  void undo_move(Move m, const UndoRecord& undo);
  // Passes the turn (search only; never while in check).
  void make_null_move(UndoRecord& undo);
  void undo_null_move(const UndoRecord& undo);

  // True when the side that just moved keeps a king it may keep (chess: its king is
  // not attacked; Pacifist: at least one of its kings is not over-persuaded).
  bool last_move_was_legal() const;
  // Times the current position occurred before, within the reversible-move window.
  int repetitions() const;
  // Whether the moving piece of m is a pawn or m captures (chess) / converts (Pacifist
  // needs make_move to know): the fifty-move counter resets.
  bool is_capture(Move m) const {
    return m.kind() == MoveKind::EnPassant ||
           (m.kind() != MoveKind::Castling && board_[m.to()] != NoPiece);
  }

  // Consistency check for tests: recomputes key, counts and checkers from scratch.
  bool is_consistent(std::string* why = nullptr) const;
  // Board picture with rank 8 first, for people.
  std::string to_text() const;

 private:
  friend class PositionBuilder;

  void put_piece(Piece p, Square s);
  void remove_piece(Square s);
  void move_piece(Square from, Square to);
  void flip_piece(Square s);
  void lose_castling_rights(int rights);
  void do_castling(Color us, Square king_from, Square rook_from, bool undo);
  void run_cascade(UndoRecord& undo);
  void update_checkers();
  Key compute_key() const;
  void assert_invariants() const;  // Debug builds only; see the header comment

  std::array<Piece, 64> board_ = make_empty_board();
  std::array<Bitboard, 6> by_type_{};
  std::array<Bitboard, 2> by_color_{};
  CastlingSetup castling_setup_;
  AttackCounts counts_;
  Bitboard checkers_ = 0;
  Bitboard last_converted_ = 0;
  Key key_ = 0;
  std::vector<Key> history_;  // keys of earlier positions of the game, oldest first
  Variant variant_ = Variant::Standard;
  Color side_ = White;
  Square en_passant_ = kNoSquare;
  std::uint8_t castling_ = 0;
  int rule50_ = 0;
  int game_ply_ = 0;

  static std::array<Piece, 64> make_empty_board() {
    std::array<Piece, 64> b;
    b.fill(NoPiece);
    return b;
  }
};

// Sets up a Position piece by piece; used by the FEN parser and tests.
// finish() derives the key, checkers and counts.
class PositionBuilder {
 public:
  explicit PositionBuilder(Variant v) { pos_.variant_ = v; }
  void put(Piece p, Square s) { pos_.put_piece(p, s); }
  void set_side(Color c) { pos_.side_ = c; }
  void set_castling(const CastlingSetup& setup, int rights) {
    pos_.castling_setup_ = setup;
    pos_.castling_ = std::uint8_t(rights);
  }
  void set_en_passant(Square s) { pos_.en_passant_ = s; }
  void set_clocks(int rule50, int fullmove) {
    pos_.rule50_ = rule50;
    pos_.game_ply_ = 2 * (fullmove - 1) + (pos_.side_ == Black);
  }
  const Position& peek() const { return pos_; }
  Position finish();

 private:
  Position pos_;
};

}  // namespace engine
