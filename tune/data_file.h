// SPDX-License-Identifier: GPL-3.0-or-later
// Tuning data files: one position a line, `FEN<TAB>RESULT<TAB>SCORE`, where
// RESULT is White's game score (1, 0.5 or 0) and SCORE the search score in
// centipawns from White's point of view or `-` when there is none (the format
// `paxbot match --data` writes). Blank lines and lines starting with '#' are
// ignored. Errors are values naming the file, the line and what is wrong.
// Pure functions apart from reading the named file; thread-safe.
#pragma once

#include <expected>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace tune {

struct DataLine {
  std::string fen;
  double result = 0;         // White's score: 0, 0.5 or 1
  std::optional<int> score;  // centipawns, White's view
};

// Parses one line (without its newline; a trailing '\r' is allowed). The error says which
// field is wrong and why.
std::expected<DataLine, std::string> parse_data_line(std::string_view line);

struct ReadStats {
  long long lines = 0;        // data lines read (blank and comment lines not counted)
  long long skipped = 0;      // bad lines skipped (skip_bad only)
  std::string first_skipped;  // "FILE:LINE: what" of the first skipped line
};

// Calls on_line(line, where) for each data line of the file, `where` being "FILE:LINE". A bad
// line is an error "FILE:LINE: what" unless skip_bad, which counts it and goes on; on_line may
// itself return an error (it gets the same prefix). A file that cannot be opened is an error.
std::expected<void, std::string> read_data_file(
    const std::string& path, bool skip_bad,
    const std::function<std::expected<void, std::string>(const DataLine&, const std::string&)>&
        on_line,
    ReadStats& stats);

// The FEN's first four fields (placement, side to move, castling, en passant): what makes two
// data lines the same position for an evaluation, whatever their move counters.
std::string position_key(std::string_view fen);

}  // namespace tune
