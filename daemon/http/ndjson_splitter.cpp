// SPDX-License-Identifier: GPL-3.0-or-later
#include "daemon/http/ndjson_splitter.h"

#include <algorithm>

namespace bot {

NdjsonSplitter::NdjsonSplitter(std::size_t max_line_bytes)
    : max_line_bytes_(std::max<std::size_t>(max_line_bytes, 1)) {}

std::vector<NdjsonItem> NdjsonSplitter::feed(std::string_view chunk) {
  std::vector<NdjsonItem> out;
  while (!chunk.empty()) {
    const std::size_t newline = chunk.find('\n');
    const std::string_view piece = chunk.substr(0, newline);
    if (discarding_) {
      if (newline == std::string_view::npos) return out;
      discarding_ = false;
    } else {
      // A trailing '\r' may still turn out to precede '\n', so one byte more
      // than the limit is kept before the line is declared oversize.
      const std::size_t room = max_line_bytes_ + 1 - partial_.size();
      if (piece.size() > room) {
        out.push_back({NdjsonItem::Kind::kOversize, {}, partial_.size() + piece.size()});
        partial_.clear();
        discarding_ = newline == std::string_view::npos;
      } else {
        partial_.append(piece);
        if (newline != std::string_view::npos) complete_line(out);
      }
    }
    if (newline == std::string_view::npos) break;
    chunk.remove_prefix(newline + 1);
  }
  return out;
}

std::optional<NdjsonItem> NdjsonSplitter::finish() {
  std::vector<NdjsonItem> out;
  if (!discarding_ && !partial_.empty()) complete_line(out);
  partial_.clear();
  discarding_ = false;
  // An empty unterminated tail is not a keep-alive: nothing was sent.
  if (out.empty() || out.front().kind == NdjsonItem::Kind::kKeepAlive) return std::nullopt;
  return std::move(out.front());
}

void NdjsonSplitter::complete_line(std::vector<NdjsonItem>& out) {
  if (!partial_.empty() && partial_.back() == '\r') partial_.pop_back();
  if (partial_.empty()) {
    out.push_back({NdjsonItem::Kind::kKeepAlive, {}, 0});
  } else if (partial_.size() > max_line_bytes_) {
    out.push_back({NdjsonItem::Kind::kOversize, {}, partial_.size()});
  } else {
    out.push_back({NdjsonItem::Kind::kLine, std::move(partial_), 0});
  }
  partial_.clear();
}

}  // namespace bot
