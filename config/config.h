// SPDX-License-Identifier: GPL-3.0-or-later
// The typed configuration of the paxbot daemon: what one YAML file turns into.
//
// Field values here are zero; the real starting values live in config/defaults.cpp
// (default_config()), the key names in config/schema.h, the rules in config/validate.cpp.
// Durations carry their unit in the name (_ms, _s, _h); chess time controls are seconds.
#pragma once

#include <array>
#include <concepts>
#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "base/log_level.h"
#include "engine/book/book_selection.h"
#include "lichess/time_control.h"
#include "lichess/variant.h"

namespace config {

// ---- Enumerations and their spelling in the YAML file -------------------------------------
// names_of(E{}) lists the accepted spellings in enumerator order; to_string / parse_enum use it.

// The shared vocabulary types, named here for the config's code: log levels
// (base/log_level.h), Lichess variant keys and speed classes (lichess/).
using base::LogLevel;
using lichess::Speed;
using lichess::Variant;

constexpr std::span<const std::string_view> names_of(LogLevel) {
  return base::kLogLevelNames;
}
constexpr std::span<const std::string_view> names_of(Variant) {
  return lichess::kVariantKeys;
}
// Every Lichess speed key; accepted_in_config() leaves out ultraBullet, which Lichess refuses
// to bots.
constexpr std::span<const std::string_view> names_of(Speed) {
  return lichess::kSpeedKeys;
}

// How a book move is chosen (engine/book/book_selection.h owns the names).
using BookSelection = engine::book::Selection;
constexpr std::span<const std::string_view> names_of(BookSelection) {
  return engine::book::kSelectionNames;
}

enum class Mode { kRated, kCasual };
inline constexpr std::array<std::string_view, 2> kModeNames = {"rated", "casual"};
constexpr std::span<const std::string_view> names_of(Mode) {
  return kModeNames;
}

// Whether matchmaking challenges are rated, casual, or either at random.
enum class ChallengeMode { kCasual, kRated, kRandom };
inline constexpr std::array<std::string_view, 3> kChallengeModeNames = {"casual", "rated",
                                                                        "random"};
constexpr std::span<const std::string_view> names_of(ChallengeMode) {
  return kChallengeModeNames;
}

// Which eligible opponents matchmaking prefers: no preference, stronger ones, weaker ones.
enum class RatingPreference { kNone, kHigh, kLow };
inline constexpr std::array<std::string_view, 3> kRatingPreferenceNames = {"none", "high", "low"};
constexpr std::span<const std::string_view> names_of(RatingPreference) {
  return kRatingPreferenceNames;
}

// What SIGTERM does to games in progress.
enum class ShutdownAction { kFinish, kResign };
inline constexpr std::array<std::string_view, 2> kShutdownActionNames = {"finish", "resign"};
constexpr std::span<const std::string_view> names_of(ShutdownAction) {
  return kShutdownActionNames;
}

// How finished games are grouped into PGN files.
enum class PgnGrouping { kPerGame, kPerOpponent, kAll };
inline constexpr std::array<std::string_view, 3> kPgnGroupingNames = {"per_game", "per_opponent",
                                                                      "all"};
constexpr std::span<const std::string_view> names_of(PgnGrouping) {
  return kPgnGroupingNames;
}

// The kinds of endgame tables the engine can probe.
enum class TablebaseKind { kSyzygy, kGaviota };
inline constexpr std::array<std::string_view, 2> kTablebaseKindNames = {"syzygy", "gaviota"};
constexpr std::span<const std::string_view> names_of(TablebaseKind) {
  return kTablebaseKindNames;
}

// The order in which queued challenges get a free slot (lichess-bot's challenge.sort_by):
// `first` by arrival, `best` highest-rated challenger first.
enum class QueueOrder { kFirst, kBest };
inline constexpr std::array<std::string_view, 2> kQueueOrderNames = {"first", "best"};
constexpr std::span<const std::string_view> names_of(QueueOrder) {
  return kQueueOrderNames;
}

// Which challengers the queue serves first (lichess-bot's challenge.preference).
enum class OpponentPreference { kNone, kHuman, kBot };
inline constexpr std::array<std::string_view, 3> kOpponentPreferenceNames = {"none", "human",
                                                                             "bot"};
constexpr std::span<const std::string_view> names_of(OpponentPreference) {
  return kOpponentPreferenceNames;
}

// Which opponents an engine override applies to.
enum class OpponentKind { kAny, kHuman, kBot };
inline constexpr std::array<std::string_view, 3> kOpponentKindNames = {"any", "human", "bot"};
constexpr std::span<const std::string_view> names_of(OpponentKind) {
  return kOpponentKindNames;
}

template <class E>
concept NamedEnum = requires(E e) {
  { names_of(e) } -> std::same_as<std::span<const std::string_view>>;
};

template <NamedEnum E>
constexpr std::string_view to_string(E value) {
  return names_of(value)[static_cast<std::size_t>(value)];
}

// Exact, case-sensitive match against names_of(E{}).
template <NamedEnum E>
constexpr std::optional<E> parse_enum(std::string_view text) {
  const auto names = names_of(E{});
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (names[i] == text) return static_cast<E>(i);
  }
  return std::nullopt;
}

// Whether the config file may name a value: every value but the speeds bots may not play.
template <NamedEnum E>
constexpr bool accepted_in_config(E value) {
  if constexpr (std::is_same_v<E, Speed>) return lichess::bots_may_play(value);
  return true;
}

// ---- Sections ------------------------------------------------------------------------------

// Offer (and accept) draws when the search score stays near zero.
struct DrawOffer {
  bool enabled{};
  int max_score_cp{};                // |score| must be at most this many centipawns
  int consecutive_moves{};           // ... for this many of our moves in a row
  int min_moves{};                   // never before this full-move number
  int plies_after_opponent_offer{};  // after declining their offer, wait this many plies
  bool tablebase{};                  // also at once when the tables say the game is drawn
  bool operator==(const DrawOffer&) const = default;
};

// Resign when the search score stays hopeless.
struct Resign {
  bool enabled{};
  int score_cp{};           // resign at or below this score (negative, centipawns)
  int consecutive_moves{};  // ... for this many of our moves in a row
  bool tablebase{};         // also at once when the tables say the game is lost
  bool operator==(const Resign&) const = default;
};

// Polyglot opening books: per variant, files tried in order (empty = no book).
struct Book {
  std::vector<std::string> standard;
  std::vector<std::string> chess960;
  std::vector<std::string> from_position;  // the YAML key is fromPosition
  BookSelection selection{};
  int min_weight{};  // entries lighter than this are never played
  int max_depth{};   // plies from the game's start the book is used for; 0 = no limit
  bool against_humans{};
  bool against_bots{};
  bool operator==(const Book&) const = default;
};

// The book files of a Lichess variant (none for pacifist, which has no Polyglot books).
inline const std::vector<std::string>& book_files(const Book& book, Variant variant) {
  static const std::vector<std::string> kNone;
  switch (variant) {
    case Variant::kStandard:
      return book.standard;
    case Variant::kChess960:
      return book.chess960;
    case Variant::kFromPosition:
      return book.from_position;
    case Variant::kPacifist:
      break;
  }
  return kNone;
}
// The variants that may have books, in file order.
inline constexpr std::array<Variant, 3> kBookVariants = {Variant::kStandard, Variant::kChess960,
                                                         Variant::kFromPosition};

// Endgame tablebases, opened once at start-up and shared by every game's engine (standard
// chess and Chess960 only; never probed in Pacifist).
struct Tablebases {
  std::string syzygy_path;   // directories separated by ':'; empty: none
  std::string gaviota_path;  // directories separated by ':'; empty: none
  int gaviota_cache_mb{};
  int max_pieces{};  // probe only positions with at most this many pieces, kings included
  std::vector<TablebaseKind> use;
  bool operator==(const Tablebases&) const = default;
};

// Engine settings for the games of one context (engine.overrides[]): the games whose speed is
// in `speeds` (empty: every speed) against `opponent`. An absent setting keeps the value of
// the engine section (or of an earlier matching entry); daemon/engine_overrides.h applies them.
struct EngineOverride {
  std::vector<Speed> speeds;
  OpponentKind opponent{};
  std::optional<int> hash_mb;
  std::optional<int> threads;
  std::optional<int> move_overhead_ms;
  std::optional<int> max_think_ms;
  std::optional<int> first_move_max_ms;
  std::optional<bool> book;    // use the opening book in these games
  std::optional<bool> ponder;  // engine.ponder in these games
  bool operator==(const EngineOverride&) const = default;
};

// The built-in engine; every game gets its own engine with these settings.
struct Engine {
  int hash_mb{};            // transposition table size per game
  int threads{};            // search threads per game
  int move_overhead_ms{};   // subtracted from our clock for network and server lag
  int max_think_ms{};       // cap on the time spent on one move
  int first_move_max_ms{};  // cap on the first move (the server aborts games without one)
  DrawOffer draw_offer;
  Resign resign;
  Book book;
  Tablebases tablebases;
  // Pondering: think on the expected reply during the opponent's time (realtime games).
  bool ponder{};
  std::vector<EngineOverride> overrides;  // applied in file order, later entries win
  bool operator==(const Engine&) const = default;
};

// Fairness between challengers (keys directly under `challenge`, lichess-bot's names where
// the meaning is the same); daemon/challenge_policy.h applies them.
struct ChallengeFairness {
  int max_simultaneous_games_per_user{};    // games against one opponent at once; 0 = no limit
  int max_recent_bot_challenges{};          // challenges from one bot per window; 0 = no limit
  int recent_bot_challenge_age_min{};       // ... the window, minutes
  int human_slots{};                        // game slots bots may not take
  bool bullet_requires_increment_bots{};    // decline bullet without increment from bots
  bool bullet_requires_increment_humans{};  // ... and from humans
  QueueOrder sort_by{};
  OpponentPreference preference{};
  bool operator==(const ChallengeFairness&) const = default;
};

// Policy for incoming challenges.
struct Challenge {
  int concurrency{};  // realtime games played at once (correspondence.max_games: the others)
  std::vector<Variant> variants;
  std::vector<Speed> time_controls;  // accepted speed classes
  int min_base{};                    // seconds of initial clock time (realtime games)
  int max_base{};
  int min_increment{};  // seconds added per move
  int max_increment{};
  int min_days{};  // days per move (correspondence games)
  int max_days{};
  bool accept_bot{};
  bool only_bot{};
  std::vector<Mode> modes;
  int min_rating{};  // challenger's rating in the game's perf
  int max_rating{};
  std::vector<std::string> allow_list;  // usernames; non-empty = only these may challenge
  std::vector<std::string> block_list;  // usernames always declined
  int bot_games_per_day{};              // our own cap, at most the server's 100
  bool queue{};                         // hold challenges while all slots are busy
  int max_queue{};                      // ... at most this many
  ChallengeFairness fairness;
  bool operator==(const Challenge&) const = default;
};

// Chat messages; {me} and {opponent} are replaced by usernames. Empty = not sent.
struct Greeting {
  std::string hello;
  std::string goodbye;
  std::string hello_spectators;
  std::string goodbye_spectators;
  bool operator==(const Greeting&) const = default;
};

struct Shutdown {
  ShutdownAction on_sigterm{};
  int deadline_s{};  // then resign (or abort) whatever is still running
  bool operator==(const Shutdown&) const = default;
};

// One time control matchmaking may offer, chosen with probability weight / sum of weights.
struct TimeControlEntry {
  int base_s{};
  int increment_s{};
  double weight{};
  bool operator==(const TimeControlEntry&) const = default;
};

struct VariantEntry {
  Variant name{};
  double weight{};
  bool operator==(const VariantEntry&) const = default;
};

// Challenging other online bots while idle.
struct Matchmaking {
  bool enabled{};
  int idle_s{};               // idle time before sending a challenge
  int challenge_timeout_s{};  // cancel a challenge that got no answer
  ChallengeMode challenge_mode{};
  int min_rating_diff{};  // opponent rating minus ours, lower bound
  int max_rating_diff{};  // ... upper bound
  RatingPreference rating_preference{};
  std::vector<TimeControlEntry> time_controls;
  std::vector<VariantEntry> variants;
  int decline_cooldown_h{};  // do not challenge a bot again this long after it declined
  bool allow_during_games{};
  std::string state_file;  // remembered declines; empty = memory only
  bool operator==(const Matchmaking&) const = default;
};

struct Pgn {
  std::string directory;  // empty = do not write PGN files
  PgnGrouping grouping{};
  bool operator==(const Pgn&) const = default;
};

// The operator's read-only status page (daemon/status_server.h), read by `paxbot status`.
struct StatusHttp {
  bool enabled{};
  std::string listen;  // host:port, loopback only
  bool operator==(const StatusHttp&) const = default;
};

// Answering the opponent's takeback requests (daemon/game_policy.h decides).
struct Takebacks {
  int max_per_game{};  // requests accepted in one game; 0 = decline every request
  bool only_humans{};  // decline every request from a bot
  bool operator==(const Takebacks&) const = default;
};

// Block lists published on the web: one username per line (daemon/online_block_list.h).
struct OnlineBlockList {
  std::vector<std::string> urls;  // fetched at start-up and every refresh_min minutes
  bool challenges{};              // decline challenges from listed users
  bool matchmaking{};             // never challenge listed bots
  int refresh_min{};
  std::string cache_file;  // the last lists fetched, for a restart without network; "" = none
  bool operator==(const OnlineBlockList&) const = default;
};

// Correspondence games (days per move): their own think time and slots, and the check-in
// cycle that closes a game's stream while the opponent thinks (daemon/correspondence.h).
struct Correspondence {
  int move_time_ms{};  // think time per move (engine.max_think_ms is for realtime games)
  int max_games{};     // correspondence games at once; challenge.concurrency counts realtime only
  int checkin_s{};     // how often the daemon looks for our turn in games whose stream is closed
  int disconnect_s{};  // the stream stays open this long after our move, for a quick reply
  bool operator==(const Correspondence&) const = default;
};

struct Config {
  std::string token_file;  // the token itself never lives in the config
  std::string url;         // server base URL, without a trailing slash
  LogLevel log_level{};
  Engine engine;
  Challenge challenge;
  Greeting greeting;
  int abort_time_s{};  // abort a game whose opponent has not moved after this long
  Shutdown shutdown;
  Matchmaking matchmaking;
  Pgn pgn;
  StatusHttp status_http;
  Takebacks takebacks;
  OnlineBlockList online_block_list;
  Correspondence correspondence;
  bool operator==(const Config&) const = default;
};

}  // namespace config
