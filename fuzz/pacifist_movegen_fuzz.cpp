// SPDX-License-Identifier: GPL-3.0-or-later
// Fuzz target: the Pacifist move generator (engine/rules/) on random legal positions. The
// first byte picks the start: a Chess960 array (the next two bytes give its number) or, for
// 0, a Pacifist FEN taken from the rest of the input up to a '\n'. Every further byte picks
// one legal move to play, so games wander far from the start (at most kMaxPlies, which keeps
// each input fast enough for many different games per second).
// Invariants (spec /work/shared/spec/pacifist-rules.md, "Board, pieces, moves",
// "Conversion cascade", "Legality"): no move lands on an occupied square (castling excepted:
// it is written king-takes-rook), the piece count never changes, exactly two kings stay on
// the board, only the side that did not move loses pieces to conversion (and only to the
// mover), the fast legality test agrees with the full cascade for every pseudo-legal move,
// the mover keeps a king that is not over-persuaded, and make/undo restores the position.
#include <string>

#include "engine/fen.h"
#include "engine/movegen.h"
#include "engine/rules/pacifist.h"
#include "fuzz/fuzz_check.h"

namespace {

using engine::Bitboard;
using engine::Color;
using engine::Move;
using engine::Position;

constexpr int kMaxPlies = 256;

void check_move(Position& pos, Move m) {
  const std::string fen = engine::to_fen(pos);
  const Color us = pos.side_to_move();
  const Color them = ~us;
  const int pieces = engine::popcount(pos.occupied());
  const Bitboard ours = pos.pieces(us);
  const Bitboard theirs = pos.pieces(them);
  if (m.kind() != engine::MoveKind::Castling) FUZZ_CHECK(pos.empty(m.to()), fen);
  engine::UndoRecord undo;
  pos.make_move(m, undo);
  std::string why;
  FUZZ_CHECK(pos.is_consistent(&why), why);
  FUZZ_CHECK(engine::popcount(pos.occupied()) == pieces, fen);
  FUZZ_CHECK(engine::popcount(pos.pieces(engine::King)) == 2, fen);
  FUZZ_CHECK(pos.last_move_was_legal(), fen);
  // The squares the move itself touched may change owner; elsewhere the mover keeps all of
  // its pieces and gains only the opponent's.
  Bitboard touched = engine::square_bb(m.from()) | engine::square_bb(m.to());
  if (m.kind() == engine::MoveKind::Castling)
    touched |= engine::rank_bb(us == engine::White ? 0 : 7);
  FUZZ_CHECK((ours & ~touched & ~pos.pieces(us)) == 0, fen);
  FUZZ_CHECK((pos.pieces(us) & ~touched & ~(ours | theirs)) == 0, fen);
  pos.undo_move(m, undo);
  FUZZ_CHECK(engine::to_fen(pos) == fen, fen);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  paxbot_fuzz::Input input(data, size);
  std::string fen;
  if (const std::uint8_t kind = input.byte(); kind == 0) {
    const std::string_view rest = input.rest();
    const std::size_t end = rest.find('\n');
    fen = std::string(rest.substr(0, end));
    if (end != std::string_view::npos)
      input = paxbot_fuzz::Input(reinterpret_cast<const std::uint8_t*>(rest.data()) + end + 1,
                                 rest.size() - end - 1);
  } else {
    const int number = (input.byte() << 8 | input.byte()) % 960;
    fen = engine::chess960_start_fen(number);
  }
  auto start = engine::parse_fen(fen, engine::Variant::Pacifist);
  if (!start) return 0;
  Position pos = *start;
  for (int ply = 0;; ++ply) {
    engine::MoveList pseudo;
    engine::generate_pacifist_pseudo_legal(pos, pseudo);
    engine::MoveList legal;
    for (Move m : pseudo) {
      const bool fast = engine::pacifist_move_is_legal(pos, m);
      FUZZ_CHECK(fast == engine::pacifist_move_is_legal_by_cascade(pos, m), engine::to_fen(pos));
      if (fast) legal.push_back(m);
    }
    const engine::MoveList generated = engine::legal_moves(pos);
    FUZZ_CHECK(generated.size() == legal.size(), engine::to_fen(pos));
    for (Move m : generated) {
      FUZZ_CHECK(legal.contains(m), engine::to_fen(pos));
      check_move(pos, m);
    }
    if (generated.empty() || input.empty() || ply == kMaxPlies) break;
    engine::UndoRecord undo;
    pos.make_move(generated[input.byte() % generated.size()], undo);
  }
  return 0;
}
