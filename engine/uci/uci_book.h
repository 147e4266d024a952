// SPDX-License-Identifier: GPL-3.0-or-later
// The UCI adapter's opening book: the options OwnBook, BookFile, BookSelection,
// BookMinWeight and BookDepth, and the book move `go` answers with while OwnBook is on.
// Owned by one UciAdapter and used from its command thread only.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "engine/book/opening_book.h"
#include "engine/uci/uci_parse.h"

namespace engine::uci {

class UciBook {
 public:
  UciBook();

  // The "option name ..." lines of the book options, for the uci command.
  std::vector<std::string> option_lines() const;
  // Applies the option when it is a book option: the lines to send back ("info string ..."),
  // or nullopt when the option is not a book option.
  std::optional<std::vector<std::string>> set_option(const SetOption& option);

  // With OwnBook on and a book loaded: the probe for pos (its move may be none).
  std::optional<book::BookProbe> probe(const Position& pos);

 private:
  bool own_book_ = false;
  std::string file_;
  book::BookOptions options_;
  book::OpeningBook book_;
  book::BookRandom random_;
};

}  // namespace engine::uci
