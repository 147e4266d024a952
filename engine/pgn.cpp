// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/pgn.h"

#include "engine/san.h"

namespace engine {

std::string pgn_tag_line(const PgnTag& tag) {
  std::string out = "[" + tag.name + " \"";
  for (char c : tag.value) {
    if (c == '"' || c == '\\') out += '\\';
    out += c == '\n' || c == '\r' ? ' ' : c;
  }
  return out += "\"]\n";
}

std::string write_pgn(const PgnGame& game) {
  std::string out;
  for (const PgnTag& tag : game.tags) out += pgn_tag_line(tag);
  out += '\n';

  Position pos = game.start;
  bool need_number = true;
  std::string movetext;
  for (std::size_t i = 0; i < game.moves.size(); ++i) {
    const std::string number = std::to_string(pos.fullmove_number());
    if (pos.side_to_move() == White) {
      movetext += number + ". ";
    } else if (need_number) {
      movetext += number + "... ";
    }
    movetext += move_to_san(pos, game.moves[i]) + " ";
    need_number = i < game.comments.size() && !game.comments[i].empty();
    if (need_number) movetext += "{ " + game.comments[i] + " } ";
    UndoRecord undo;
    pos.make_move(game.moves[i], undo);
  }
  out += movetext + game.result + "\n\n\n";
  return out;
}

}  // namespace engine
