// SPDX-License-Identifier: GPL-3.0-or-later
// Finished games as PGN: a plain GameRecord (what a game session knows when its game
// ends) turned into the tags (the Seven Tag Roster plus WhiteElo, BlackElo, TimeControl,
// Variant, SetUp/FEN and Termination) and per-move comments of the engine's PGN writer
// (engine/pgn.h): our own moves carry the engine's view, { [%eval 0.34] [%emt 0:00:01.2] }.
// PgnSink stores records in the configured directory (config section `pgn`).
//
// Formatting and parsing are pure functions (any thread). PgnSink is thread-safe:
// sessions that end at the same time may call write() concurrently; writes are
// serialised so appends to a shared file never lose a game.
#pragma once

#include <chrono>
#include <expected>
#include <filesystem>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "config/config.h"
#include "daemon/lichess/types.h"
#include "engine/types.h"

namespace bot {

// An engine evaluation as PGN's [%eval] writes it, from White's point of view:
// pawns ("0.34", "-1.20") or a mate distance in moves ("#3", "#-2").
struct PgnEval {
  enum class Kind { kCentipawns, kMate };
  Kind kind = Kind::kCentipawns;
  int value = 0;  // centipawns, or moves to mate (positive: White mates)

  static PgnEval centipawns(int cp) { return {Kind::kCentipawns, cp}; }
  static PgnEval mate(int moves) { return {Kind::kMate, moves}; }
  // From a search score seen by the side to move (engine::SearchInfo score_cp /
  // mate_in, which wins when set) to White's view.
  static PgnEval from_search(int score_cp, std::optional<int> mate_in, engine::Color side_to_move);

  std::string to_string() const;  // "0.34", "#-2"
  friend bool operator==(const PgnEval&, const PgnEval&) = default;
};

// What the engine said about one of our moves.
struct PlyNote {
  std::optional<PgnEval> eval;
  std::optional<std::chrono::milliseconds> think_time;
};

// Everything the PGN of one finished game needs, as plain values.
struct GameRecord {
  std::string id;        // game id (8 characters on Lichess)
  std::string base_url;  // server base URL without trailing slash; Site = base_url + "/" + id
  std::string event;     // empty: "Rated blitz game" / "Casual game" from rated and speed
  bool rated = false;
  std::string speed;                     // Lichess speed key, may be empty
  std::string variant = "standard";      // Lichess key: standard, chess960, fromPosition, pacifist
  std::string initial_fen = "startpos";  // "startpos", empty, or a FEN
  std::vector<std::string> moves;        // UCI, either castling spelling
  std::string white, black;              // player names
  std::optional<int> white_rating, black_rating;
  std::optional<GameClock> clock;  // absent: correspondence or unlimited ("-")
  std::string status;              // Lichess status name: mate, resign, outoftime, ...
  std::optional<engine::Color> winner;
  engine::Color our_color = engine::White;
  std::map<std::size_t, PlyNote> notes;  // by index into moves; only our plies are written
  std::chrono::system_clock::time_point started{};  // Date tag (UTC); unset: "????.??.??"
};

// "1-0", "0-1", "1/2-1/2", or "*" (aborted, unfinished, unknown).
std::string pgn_result(std::string_view status, std::optional<engine::Color> winner);
// PGN Termination from a Lichess status name: "Normal", "Time forfeit", "Abandoned",
// "Rules infraction" or "Unterminated".
std::string pgn_termination(std::string_view status);
// "Standard", "Chess960", "From Position", "Pacifist"; unknown keys are passed through.
std::string pgn_variant_name(std::string_view lichess_key);
// "0:00:01.2": hours, minutes, seconds and tenths.
std::string pgn_think_time(std::chrono::milliseconds time);

// The whole PGN of the game, ending with a blank line. Fails (naming the move) when the
// initial FEN or a move does not fit the variant.
std::expected<std::string, std::string> format_pgn(const GameRecord& record);

// One game read back from PGN text (a small reader for tests and tools: tags, SAN
// move tokens, comments; no variations, no NAGs beyond skipping them).
struct ParsedPgn {
  std::vector<std::pair<std::string, std::string>> tags;
  std::vector<std::string> moves;     // SAN tokens without move numbers
  std::vector<std::string> comments;  // comment texts in order, without braces
  std::string result;                 // the game termination marker

  std::optional<std::string> tag(std::string_view name) const;
};

std::expected<std::vector<ParsedPgn>, std::string> parse_pgn(std::string_view text);

// Writes finished games into config::Pgn::directory (created when missing), grouped per
// config::Pgn::grouping: per_game -> "<id>.pgn", per_opponent -> "<opponent>.pgn"
// (appended), all -> "games.pgn" (appended). Every write goes through atomic_file, so a
// failure (full disk, permissions) leaves earlier games intact and returns an error for
// the caller to log; it is never fatal.
class PgnSink {
 public:
  explicit PgnSink(config::Pgn settings) : settings_(std::move(settings)) {}

  bool enabled() const { return !settings_.directory.empty(); }
  // The file a record goes to (file names keep letters, digits, '-' and '_' only).
  std::filesystem::path file_for(const GameRecord& record) const;
  // Formats and stores the record; returns the file written. Disabled sink: no-op, "".
  std::expected<std::filesystem::path, std::string> write(const GameRecord& record);

 private:
  const config::Pgn settings_;
  std::mutex mutex_;  // serialises writes (appends are read-modify-write)
};

}  // namespace bot
