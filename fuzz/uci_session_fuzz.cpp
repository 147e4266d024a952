// SPDX-License-Identifier: GPL-3.0-or-later
// Fuzz target: a whole UCI session (engine/uci/uci.h) as the input, one command per line,
// through UciAdapter::handle, then "stop" and the adapter's shutdown.
//
// Bounded by rewriting, so that no input can make the target hang or exhaust memory (the
// adapter itself is untouched): every "go" line gets " nodes 2000" appended (parse_go lets
// the last value win, and the node limit also ends infinite and ponder searches' work; they
// then wait for the next go, stop or the end of the session), a "go ... perft N" depth above
// 2 becomes 2, and "setoption name Hash" / "Threads" values above 2 become 2.
// Invariant: every search started (a go without perft) ends in exactly one bestmove line.
#include <charconv>
#include <sstream>
#include <string>

#include "engine/uci/uci.h"
#include "engine/uci/uci_parse.h"
#include "fuzz/fuzz_check.h"

namespace {

bool above(const std::string& text, long long cap) {
  long long value = 0;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  return error == std::errc::result_out_of_range ||
         (error == std::errc() && end == text.data() + text.size() && value > cap);
}

std::string join(const std::vector<std::string>& tokens) {
  std::string line;
  for (const std::string& token : tokens) line += (line.empty() ? "" : " ") + token;
  return line;
}

// The line the adapter gets: the input line, or its bounded rewrite.
std::string bounded(std::string_view line) {
  std::vector<std::string> tokens = engine::uci::tokenize(line);
  if (tokens.empty()) return std::string(line);
  if (tokens[0] == "go") {
    for (std::size_t i = 1; i + 1 < tokens.size(); ++i)
      if (tokens[i] == "perft" && above(tokens[i + 1], 2)) tokens[i + 1] = "2";
    return join(tokens) + " nodes 2000";
  }
  if (tokens[0] == "setoption") {
    auto option = engine::uci::parse_setoption(tokens);
    if (option && (engine::uci::same_name(option->name, "Hash") ||
                   engine::uci::same_name(option->name, "Threads")))
      if (above(option->value, 2)) return "setoption name " + option->name + " value 2";
  }
  return std::string(line);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view session(reinterpret_cast<const char*>(data), size);
  std::istringstream in;
  std::ostringstream out;
  int searches = 0;
  {
    engine::uci::UciAdapter adapter(in, out);
    std::size_t start = 0;
    while (start <= session.size()) {
      std::size_t end = session.find('\n', start);
      if (end == std::string_view::npos) end = session.size();
      const std::string line = bounded(session.substr(start, end - start));
      const std::vector<std::string> tokens = engine::uci::tokenize(line);
      if (!tokens.empty() && tokens[0] == "go" && !engine::uci::parse_go(tokens).perft_depth)
        ++searches;
      if (!adapter.handle(line)) break;
      start = end + 1;
    }
    adapter.handle("stop");
  }
  int bestmoves = 0;
  std::istringstream lines(out.str());
  for (std::string line; std::getline(lines, line);)
    if (line.starts_with("bestmove ")) ++bestmoves;
  FUZZ_CHECK(bestmoves == searches, "one bestmove per go");
  return 0;
}
