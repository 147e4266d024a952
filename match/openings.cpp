// SPDX-License-Identifier: GPL-3.0-or-later
#include "match/openings.h"

#include <algorithm>
#include <fstream>
#include <random>
#include <sstream>

#include "engine/fen.h"
#include "engine/movegen.h"
#include "engine/status.h"

namespace match {

namespace {

bool whole_number(const std::string& word) {
  return !word.empty() && word.find_first_not_of("0123456789") == std::string::npos;
}

}  // namespace

std::expected<std::vector<std::string>, std::string> parse_openings(const std::string& text,
                                                                    engine::Variant variant,
                                                                    const std::string& source) {
  std::vector<std::string> fens;
  std::istringstream lines(text);
  int number = 0;
  for (std::string line; std::getline(lines, line);) {
    ++number;
    const auto first = line.find_first_not_of(" \t\r");
    if (first == std::string::npos || line[first] == '#') continue;
    std::istringstream words(line.substr(0, line.find(';')));
    std::vector<std::string> fields;
    for (std::string w; fields.size() < 6 && words >> w;) fields.push_back(w);
    const auto where = source + ":" + std::to_string(number);
    if (fields.size() < 4) return std::unexpected(where + ": fewer than four FEN fields");
    std::string fen = fields[0] + " " + fields[1] + " " + fields[2] + " " + fields[3];
    if (fields.size() == 6 && whole_number(fields[4]) && whole_number(fields[5]))
      fen += " " + fields[4] + " " + fields[5];
    auto pos = engine::parse_fen(fen, variant);
    if (!pos) return std::unexpected(where + ": " + pos.error());
    if (engine::game_status(*pos).over())
      return std::unexpected(where + ": the game is already over in this position");
    fens.push_back(engine::to_fen(*pos));
  }
  if (fens.empty()) return std::unexpected(source + ": no positions");
  return fens;
}

std::expected<std::vector<std::string>, std::string> load_openings(const std::string& path,
                                                                   engine::Variant variant) {
  std::ifstream in(path);
  if (!in) return std::unexpected("cannot read openings file '" + path + "'");
  std::stringstream text;
  text << in.rdbuf();
  return parse_openings(text.str(), variant, path);
}

std::vector<std::string> random_chess960_starts(int count, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<std::string> fens;
  for (int i = 0; i < count; ++i) fens.push_back(engine::chess960_start_fen(int(rng() % 960)));
  return fens;
}

std::expected<std::string, std::string> play_random_plies(const std::string& fen,
                                                          engine::Variant variant, int plies,
                                                          std::uint64_t seed) {
  auto pos = engine::parse_fen(fen, variant);
  if (!pos) return std::unexpected(pos.error());
  std::mt19937_64 rng(seed);
  for (int ply = 0; ply < plies; ++ply) {
    engine::MoveList moves = engine::legal_moves(*pos);
    std::shuffle(moves.begin(), moves.end(), rng);
    bool played = false;
    for (engine::Move m : moves) {
      engine::Position next = *pos;
      engine::UndoRecord undo;
      next.make_move(m, undo);
      if (engine::game_status(next).over()) continue;
      *pos = next;
      played = true;
      break;
    }
    if (!played) break;
  }
  return engine::to_fen(*pos);
}

}  // namespace match
