// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/uci/uci_parse.h"

#include <algorithm>
#include <cctype>
#include <charconv>

#include "engine/text.h"

namespace engine::uci {
namespace {

// Reads a whole decimal integer, clamped into the int64 range the caller narrows.
std::optional<long long> read_number(const std::string& text) {
  long long value = 0;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

int clamp_int(long long v) {
  return int(std::clamp<long long>(v, -1'000'000'000, 1'000'000'000));
}

}  // namespace

std::vector<std::string> tokenize(std::string_view line) {
  std::vector<std::string> tokens;
  std::size_t i = 0;
  auto space = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
  while (i < line.size()) {
    while (i < line.size() && space(line[i])) ++i;
    std::size_t start = i;
    while (i < line.size() && !space(line[i])) ++i;
    if (i > start) tokens.emplace_back(line.substr(start, i - start));
  }
  return tokens;
}

bool same_name(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) ==
                  std::tolower(static_cast<unsigned char>(y));
         });
}

GoCommand parse_go(const std::vector<std::string>& tokens) {
  GoCommand go;
  SearchLimits& l = go.limits;
  for (std::size_t i = 1; i < tokens.size(); ++i) {
    const std::string& key = tokens[i];
    if (key == "infinite") {
      l.infinite = true;
      continue;
    }
    if (key == "ponder") {
      l.ponder = true;
      continue;
    }
    if (key == "searchmoves") {  // accepted, not supported: the whole position is searched
      while (i + 1 < tokens.size() && tokens[i + 1].size() >= 4 &&
             std::isdigit(static_cast<unsigned char>(tokens[i + 1][1])))
        ++i;
      go.problems.push_back("searchmoves is not supported; searching every move");
      continue;
    }
    static constexpr std::string_view kValued[] = {"wtime",     "btime", "winc",  "binc",
                                                   "movestogo", "depth", "nodes", "mate",
                                                   "movetime",  "perft"};
    if (std::find(std::begin(kValued), std::end(kValued), key) == std::end(kValued)) {
      go.problems.push_back(cat("unknown go parameter '", key, "' ignored"));
      continue;
    }
    if (i + 1 >= tokens.size()) {
      go.problems.push_back(cat("go ", key, " needs a number"));
      continue;
    }
    const std::string& text = tokens[++i];
    const std::optional<long long> value = read_number(text);
    if (!value) {
      go.problems.push_back(cat("go ", key, " '", text, "' is not a whole number; ignored"));
      continue;
    }
    const int v = clamp_int(*value);
    if (key == "wtime")
      l.wtime_ms = std::max(0, v);
    else if (key == "btime")
      l.btime_ms = std::max(0, v);
    else if (key == "winc")
      l.winc_ms = std::max(0, v);
    else if (key == "binc")
      l.binc_ms = std::max(0, v);
    else if (key == "movestogo")
      l.movestogo = std::max(1, v);
    else if (key == "depth")
      l.depth = std::max(1, v);
    else if (key == "nodes")
      l.nodes = std::uint64_t(std::max<long long>(1, *value));
    else if (key == "mate")
      l.depth = std::clamp(2 * v - 1, 1, 100);  // a mate in n needs 2n-1 plies
    else if (key == "movetime")
      l.movetime_ms = std::max(0, v);
    else if (key == "perft")
      go.perft_depth = std::clamp(v, 0, 20);
  }
  return go;
}

std::expected<SetOption, std::string> parse_setoption(const std::vector<std::string>& tokens) {
  if (tokens.size() < 3 || tokens[1] != "name")
    return std::unexpected("expected 'setoption name <id> [value <x>]'");
  SetOption option;
  std::size_t i = 2;
  // Words joined by single spaces.
  auto append_word = [](std::string& to, const std::string& word) {
    if (!to.empty()) to += ' ';
    to += word;
  };
  for (; i < tokens.size() && tokens[i] != "value"; ++i) append_word(option.name, tokens[i]);
  for (++i; i < tokens.size(); ++i) append_word(option.value, tokens[i]);
  if (option.name.empty()) return std::unexpected("setoption without an option name");
  return option;
}

std::expected<PositionCommand, std::string> parse_position(const std::vector<std::string>& tokens) {
  if (tokens.size() < 2)
    return std::unexpected("expected 'position startpos|fen <FEN> [moves ...]'");
  PositionCommand command;
  std::size_t i = 2;
  if (tokens[1] == "startpos") {
    command.start = "startpos";
  } else if (tokens[1] == "fen") {
    for (; i < tokens.size() && tokens[i] != "moves"; ++i) {
      if (!command.start.empty()) command.start += ' ';
      command.start += tokens[i];
    }
    if (command.start.empty()) return std::unexpected("'position fen' without a FEN");
  } else {
    return std::unexpected(
        cat("expected 'startpos' or 'fen' after 'position', got '", tokens[1], "'"));
  }
  if (i < tokens.size()) {
    if (tokens[i] != "moves")
      return std::unexpected(
          cat("expected 'moves' after the start position, got '", tokens[i], "'"));
    command.moves.assign(tokens.begin() + std::ptrdiff_t(i) + 1, tokens.end());
  }
  return command;
}

}  // namespace engine::uci
