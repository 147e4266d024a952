// SPDX-License-Identifier: GPL-3.0-or-later
// An opening book made of Polyglot files tried in order, and the choice of one book move for
// a position: the first file with a legal eligible move for the position decides. Moves below
// min_weight are not eligible; from max_depth plies after the game's start (Position::
// game_ply) the book is not used. Randomness comes from the caller's generator: no globals.
// After open() an OpeningBook is immutable: any number of threads may probe it at once, each
// with its own generator.
#pragma once

#include <cstdint>
#include <expected>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "engine/book/book_selection.h"
#include "engine/book/polyglot_book.h"
#include "engine/position.h"

namespace engine::book {

struct BookOptions {
  Selection selection = Selection::weighted_random;
  int min_weight = 1;
  int max_depth = 20;  // plies from the game's start; 0 = no limit
};

// What a probe found.
struct BookProbe {
  std::optional<Move> move;  // none: out of book
  int weight = 0;            // the chosen entry's weight
  std::string file;          // the book file it came from
  // Entries for the position whose move is illegal in it (a corrupt or foreign book), one
  // line each naming the file and the raw move, for the caller's log.
  std::vector<std::string> ignored;
};

using BookRandom = std::mt19937_64;

class OpeningBook {
 public:
  OpeningBook() = default;  // no files: every probe is out of book
  // Opens every file; the first error names its file.
  static std::expected<OpeningBook, std::string> open(const std::vector<std::string>& paths,
                                                      BookOptions options);
  OpeningBook(std::vector<PolyglotBook> files, BookOptions options)
      : files_(std::move(files)), options_(options) {}

  BookProbe probe(const Position& pos, BookRandom& random) const;
  bool empty() const { return files_.empty(); }
  const BookOptions& options() const { return options_; }
  const std::vector<PolyglotBook>& files() const { return files_; }

 private:
  std::vector<PolyglotBook> files_;
  BookOptions options_;
};

}  // namespace engine::book
