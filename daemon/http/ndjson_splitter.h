// SPDX-License-Identifier: GPL-3.0-or-later
// Turns an NDJSON byte stream, delivered in arbitrary chunks, into lines.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace bot {

struct NdjsonItem {
  enum class Kind {
    kLine,       // a non-empty line, terminator ("\n" or "\r\n") removed
    kKeepAlive,  // an empty line: the server's liveness signal
    kOversize,   // a line longer than the limit was dropped; text is empty
  };
  Kind kind = Kind::kLine;
  std::string text;
  std::size_t dropped_bytes = 0;  // kOversize: bytes of the line seen so far (at least limit + 1)

  friend bool operator==(const NdjsonItem&, const NdjsonItem&) = default;
};

// Owns the partial line carried over between chunks. Pure and
// single-threaded: one splitter per stream, used by one thread.
//
// A line whose content (without "\r\n"/"\n") exceeds max_line_bytes is
// reported once as kOversize as soon as the limit is crossed; the rest of it
// is discarded and splitting resumes after its terminating '\n'. Memory use
// is bounded by max_line_bytes + 1.
class NdjsonSplitter {
 public:
  static constexpr std::size_t kDefaultMaxLineBytes = 1u << 20;

  explicit NdjsonSplitter(std::size_t max_line_bytes = kDefaultMaxLineBytes);

  // Splits `chunk` and returns the items it completes, in order.
  std::vector<NdjsonItem> feed(std::string_view chunk);

  // At end of input: returns the unterminated last line, if any (a complete
  // JSON object the server did not terminate), and resets the splitter.
  std::optional<NdjsonItem> finish();

  std::size_t max_line_bytes() const { return max_line_bytes_; }
  std::size_t buffered_bytes() const { return partial_.size(); }

 private:
  void complete_line(std::vector<NdjsonItem>& out);

  std::size_t max_line_bytes_;
  std::string partial_;
  bool discarding_ = false;  // inside an oversize line, waiting for '\n'
};

}  // namespace bot
