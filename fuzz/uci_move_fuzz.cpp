// SPDX-License-Identifier: GPL-3.0-or-later
// Fuzz target: UCI move text (engine/notation.h) on a position chosen by the first byte
// (standard, Chess960 with unusual castling files, Pacifist). Invariants: an accepted move
// is legal, and writing it reads back as the same move (king-to-destination castling only
// where it cannot be a king step: in Chess960 starts e1g1 may be both).
#include <array>

#include "engine/fen.h"
#include "engine/movegen.h"
#include "engine/notation.h"
#include "fuzz/fuzz_check.h"

namespace {

struct Start {
  engine::Variant variant;
  const char* fen;
};

// Positions with castling both ways, promotions, en passant and Pacifist conversions.
constexpr std::array kStarts = {
    Start{engine::Variant::Standard, "startpos"},
    Start{engine::Variant::Standard,
          "r3k2r/pPppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"},
    Start{engine::Variant::Standard,
          "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"},
    Start{engine::Variant::Chess960, "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1"},
    Start{engine::Variant::Chess960, "rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1"},
    Start{engine::Variant::Pacifist, "startpos"},
    Start{engine::Variant::Pacifist,
          "rkqn1rb1/ppppppbp/P7/1n4p1/8/4N3/1PPPPPPP/RNK1BBQR w - - 0 1"},
    Start{engine::Variant::Pacifist, "r3k2r/1P6/8/8/8/8/6p1/R3K2R w KQkq - 0 1"},
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  paxbot_fuzz::Input input(data, size);
  const Start& start = kStarts[input.byte() % kStarts.size()];
  auto pos = engine::parse_fen(start.fen, start.variant);
  FUZZ_CHECK(pos.has_value(), start.fen);
  auto move = engine::parse_uci_move(*pos, input.rest());
  if (!move) {
    FUZZ_CHECK(!move.error().empty(), "a rejected move says why");
    return 0;
  }
  FUZZ_CHECK(engine::is_legal(*pos, *move), "an accepted move is legal");
  for (auto notation :
       {engine::CastlingNotation::KingTakesRook, engine::CastlingNotation::KingDestination}) {
    const std::string text = engine::move_to_uci(*pos, *move, notation);
    auto back = engine::parse_uci_move(*pos, text);
    FUZZ_CHECK(back.has_value() && engine::is_legal(*pos, *back), text);
    const bool may_be_king_step = notation == engine::CastlingNotation::KingDestination &&
                                  move->kind() == engine::MoveKind::Castling &&
                                  start.variant == engine::Variant::Chess960;
    if (!may_be_king_step) FUZZ_CHECK(*back == *move, text);
  }
  return 0;
}
