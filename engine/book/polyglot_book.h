// SPDX-License-Identifier: GPL-3.0-or-later
// One Polyglot opening-book file, read whole into memory and checked: 16-byte big-endian
// entries (key 8 bytes, move 2, weight 2, learn 4, the learn field ignored), sorted by key.
// A missing, unreadable or corrupt file (size not a multiple of 16, keys out of order) is an
// error value naming the file. After open() a book is immutable: any number of threads may
// look up in it at once.
#pragma once

#include <cstdint>
#include <expected>
#include <span>
#include <string>
#include <vector>

namespace engine::book {

struct BookEntry {
  std::uint64_t key = 0;
  std::uint16_t move = 0;  // the format's move encoding (engine/book/polyglot_key.h)
  std::uint16_t weight = 0;
  bool operator==(const BookEntry&) const = default;
};

class PolyglotBook {
 public:
  // The file's size in bytes must be a multiple of this.
  static constexpr std::size_t kEntryBytes = 16;

  static std::expected<PolyglotBook, std::string> open(const std::string& path);
  // The same checks on bytes already in memory; `name` is used in messages.
  static std::expected<PolyglotBook, std::string> parse(std::span<const unsigned char> bytes,
                                                        const std::string& name);

  // Every entry for the key, in file order (binary search).
  std::span<const BookEntry> find(std::uint64_t key) const;
  const std::string& path() const { return path_; }
  std::size_t size() const { return entries_.size(); }

 private:
  std::string path_;
  std::vector<BookEntry> entries_;
};

}  // namespace engine::book
