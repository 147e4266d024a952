// SPDX-License-Identifier: GPL-3.0-or-later
#include "daemon/game_state.h"

#include <span>

#include "engine/fen.h"
#include "engine/game.h"

namespace bot {

GameState::GameState(engine::Variant variant, std::string initial_fen, engine::Position start)
    : variant_(variant),
      initial_fen_(std::move(initial_fen)),
      start_(start),
      position_(std::move(start)) {}

std::expected<GameState, std::string> GameState::start(engine::Variant variant,
                                                       std::string_view initial_fen) {
  std::string fen(initial_fen.empty() ? "startpos" : initial_fen);
  auto pos = engine::parse_fen(fen, variant);
  if (!pos) return std::unexpected("initial position: " + pos.error());
  return GameState(variant, fen, std::move(*pos));
}

std::expected<void, std::string> GameState::update(std::string_view moves) {
  std::vector<std::string_view> words = engine::split_moves(moves);
  bool extends = words.size() >= moves_.size();
  for (std::size_t i = 0; extends && i < moves_.size(); ++i) extends = words[i] == moves_[i];

  engine::Position pos = extends ? position_ : start_;
  const std::size_t first_new = extends ? moves_.size() : 0;
  const std::span<const std::string_view> new_moves(words.begin() + first_new, words.end());
  if (auto played = engine::play_uci_moves(pos, new_moves, first_new + 1); !played) {
    return std::unexpected("the server's move list: " + played.error());
  }
  position_ = std::move(pos);
  moves_.assign(words.begin(), words.end());
  return {};
}

}  // namespace bot
