// SPDX-License-Identifier: GPL-3.0-or-later
#include "match/pgn_out.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <vector>

#include "engine/fen.h"
#include "engine/status.h"

namespace match {

namespace {

void add_tag(std::string& out, const std::string& name, const std::string& value) {
  std::string escaped;
  for (char c : value) {
    if (c == '"' || c == '\\') escaped += '\\';
    escaped += c;
  }
  out += "[" + name + " \"" + escaped + "\"]\n";
}

std::string comment(const PlayedMove& move) {
  char text[64];
  std::string score = "?";
  if (move.score && move.score->is_mate()) {
    std::snprintf(text, sizeof text, "%cM%d", *move.score->mate_in > 0 ? '+' : '-',
                  std::abs(*move.score->mate_in));
    score = text;
  } else if (move.score) {
    std::snprintf(text, sizeof text, "%+.2f", move.score->cp / 100.0);
    score = text;
  }
  std::snprintf(text, sizeof text, "/%d %.3fs", move.depth, move.time_ms / 1000.0);
  return "{" + score + text + "}";
}

// Joins tokens into lines of at most 80 characters.
std::string wrap(const std::vector<std::string>& tokens) {
  std::string out, line;
  for (const std::string& t : tokens) {
    if (!line.empty() && line.size() + 1 + t.size() > 80) {
      out += line + "\n";
      line.clear();
    }
    line += (line.empty() ? "" : " ") + t;
  }
  return out + line + "\n";
}

}  // namespace

std::string result_tag(const GameRecord& game) {
  return std::string(engine::result_text(game.outcome));
}

std::string termination_tag(const GameRecord& game) {
  switch (game.ending) {
    case Ending::Rules:
      return "normal";
    case Ending::Adjudication:
      return "adjudication";
    case Ending::Fault:
      return game.fault == Fault::Time      ? "time forfeit"
             : game.fault == Fault::Illegal ? "rules infraction"
                                            : "abandoned";
  }
  return "unterminated";
}

std::string variant_tag(engine::Variant variant) {
  switch (variant) {
    case engine::Variant::Chess960:
      return "Chess960";
    case engine::Variant::Pacifist:
      return "Pacifist";
    default:
      return "Standard";
  }
}

std::string format_pgn(const GameRecord& game, const PgnHeader& header) {
  std::string out;
  add_tag(out, "Event", header.event);
  add_tag(out, "Site", header.site);
  add_tag(out, "Date", header.date);
  add_tag(out, "Round", header.round);
  add_tag(out, "White", header.white);
  add_tag(out, "Black", header.black);
  add_tag(out, "Result", result_tag(game));
  if (game.variant != engine::Variant::Standard) add_tag(out, "Variant", variant_tag(game.variant));
  if (game.variant != engine::Variant::Standard || game.start_fen != engine::kStartFen) {
    add_tag(out, "SetUp", "1");
    add_tag(out, "FEN", game.start_fen);
  }
  add_tag(out, "TimeControl", header.time_control);
  for (const auto& [name, value] : header.extra) add_tag(out, name, value);
  add_tag(out, "Termination", termination_tag(game));
  if (game.ending == Ending::Fault) add_tag(out, "Fault", std::string(fault_name(game.fault)));
  out += '\n';

  // Every move carries a comment, so every Black move is numbered too ("12... Nf6").
  std::vector<std::string> tokens;
  auto start = engine::parse_fen(game.start_fen, game.variant);
  int fullmove = start ? start->fullmove_number() : 1;
  for (const PlayedMove& move : game.moves) {
    tokens.push_back(std::to_string(fullmove) + (move.mover == engine::White ? "." : "..."));
    tokens.push_back(move.san);
    tokens.push_back(comment(move));
    if (move.mover == engine::Black) ++fullmove;
  }
  if (!game.reason.empty()) tokens.push_back("{" + game.reason + "}");
  tokens.push_back(result_tag(game));
  return out + wrap(tokens) + "\n";
}

std::string format_data_lines(const GameRecord& game) {
  if (game.ending == Ending::Fault) return {};
  const char* result = game.outcome == engine::Outcome::WhiteWins   ? "1"
                       : game.outcome == engine::Outcome::BlackWins ? "0"
                                                                    : "0.5";
  std::string out;
  for (const PlayedMove& move : game.moves) {
    std::string score = "-";
    if (move.score && !move.score->is_mate()) {
      score = std::to_string(move.mover == engine::White ? move.score->cp : -move.score->cp);
    }
    out += move.fen_before + "\t" + result + "\t" + score + "\n";
  }
  return out;
}

std::string pgn_date_today() {
  const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm utc{};
  gmtime_r(&now, &utc);
  char text[48];
  std::snprintf(text, sizeof text, "%04d.%02d.%02d", utc.tm_year + 1900, utc.tm_mon + 1,
                utc.tm_mday);
  return text;
}

}  // namespace match
