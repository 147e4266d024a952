// SPDX-License-Identifier: GPL-3.0-or-later
#include "daemon/pgn_record.h"

#include <cctype>
#include <cstdio>
#include <ctime>
#include <system_error>

#include "daemon/atomic_file.h"
#include "daemon/lichess/variant_key.h"
#include "engine/fen.h"
#include "engine/game.h"
#include "engine/pgn.h"
#include "lichess/perf.h"

namespace bot {
namespace {

// "????.??.??" (the PGN spelling of an unknown date) when the time was never set.
std::string utc_date(std::chrono::system_clock::time_point time) {
  if (time == std::chrono::system_clock::time_point{}) return "????.??.??";
  const std::time_t t = std::chrono::system_clock::to_time_t(time);
  std::tm tm{};
  if (!gmtime_r(&t, &tm)) return "????.??.??";
  char buffer[48];
  std::snprintf(buffer, sizeof buffer, "%04d.%02d.%02d", tm.tm_year + 1900, tm.tm_mon + 1,
                tm.tm_mday);
  return buffer;
}

std::string time_control(const GameRecord& record) {
  if (!record.clock) return "-";
  return std::to_string(record.clock->initial_ms / 1000) + "+" +
         std::to_string(record.clock->increment_ms / 1000);
}

// "[%eval 0.34] [%emt 0:00:01.2]"; empty when the note says nothing.
std::string note_comment(const PlyNote& note) {
  std::string out;
  if (note.eval) out += "[%eval " + note.eval->to_string() + "]";
  if (note.think_time) {
    if (!out.empty()) out += ' ';
    out += "[%emt " + pgn_think_time(*note.think_time) + "]";
  }
  return out;
}

bool is_result_token(std::string_view t) {
  return t == "1-0" || t == "0-1" || t == "1/2-1/2" || t == "*";
}

std::string file_safe(std::string_view name) {
  std::string out;
  for (char c : name) {
    const unsigned char u = static_cast<unsigned char>(c);
    out += std::isalnum(u) || c == '-' || c == '_' ? char(std::tolower(u)) : '_';
  }
  return out.empty() ? "unknown" : out;
}

}  // namespace

PgnEval PgnEval::from_search(int score_cp, std::optional<int> mate_in, engine::Color side_to_move) {
  const int sign = side_to_move == engine::White ? 1 : -1;
  if (mate_in) return mate(sign * *mate_in);
  return centipawns(sign * score_cp);
}

std::string PgnEval::to_string() const {
  if (kind == Kind::kMate) return "#" + std::to_string(value);
  const int magnitude = value < 0 ? -value : value;
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%s%d.%02d", value < 0 ? "-" : "", magnitude / 100,
                magnitude % 100);
  return buffer;
}

std::string pgn_think_time(std::chrono::milliseconds time) {
  const long long tenths = (time.count() < 0 ? 0 : time.count()) / 100;
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%lld:%02lld:%02lld.%lld", tenths / 36000, tenths / 600 % 60,
                tenths / 10 % 60, tenths % 10);
  return buffer;
}

std::string pgn_result(std::string_view status, std::optional<engine::Color> winner) {
  if (winner) return *winner == engine::White ? "1-0" : "0-1";
  if (status.empty() || status == "created" || status == "started" || status == "aborted" ||
      status == "noStart" || status == "unknownFinish")
    return "*";
  return "1/2-1/2";
}

std::string pgn_termination(std::string_view status) {
  if (status == "outoftime") return "Time forfeit";
  if (status == "timeout" || status == "aborted" || status == "noStart") return "Abandoned";
  if (status == "cheat") return "Rules infraction";
  if (status == "mate" || status == "resign" || status == "stalemate" || status == "draw" ||
      status == "variantEnd" || status == "insufficientMaterialClaim")
    return "Normal";
  return "Unterminated";
}

std::string pgn_variant_name(std::string_view lichess_key) {
  if (lichess_key.empty()) return "Standard";
  if (const auto variant = lichess::parse_variant(lichess_key)) {
    return std::string(lichess::variant_info(*variant).name);
  }
  return std::string(lichess_key);
}

std::expected<std::string, std::string> format_pgn(const GameRecord& record) {
  auto variant = engine_variant_for(record.variant.empty() ? "standard" : record.variant);
  if (!variant) return std::unexpected("game " + record.id + ": " + variant.error());
  auto game = engine::replay(*variant, record.initial_fen, record.moves);
  if (!game) return std::unexpected("game " + record.id + ": " + game.error());

  const std::string result = pgn_result(record.status, record.winner);
  const std::string fen = engine::to_fen(game->start);
  const bool set_up =
      record.variant == "chess960" || record.variant == "fromPosition" || fen != engine::kStartFen;

  engine::PgnGame pgn;
  auto tag = [&pgn](std::string name, std::string value) {
    pgn.tags.push_back({std::move(name), std::move(value)});
  };
  const std::string speed = record.speed.empty() ? "" : lichess::perf_name(record.speed) + " ";
  tag("Event", record.event.empty()
                   ? std::string(record.rated ? "Rated " : "Casual ") + speed + "game"
                   : record.event);
  tag("Site", record.base_url + "/" + record.id);
  tag("Date", utc_date(record.started));
  tag("Round", "-");
  tag("White", record.white);
  tag("Black", record.black);
  tag("Result", result);
  if (record.white_rating) tag("WhiteElo", std::to_string(*record.white_rating));
  if (record.black_rating) tag("BlackElo", std::to_string(*record.black_rating));
  tag("TimeControl", time_control(record));
  tag("Variant", pgn_variant_name(record.variant));
  if (set_up) {
    tag("SetUp", "1");
    tag("FEN", fen);
  }
  tag("Termination", pgn_termination(record.status));

  // Our own moves carry the engine's view; the opponent's carry nothing.
  engine::Color mover = game->start.side_to_move();
  pgn.comments.resize(game->moves.size());
  for (std::size_t i = 0; i < game->moves.size(); ++i, mover = ~mover) {
    const auto note = record.notes.find(i);
    if (mover == record.our_color && note != record.notes.end()) {
      pgn.comments[i] = note_comment(note->second);
    }
  }
  pgn.start = std::move(game->start);
  pgn.moves = std::move(game->moves);
  pgn.result = result;
  return engine::write_pgn(pgn);
}

std::optional<std::string> ParsedPgn::tag(std::string_view name) const {
  for (const auto& [key, value] : tags)
    if (key == name) return value;
  return std::nullopt;
}

std::expected<std::vector<ParsedPgn>, std::string> parse_pgn(std::string_view text) {
  std::vector<ParsedPgn> games;
  ParsedPgn game;
  bool in_game = false;
  std::size_t i = 0;
  auto fail = [&](std::string_view why) {
    return std::unexpected("PGN game " + std::to_string(games.size() + 1) + ", offset " +
                           std::to_string(i) + ": " + std::string(why));
  };
  while (i < text.size()) {
    const char c = text[i];
    if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
    } else if (c == '[') {
      if (!game.moves.empty()) return fail("tag after the movetext without a result");
      in_game = true;
      std::size_t j = i + 1;
      while (j < text.size() && !std::isspace(static_cast<unsigned char>(text[j]))) ++j;
      std::string name(text.substr(i + 1, j - i - 1));
      while (j < text.size() && text[j] == ' ') ++j;
      if (j >= text.size() || text[j] != '"') return fail("tag value must be quoted");
      std::string value;
      for (++j; j < text.size() && text[j] != '"'; ++j) {
        if (text[j] == '\\' && j + 1 < text.size()) ++j;
        value += text[j];
      }
      if (j + 1 >= text.size() || text[j + 1] != ']') return fail("unterminated tag");
      game.tags.emplace_back(std::move(name), std::move(value));
      i = j + 2;
    } else if (c == '{') {
      const std::size_t end = text.find('}', i);
      if (end == std::string_view::npos) return fail("unterminated comment");
      std::string_view body = text.substr(i + 1, end - i - 1);
      while (!body.empty() && body.front() == ' ') body.remove_prefix(1);
      while (!body.empty() && body.back() == ' ') body.remove_suffix(1);
      game.comments.emplace_back(body);
      i = end + 1;
    } else if (c == ';' || (c == '%' && (i == 0 || text[i - 1] == '\n'))) {
      const std::size_t end = text.find('\n', i);
      i = end == std::string_view::npos ? text.size() : end + 1;
    } else if (c == '(' || c == ')') {
      return fail("variations are not supported");
    } else if (c == '}' || c == ']') {
      return fail(std::string("unexpected '") + c + "' outside a comment or tag");
    } else {
      std::size_t j = i;
      while (j < text.size() && !std::isspace(static_cast<unsigned char>(text[j])) &&
             std::string_view("{}[]();").find(text[j]) == std::string_view::npos)
        ++j;
      std::string_view token = text.substr(i, j - i);
      i = j;
      in_game = true;
      if (is_result_token(token)) {
        game.result = std::string(token);
        games.push_back(std::move(game));
        game = ParsedPgn{};
        in_game = false;
        continue;
      }
      if (token.front() == '$') continue;  // NAG
      // Move numbers: "12." or "12..." alone or glued to the move ("12.e4").
      std::size_t k = 0;
      while (k < token.size() && std::isdigit(static_cast<unsigned char>(token[k]))) ++k;
      if (k > 0 && k < token.size() && token[k] == '.') {
        while (k < token.size() && token[k] == '.') ++k;
        token.remove_prefix(k);
      }
      if (!token.empty()) game.moves.emplace_back(token);
    }
  }
  if (in_game) return fail("the last game has no result token");
  return games;
}

std::filesystem::path PgnSink::file_for(const GameRecord& record) const {
  const std::filesystem::path dir(settings_.directory);
  switch (settings_.grouping) {
    case config::PgnGrouping::kPerOpponent:
      return dir /
             (file_safe(record.our_color == engine::White ? record.black : record.white) + ".pgn");
    case config::PgnGrouping::kAll:
      return dir / "games.pgn";
    case config::PgnGrouping::kPerGame:
      break;
  }
  return dir / (file_safe(record.id) + ".pgn");
}

std::expected<std::filesystem::path, std::string> PgnSink::write(const GameRecord& record) {
  if (!enabled()) return std::filesystem::path();
  auto text = format_pgn(record);
  if (!text) return std::unexpected(text.error());
  const std::filesystem::path path = file_for(record);

  std::lock_guard lock(mutex_);
  std::error_code error;
  std::filesystem::create_directories(path.parent_path(), error);
  if (error)
    return std::unexpected("cannot create the PGN directory '" + path.parent_path().string() +
                           "': " + error.message());
  auto written = settings_.grouping == config::PgnGrouping::kPerGame
                     ? write_file_atomically(path, *text)
                     : append_file_atomically(path, *text);
  if (!written) return std::unexpected(written.error());
  return path;
}

}  // namespace bot
