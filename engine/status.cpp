// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/status.h"

#include "engine/movegen.h"

namespace engine {
namespace {

constexpr Bitboard kDarkSquares = 0xAA55AA55AA55AA55ULL;

// Chess: neither side can ever mate (bare kings, a single minor piece, or only
// bishops that all stand on squares of one colour).
bool insufficient_material(const Position& pos) {
  if (pos.pieces(Pawn) | pos.pieces(Rook) | pos.pieces(Queen)) return false;
  Bitboard minors = pos.pieces(Knight) | pos.pieces(Bishop);
  if (popcount(minors) <= 1) return true;
  if (pos.pieces(Knight)) return false;
  Bitboard bishops = pos.pieces(Bishop);
  return !(bishops & kDarkSquares) || !(bishops & ~kDarkSquares);
}

Outcome loss_for(Color c) {
  return c == White ? Outcome::BlackWins : Outcome::WhiteWins;
}

}  // namespace

GameStatus game_status(const Position& pos) {
  const Color us = pos.side_to_move();
  if (legal_moves(pos).empty()) {
    if (pos.pacifist())  // spec "End of the game"
      return pos.pieces(us, King) ? GameStatus{Outcome::Draw, Termination::Stalemate}
                                  : GameStatus{loss_for(us), Termination::KingLost};
    return pos.in_check() ? GameStatus{loss_for(us), Termination::Checkmate}
                          : GameStatus{Outcome::Draw, Termination::Stalemate};
  }
  if (pos.rule50() >= 100) return {Outcome::Draw, Termination::FiftyMoves};
  if (pos.repetitions() >= 2) return {Outcome::Draw, Termination::ThreefoldRepetition};
  if (!pos.pacifist() && insufficient_material(pos))
    return {Outcome::Draw, Termination::InsufficientMaterial};
  return {};
}

std::string_view result_text(Outcome outcome) {
  switch (outcome) {
    case Outcome::WhiteWins:
      return "1-0";
    case Outcome::BlackWins:
      return "0-1";
    case Outcome::Draw:
      return "1/2-1/2";
    default:
      return "*";
  }
}

std::string_view termination_text(Termination termination) {
  switch (termination) {
    case Termination::Checkmate:
      return "checkmate";
    case Termination::Stalemate:
      return "stalemate";
    case Termination::KingLost:
      return "king lost";
    case Termination::ThreefoldRepetition:
      return "threefold repetition";
    case Termination::FiftyMoves:
      return "fifty-move rule";
    case Termination::InsufficientMaterial:
      return "insufficient material";
    default:
      return "";
  }
}

}  // namespace engine
