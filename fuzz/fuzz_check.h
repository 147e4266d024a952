// SPDX-License-Identifier: GPL-3.0-or-later
// The invariant check of the fuzz targets: a broken invariant prints what broke and aborts,
// which libFuzzer reports as a crash (and the replay tests as a failure). Also the small
// input reader the targets share. Single-threaded, like every fuzz target.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#define FUZZ_CHECK(condition, what)                                                         \
  do {                                                                                      \
    if (!(condition)) {                                                                     \
      std::fprintf(stderr, "fuzz invariant broken at %s:%d: %s (%s)\n", __FILE__, __LINE__, \
                   #condition, std::string_view(what).data());                              \
      std::abort();                                                                         \
    }                                                                                       \
  } while (0)

namespace paxbot_fuzz {

// Reads an input front to back: single bytes for choices, the rest as text.
class Input {
 public:
  Input(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}
  bool empty() const { return pos_ >= size_; }
  // The next byte, 0 once the input is used up.
  std::uint8_t byte() { return empty() ? 0 : data_[pos_++]; }
  // Everything not read yet.
  std::string_view rest() {
    std::string_view text(reinterpret_cast<const char*>(data_) + pos_, size_ - pos_);
    pos_ = size_;
    return text;
  }

 private:
  const std::uint8_t* data_;
  std::size_t size_;
  std::size_t pos_ = 0;
};

}  // namespace paxbot_fuzz
