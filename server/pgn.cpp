// SPDX-License-Identifier: GPL-3.0-or-later
#include "server/pgn.h"

#include <ctime>

#include "engine/fen.h"
#include "engine/game.h"
#include "engine/pgn.h"
#include "engine/san.h"
#include "lichess/perf.h"
#include "server/views.h"

namespace server {
namespace {

using namespace engine;

std::string two_digits(int n) {
  std::string text = std::to_string(n);
  if (text.size() < 2) text.insert(text.begin(), '0');
  return text;
}

std::tm utc_time(std::int64_t wall_ms) {
  std::time_t seconds = std::time_t(wall_ms / 1000);
  std::tm tm{};
  gmtime_r(&seconds, &tm);
  return tm;
}

std::string result_text(const Game& game) {
  if (game.status() == Status::kAborted || !game.over()) return "*";
  if (!game.winner()) return "1/2-1/2";
  return *game.winner() == White ? "1-0" : "0-1";
}

std::string termination_tag(Status s) {
  switch (s) {
    case Status::kStarted:
    case Status::kCreated:
      return "Unterminated";
    case Status::kOutOfTime:
      return "Time forfeit";
    case Status::kAborted:
    case Status::kNoStart:
    case Status::kTimeout:
      return "Abandoned";
    default:
      return "Normal";
  }
}

std::string clock_text(std::int64_t ms) {
  const std::int64_t s = ms / 1000;
  return std::to_string(s / 3600) + ":" + two_digits(int(s / 60 % 60)) + ":" +
         two_digits(int(s % 60));
}

// The game replayed from its setup; legal by construction (the server validated each move).
std::expected<ReplayedGame, std::string> replayed(const Game& game) {
  return replay(engine_rules(game.setup().variant), game.setup().initial_fen, game.moves());
}

}  // namespace

std::vector<std::string> san_moves(const Game& game) {
  std::vector<std::string> out;
  auto record = replayed(game);
  if (!record) return out;
  Position pos = record->start;
  for (const Move m : record->moves) {
    out.push_back(move_to_san(pos, m));
    UndoRecord undo;
    pos.make_move(m, undo);
  }
  return out;
}

std::string game_pgn(const Game& game, const PgnPlayers& players, const std::string& base_url,
                     bool clocks) {
  const GameSetup& s = game.setup();
  const TimeControl& tc = s.time_control;
  const std::tm start = utc_time(game.created_wall());
  const std::string date = std::to_string(start.tm_year + 1900) + "." +
                           two_digits(start.tm_mon + 1) + "." + two_digits(start.tm_mday);
  PgnGame pgn;
  auto tag = [&pgn](std::string name, std::string value) {
    pgn.tags.push_back({std::move(name), std::move(value)});
  };
  tag("Event",
      std::string(s.rated ? "Rated " : "Casual ") + lichess::perf_name(tc.speed()) + " game");
  tag("Site", base_url + "/" + s.id);
  tag("Date", date);
  tag("White", players.white);
  tag("Black", players.black);
  tag("Result", result_text(game));
  tag("GameId", s.id);
  tag("UTCDate", date);
  tag("UTCTime",
      two_digits(start.tm_hour) + ":" + two_digits(start.tm_min) + ":" + two_digits(start.tm_sec));
  if (players.white_bot) tag("WhiteTitle", "BOT");
  if (players.black_bot) tag("BlackTitle", "BOT");
  tag("Variant", std::string(lichess::variant_info(s.variant).name));
  tag("TimeControl",
      tc.realtime() ? std::to_string(tc.limit_s) + "+" + std::to_string(tc.increment_s) : "-");
  if (s.initial_fen != "startpos") {
    tag("FEN", s.initial_fen);
    tag("SetUp", "1");
  }
  tag("Termination", termination_tag(game.status()));
  pgn.result = result_text(game);

  if (auto record = replayed(game)) {
    pgn.start = record->start;
    pgn.moves = std::move(record->moves);
  } else if (auto start_pos = parse_fen(s.initial_fen, engine_rules(s.variant))) {
    pgn.start = *start_pos;
  }
  if (clocks) {
    for (const std::int64_t ms : game.clock_history()) {
      pgn.comments.push_back("[%clk " + clock_text(ms) + "]");
    }
  }
  return write_pgn(pgn);
}

nlohmann::json game_export_json(const Game& game, const PgnPlayers& players) {
  const GameSetup& s = game.setup();
  auto player = [](const std::string& name, bool bot) {
    nlohmann::json user = {{"name", name}, {"id", lower_case(name)}};
    if (bot) user["title"] = "BOT";
    return nlohmann::json{{"user", user}, {"rating", kDefaultRating}, {"provisional", true}};
  };
  std::string moves;
  for (const std::string& san : san_moves(game)) moves += (moves.empty() ? "" : " ") + san;
  nlohmann::json j;
  j["id"] = s.id;
  j["rated"] = s.rated;
  j["variant"] = lichess::variant_info(s.variant).key;
  j["speed"] = s.time_control.speed();
  j["perf"] = lichess::perf_key(s.variant, s.time_control.speed_class());
  j["createdAt"] = game.created_wall();
  j["lastMoveAt"] = game.last_move_wall();
  j["status"] = status_name(game.status());
  j["source"] = "friend";
  j["players"] = {{"white", player(players.white, players.white_bot)},
                  {"black", player(players.black, players.black_bot)}};
  if (game.winner()) j["winner"] = *game.winner() == White ? "white" : "black";
  j["moves"] = moves;
  if (s.initial_fen != "startpos") j["initialFen"] = s.initial_fen;
  if (s.time_control.realtime())
    j["clock"] = {{"initial", s.time_control.limit_s},
                  {"increment", s.time_control.increment_s},
                  {"totalTime", s.time_control.estimate_s()}};
  if (s.time_control.kind == TimeControl::Kind::kCorrespondence)
    j["daysPerTurn"] = s.time_control.days;
  return j;
}

}  // namespace server
