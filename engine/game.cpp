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

std::expected<Position, std::string> replay_game(Variant variant, std::string_view start,
                                                 std::string_view moves) {
  auto pos = parse_fen(start.empty() ? std::string_view("startpos") : start, variant);
  if (!pos) return std::unexpected(cat("start position: ", pos.error()));
  int number = 0;
  for (std::string_view text : split_moves(moves)) {
    ++number;
    auto move = parse_uci_move(*pos, text);
    if (!move) return std::unexpected(cat("move ", number, ": ", move.error()));
    UndoRecord undo;
    pos->make_move(*move, undo);
  }
  return pos;
}

}  // namespace engine
