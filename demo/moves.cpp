// SPDX-License-Identifier: GPL-3.0-or-later
#include "demo/moves.h"

#include "engine/engine.h"
#include "engine/movegen.h"
#include "engine/notation.h"

namespace demo {

MoveChooser::MoveChooser(int movetime_ms)
    : engine_(std::make_unique<engine::Engine>(engine::EngineOptions{.hash_mb = 16, .threads = 1})),
      movetime_ms_(movetime_ms) {}

MoveChooser::~MoveChooser() = default;

std::string MoveChooser::choose(engine::Variant variant, const std::string& initial_fen,
                                const std::vector<std::string>& moves) {
  if (!engine_->set_position(variant, initial_fen, moves)) return "";
  const engine::Position& pos = engine_->position();
  engine::SearchLimits limits;
  limits.movetime_ms = movetime_ms_;
  engine::SearchResult result = engine_->search(limits);
  if (result.best != engine::Move::none()) return engine::move_to_uci(pos, result.best);
  // The search found nothing: fall back to any legal move (none: the game is over).
  engine::MoveList legal = engine::legal_moves(pos);
  return legal.empty() ? "" : engine::move_to_uci(pos, legal[0]);
}

}  // namespace demo
