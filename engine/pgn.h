// SPDX-License-Identifier: GPL-3.0-or-later
// PGN text of one game: tag pairs, then SAN movetext (engine/san.h) replayed from the start
// position, with per-move comments, as Lichess exports it: movetext on one line, a move
// number before every White move and before a Black move that follows a comment or starts
// the game. The one PGN writer; callers supply only the tags and the comments.
// Pure functions; thread-safe for distinct arguments.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/position.h"

namespace engine {

struct PgnTag {
  std::string name;
  std::string value;  // escaped when written: '"' and '\' get a backslash, newlines a space
};

struct PgnGame {
  std::vector<PgnTag> tags;  // written in this order
  Position start;            // the position before the first move
  std::vector<Move> moves;   // legal moves from `start`, in order
  // Per move (index into moves): the text of a { comment } after it; empty: none. May be
  // shorter than moves.
  std::vector<std::string> comments;
  std::string result = "*";  // "1-0", "0-1", "1/2-1/2" or "*"
};

// `[Name "value"]` and a newline.
std::string pgn_tag_line(const PgnTag& tag);

// The tags, a blank line, the movetext ending in the result, then two blank lines (so games
// appended to one file stay apart).
std::string write_pgn(const PgnGame& game);

}  // namespace engine
