// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/book/polyglot_book.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "engine/text.h"

namespace engine::book {
namespace {

std::uint64_t big_endian(const unsigned char* p, int bytes) {
  std::uint64_t value = 0;
  for (int i = 0; i < bytes; ++i) value = (value << 8) | p[i];
  return value;
}

}  // namespace

std::expected<PolyglotBook, std::string> PolyglotBook::open(const std::string& path) {
  std::error_code error;
  if (std::filesystem::is_directory(path, error))
    return std::unexpected(cat("book ", path, ": is a directory, not a Polyglot book file"));
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::unexpected(cat("book ", path, ": cannot open (", std::strerror(errno), ")"));
  std::vector<unsigned char> bytes((std::istreambuf_iterator<char>(in)),
                                   std::istreambuf_iterator<char>());
  if (in.bad()) return std::unexpected(cat("book ", path, ": read error"));
  return parse(bytes, path);
}

std::expected<PolyglotBook, std::string> PolyglotBook::parse(std::span<const unsigned char> bytes,
                                                             const std::string& name) {
  if (bytes.size() % kEntryBytes != 0)
    return std::unexpected(cat("book ", name, ": ", bytes.size(),
                               " bytes is not a whole number of 16-byte Polyglot entries "
                               "(truncated or not a Polyglot book)"));
  if (bytes.empty()) return std::unexpected(cat("book ", name, ": the file is empty"));
  PolyglotBook book;
  book.path_ = name;
  book.entries_.reserve(bytes.size() / kEntryBytes);
  for (std::size_t at = 0; at < bytes.size(); at += kEntryBytes) {
    const unsigned char* p = bytes.data() + at;
    BookEntry e{big_endian(p, 8), std::uint16_t(big_endian(p + 8, 2)),
                std::uint16_t(big_endian(p + 10, 2))};
    if (!book.entries_.empty() && e.key < book.entries_.back().key)
      return std::unexpected(cat("book ", name, ": entry ", at / kEntryBytes,
                                 " is out of key order (a Polyglot book is sorted by key)"));
    book.entries_.push_back(e);
  }
  return book;
}

std::span<const BookEntry> PolyglotBook::find(std::uint64_t key) const {
  const auto [first, last] =
      std::equal_range(entries_.begin(), entries_.end(), BookEntry{key, 0, 0},
                       [](const BookEntry& a, const BookEntry& b) { return a.key < b.key; });
  return {first, last};
}

}  // namespace engine::book
