// SPDX-License-Identifier: GPL-3.0-or-later
#include "config/book_files.h"

namespace config {

engine::book::BookOptions book_options(const Book& book) {
  return {.selection = book.selection, .min_weight = book.min_weight, .max_depth = book.max_depth};
}

std::expected<BooksByVariant, std::vector<Diagnostic>> open_books(const Book& book) {
  BooksByVariant books;
  std::vector<Diagnostic> problems;
  for (const Variant variant : kBookVariants) {
    const std::vector<std::string>& files = book_files(book, variant);
    if (files.empty()) continue;
    const std::string key = "engine.book." + std::string(to_string(variant));
    std::vector<engine::book::PolyglotBook> opened;
    for (const std::string& file : files) {
      auto one = engine::book::PolyglotBook::open(file);
      if (!one) {
        problems.push_back({Severity::kError, key, one.error(),
                            "fix the path, or rebuild the book with 'polyglot make-book'",
                            std::nullopt});
        continue;
      }
      opened.push_back(std::move(*one));
    }
    books[variant] =
        std::make_shared<const engine::book::OpeningBook>(std::move(opened), book_options(book));
  }
  if (!problems.empty()) return std::unexpected(std::move(problems));
  return books;
}

}  // namespace config
