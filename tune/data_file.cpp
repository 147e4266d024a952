// SPDX-License-Identifier: GPL-3.0-or-later
#include "tune/data_file.h"

#include <charconv>
#include <fstream>
#include <vector>

namespace tune {
namespace {

std::vector<std::string_view> split_tabs(std::string_view line) {
  std::vector<std::string_view> fields;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= line.size(); ++i)
    if (i == line.size() || line[i] == '\t') {
      fields.push_back(line.substr(start, i - start));
      start = i + 1;
    }
  return fields;
}

std::expected<double, std::string> parse_result(std::string_view text) {
  if (text == "1" || text == "1.0") return 1.0;
  if (text == "0.5" || text == ".5") return 0.5;
  if (text == "0" || text == "0.0") return 0.0;
  return std::unexpected("RESULT '" + std::string(text) + "' is not White's score 1, 0.5 or 0");
}

std::expected<std::optional<int>, std::string> parse_score(std::string_view text) {
  if (text == "-") return std::optional<int>{};
  int value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || error != std::errc{} || end != text.data() + text.size() || value < -32000 ||
      value > 32000)
    return std::unexpected("SCORE '" + std::string(text) +
                           "' is neither centipawns (-32000..32000) nor '-'");
  return std::optional<int>{value};
}

}  // namespace

std::expected<DataLine, std::string> parse_data_line(std::string_view line) {
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  const auto fields = split_tabs(line);
  if (fields.size() != 3)
    return std::unexpected("expected 3 tab-separated fields FEN, RESULT, SCORE, found " +
                           std::to_string(fields.size()));
  if (fields[0].empty()) return std::unexpected("the FEN field is empty");
  auto result = parse_result(fields[1]);
  if (!result) return std::unexpected(result.error());
  auto score = parse_score(fields[2]);
  if (!score) return std::unexpected(score.error());
  return DataLine{std::string(fields[0]), *result, *score};
}

std::expected<void, std::string> read_data_file(
    const std::string& path, bool skip_bad,
    const std::function<std::expected<void, std::string>(const DataLine&, const std::string&)>&
        on_line,
    ReadStats& stats) {
  std::ifstream in(path);
  if (!in) return std::unexpected(path + ": cannot open the file");
  std::string text;
  long long number = 0;
  while (std::getline(in, text)) {
    ++number;
    if (text.empty() || text == "\r" || text[0] == '#') continue;
    ++stats.lines;
    const std::string where = path + ":" + std::to_string(number);
    auto line = parse_data_line(text);
    std::expected<void, std::string> done;
    if (line)
      done = on_line(*line, where);
    else
      done = std::unexpected(line.error());
    if (done) continue;
    if (!skip_bad) return std::unexpected(where + ": " + done.error());
    if (stats.skipped++ == 0) stats.first_skipped = where + ": " + done.error();
  }
  if (in.bad()) return std::unexpected(path + ": read error");
  return {};
}

std::string position_key(std::string_view fen) {
  std::size_t end = 0;
  for (int spaces = 0; end < fen.size(); ++end)
    if (fen[end] == ' ' && ++spaces == 4) break;
  return std::string(fen.substr(0, end));
}

}  // namespace tune
