// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/game.h"

#include "engine/fen.h"
#include "engine/notation.h"
#include "engine/text.h"

namespace engine {

std::vector<std::string_view> split_moves(std::string_view moves) {
  std::vector<std::string_view> words;
  std::size_t i = 0;
  while (i < moves.size()) {
    while (i < moves.size() && moves[i] == ' ') ++i;
    std::size_t start = i;
    while (i < moves.size() && moves[i] != ' ') ++i;
    if (i > start) words.push_back(moves.substr(start, i - start));
  }
  return words;
}

std::expected<void, std::string> play_uci_moves(Position& pos,
                                                std::span<const std::string_view> moves,
                                                std::size_t first_number,
                                                std::vector<Move>* played) {
  for (std::size_t i = 0; i < moves.size(); ++i) {
    auto move = parse_uci_move(pos, moves[i]);
    if (!move) return std::unexpected(cat("move ", first_number + i, ": ", move.error()));
    UndoRecord undo;
    pos.make_move(*move, undo);
    if (played) played->push_back(*move);
  }
  return {};
}

std::expected<ReplayedGame, std::string> replay(Variant variant, std::string_view start,
                                                std::span<const std::string_view> moves) {
  auto pos = parse_fen(start.empty() ? std::string_view("startpos") : start, variant);
  if (!pos) return std::unexpected(cat("start position: ", pos.error()));
  ReplayedGame game{*pos, {}, *pos};
  game.moves.reserve(moves.size());
  if (auto played = play_uci_moves(game.position, moves, 1, &game.moves); !played) {
    return std::unexpected(played.error());
  }
  return game;
}

std::expected<ReplayedGame, std::string> replay(Variant variant, std::string_view start,
                                                std::string_view moves) {
  const std::vector<std::string_view> words = split_moves(moves);
  return replay(variant, start, std::span<const std::string_view>(words));
}

std::expected<ReplayedGame, std::string> replay(Variant variant, std::string_view start,
                                                const std::vector<std::string>& moves) {
  const std::vector<std::string_view> words(moves.begin(), moves.end());
  return replay(variant, start, std::span<const std::string_view>(words));
}

std::expected<Position, std::string> replay_game(Variant variant, std::string_view start,
                                                 std::string_view moves) {
  auto game = replay(variant, start, moves);
  if (!game) return std::unexpected(game.error());
  return std::move(game->position);
}

}  // namespace engine
