// SPDX-License-Identifier: GPL-3.0-or-later
// engine.book's files opened as engine opening books (engine/book/), one book per variant
// that lists files. This reads the files, so validate() never calls it: the daemon does at
// start-up (and refuses to start on an error) and so does `paxbot check-config`.
// Pure apart from reading the files; the books it returns are immutable and may be shared
// by every game thread.
#pragma once

#include <expected>
#include <map>
#include <memory>
#include <vector>

#include "config/config.h"
#include "config/diagnostic.h"
#include "engine/book/opening_book.h"

namespace config {

using BooksByVariant = std::map<Variant, std::shared_ptr<const engine::book::OpeningBook>>;

// Every file that cannot be used (missing, unreadable, corrupt) is an error naming the key
// (engine.book.standard ...) and the file.
std::expected<BooksByVariant, std::vector<Diagnostic>> open_books(const Book& book);

// The engine's book options from the config's.
engine::book::BookOptions book_options(const Book& book);

}  // namespace config
