// SPDX-License-Identifier: GPL-3.0-or-later
// Reads the perft suites under tests/data (tab-separated: fen, depth, count[, variant, source]).
// Lines starting with '#' and the header line are skipped.
#pragma once

#include <cstdint>
#include <fstream>
#include <ostream>
#include <sstream>
#include <string>
#include <vector>

namespace paxbot_test {

struct PerftRow {
  std::string fen;
  int depth = 0;
  std::uint64_t count = 0;
  std::string variant;  // "standard", "chess960" or "pacifist"
  int line = 0;         // line number in the file, for test names
};

// How gtest prints a row (test names stay readable and stable between runs).
inline void PrintTo(const PerftRow& row, std::ostream* os) {
  *os << row.variant << " depth " << row.depth << " " << row.fen;
}

inline std::vector<PerftRow> read_perft_rows(const std::string& file,
                                             const std::string& default_variant) {
  std::vector<PerftRow> rows;
  std::ifstream in(std::string(PAXBOT_TEST_DATA_DIR) + "/" + file);
  std::string text;
  int line = 0;
  while (std::getline(in, text)) {
    ++line;
    if (text.empty() || text[0] == '#' || text.rfind("fen\t", 0) == 0) continue;
    std::vector<std::string> cols;
    std::stringstream ss(text);
    for (std::string col; std::getline(ss, col, '\t');) cols.push_back(col);
    if (cols.size() < 3) continue;
    PerftRow row{cols[0], std::stoi(cols[1]), std::stoull(cols[2]),
                 cols.size() > 3 ? cols[3] : default_variant, line};
    rows.push_back(row);
  }
  return rows;
}

}  // namespace paxbot_test
