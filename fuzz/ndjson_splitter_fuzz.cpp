// SPDX-License-Identifier: GPL-3.0-or-later
// Fuzz target: the NDJSON splitter (daemon/http/ndjson_splitter.h) fed in random chunk sizes.
// The first byte sets the line limit (1..256 bytes), the next four seed the chunk sizes
// (1..64 bytes each), the rest is the stream. Invariants: the items do not depend on the
// chunking (the same stream fed in one piece gives the same items; an oversize item's
// dropped_bytes counts the bytes seen so far, so only its lower bound is compared), no line
// holds a '\n' or exceeds the limit, and the buffer never holds more than limit + 1 bytes.
#include <vector>

#include "daemon/http/ndjson_splitter.h"
#include "fuzz/fuzz_check.h"

namespace {

std::vector<bot::NdjsonItem> split(std::string_view stream, std::size_t limit, std::uint32_t seed) {
  bot::NdjsonSplitter splitter(limit);
  std::vector<bot::NdjsonItem> items;
  std::size_t at = 0;
  while (at < stream.size()) {
    std::size_t length = stream.size();
    if (seed != 0) {
      seed = seed * 1664525u + 1013904223u;
      length = 1 + (seed >> 24) % 64;
    }
    const std::string_view chunk = stream.substr(at, length);
    at += chunk.size();
    for (bot::NdjsonItem& item : splitter.feed(chunk)) {
      if (item.kind == bot::NdjsonItem::Kind::kOversize) {
        FUZZ_CHECK(item.text.empty() && item.dropped_bytes > limit, "oversize item");
        item.dropped_bytes = 0;
      }
      items.push_back(std::move(item));
    }
    FUZZ_CHECK(splitter.buffered_bytes() <= limit + 1, "buffer bounded by the limit");
  }
  if (auto last = splitter.finish()) items.push_back(std::move(*last));
  FUZZ_CHECK(splitter.buffered_bytes() == 0, "finish() resets");
  return items;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  paxbot_fuzz::Input input(data, size);
  const std::size_t limit = 1 + input.byte();
  std::uint32_t seed = 1;  // never 0: 0 means "one piece" below
  for (int i = 0; i < 4; ++i) seed = seed * 31 + input.byte();
  const std::string_view stream = input.rest();
  const std::vector<bot::NdjsonItem> chunked = split(stream, limit, seed | 1);
  const std::vector<bot::NdjsonItem> whole = split(stream, limit, 0);
  FUZZ_CHECK(chunked == whole, "items independent of the chunk sizes");
  for (const bot::NdjsonItem& item : whole) {
    FUZZ_CHECK(item.text.find('\n') == std::string::npos, item.text);
    FUZZ_CHECK(item.text.size() <= limit, item.text);
  }
  return 0;
}
