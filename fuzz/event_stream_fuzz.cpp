// SPDX-License-Identifier: GPL-3.0-or-later
// Fuzz target: event-stream lines (/api/stream/event) through the typed reader
// parse_event_stream_line (daemon/lichess/types.h), one line per input line. Invariants:
// nothing throws (an escaping exception aborts the target) and a refused line says why.
#include "daemon/lichess/types.h"
#include "fuzz/fuzz_check.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view stream(reinterpret_cast<const char*>(data), size);
  std::size_t start = 0;
  while (start <= stream.size()) {
    std::size_t end = stream.find('\n', start);
    if (end == std::string_view::npos) end = stream.size();
    auto event = bot::parse_event_stream_line(stream.substr(start, end - start));
    if (!event) FUZZ_CHECK(!event.error().problem.empty(), event.error().describe());
    start = end + 1;
  }
  return 0;
}
