// SPDX-License-Identifier: GPL-3.0-or-later
#include "config/suggest.h"

#include <algorithm>
#include <cctype>
#include <utility>

#include "config/schema.h"

namespace config {
namespace {

// lichess-bot keys whose paxbot counterpart has another name or place, and lichess-bot
// settings that have no counterpart. docs/configuration.md has the full mapping table.
constexpr std::string_view kBuiltInEngine = "paxbot's engine is built in, so this does not apply";
constexpr std::pair<std::string_view, std::string_view> kLichessBotKeys[] = {
    {"move_overhead", "lichess-bot's move_overhead is engine.move_overhead_ms here"},
    {"correspondence.move_time",
     "lichess-bot's correspondence.move_time (seconds) is correspondence.move_time_ms "
     "(milliseconds) here"},
    {"correspondence.checkin_period",
     "lichess-bot's correspondence.checkin_period is correspondence.checkin_s here"},
    {"correspondence.disconnect_time",
     "lichess-bot's correspondence.disconnect_time is correspondence.disconnect_s here"},
    {"correspondence.ponder", "paxbot never ponders in correspondence games; remove it"},
    {"abort_time", "lichess-bot's abort_time is abort_time_s here"},
    {"pgn_directory", "lichess-bot's pgn_directory is pgn.directory here"},
    {"max_takebacks_accepted",
     "lichess-bot's max_takebacks_accepted is takebacks.max_per_game here"},
    {"challenge.online_block_list",
     "lichess-bot's online_block_list is online_block_list.urls here (one list for challenges "
     "and matchmaking, switched by online_block_list.challenges and .matchmaking)"},
    {"matchmaking.online_block_list",
     "lichess-bot's online_block_list is online_block_list.urls here (one list for challenges "
     "and matchmaking, switched by online_block_list.challenges and .matchmaking)"},
    {"pgn_file_grouping",
     "lichess-bot's pgn_file_grouping is pgn.grouping here (game/opponent/all become "
     "per_game/per_opponent/all)"},
    {"engine.draw_or_resign",
     "lichess-bot's draw_or_resign settings are engine.draw_offer and engine.resign here"},
    {"engine.uci_options",
     "lichess-bot's uci_options Hash and Threads are engine.hash_mb and "
     "engine.threads here; move overhead is engine.move_overhead_ms"},
    {"engine.dir", kBuiltInEngine},
    {"engine.name", kBuiltInEngine},
    {"engine.protocol", kBuiltInEngine},
    {"engine.working_dir", kBuiltInEngine},
    {"engine.polyglot",
     "lichess-bot's polyglot settings are engine.book here (files per variant, "
     "selection, min_weight, max_depth)"},
    {"engine.online_moves", kBuiltInEngine},
    {"engine.lichess_bot_tbs",
     "lichess-bot's lichess_bot_tbs paths are engine.tablebases.syzygy_path and "
     "engine.tablebases.gaviota_path here (directories separated by ':')"},
    {"engine.homemade_options", kBuiltInEngine},
    {"engine.silence_stderr", kBuiltInEngine},
    {"matchmaking.allow_matchmaking",
     "lichess-bot's allow_matchmaking is matchmaking.enabled here"},
    {"matchmaking.challenge_timeout",
     "lichess-bot's challenge_timeout (minutes idle) is matchmaking.idle_s (seconds) here"},
    {"matchmaking.challenge_initial_time",
     "use matchmaking.time_controls, a list of {base_s, increment_s, weight}"},
    {"matchmaking.challenge_increment",
     "use matchmaking.time_controls, a list of {base_s, increment_s, weight}"},
    {"matchmaking.challenge_variant", "use matchmaking.variants, a list of {name, weight}"},
    {"challenge.bullet_requires_increment",
     "lichess-bot's bullet_requires_increment is challenge.bullet_requires_increment_bots and "
     "challenge.bullet_requires_increment_humans here (set both for the same effect)"},
    {"challenge.recent_bot_challenge_age",
     "lichess-bot's recent_bot_challenge_age (seconds) is challenge.recent_bot_challenge_age_min "
     "(minutes) here"},
    {"matchmaking.opponent_rating_difference",
     "use matchmaking.min_rating_diff and matchmaking.max_rating_diff (e.g. -300 and 300)"},
};

std::string normalize(std::string_view word) {
  std::string out;
  for (const char c : word) {
    if (c == '_' || c == '-' || c == ' ') continue;
    out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  return out;
}

// `candidate` is `word` plus a unit suffix the user left out: "abort_time" for "abort_time_s",
// "hash" for "hash_mb".
bool is_word_plus_unit(std::string_view word, std::string_view candidate) {
  return candidate.size() > word.size() + 1 && candidate.size() - word.size() <= 3 &&
         candidate.starts_with(word) && candidate[word.size()] == '_';
}

std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

std::string_view last_component(std::string_view path) {
  const auto dot = path.rfind('.');
  return dot == std::string_view::npos ? path : path.substr(dot + 1);
}

// The one key path elsewhere in the schema whose own name is, or is close to, `key`
// (top-level "concurency" -> "challenge.concurrency").
std::optional<std::string> close_key_elsewhere(std::string_view key) {
  std::vector<std::string> paths;
  std::vector<std::string> names;
  for (std::string& path : key_paths()) {
    if (path.find("[]") != std::string::npos) continue;
    names.emplace_back(last_component(path));
    paths.push_back(std::move(path));
  }
  const auto name = closest_match(key, names);
  if (!name || std::ranges::count(names, *name) != 1) return std::nullopt;  // "enabled": many
  return paths[static_cast<std::size_t>(std::ranges::find(names, *name) - names.begin())];
}

}  // namespace

std::optional<std::string> closest_match(std::string_view word,
                                         const std::vector<std::string>& candidates) {
  const std::string wanted = normalize(word);
  const std::size_t limit = wanted.size() <= 4 ? 1 : wanted.size() <= 8 ? 2 : 3;
  std::optional<std::string> best;
  std::size_t best_distance = limit + 1;
  for (const std::string& candidate : candidates) {
    const std::string name = normalize(candidate);
    const std::size_t distance =
        is_word_plus_unit(word, candidate) ? 0 : edit_distance(wanted, name);
    if (distance < best_distance) {
      best_distance = distance;
      best = candidate;
    }
  }
  return best;
}

std::string unknown_key_fix(std::string_view path, const std::vector<std::string>& siblings) {
  for (const auto& [lichess_bot_key, hint] : kLichessBotKeys) {
    if (lichess_bot_key == path) return std::string(hint) + "; remove or rename it";
  }
  const std::string_view key = last_component(path);
  const std::string_view parent = path.substr(0, path.size() - key.size());  // "engine." or ""
  if (const auto sibling = closest_match(key, siblings)) {
    return "did you mean " + std::string(parent) + *sibling + "? otherwise remove it";
  }
  if (const auto elsewhere = close_key_elsewhere(key)) {
    return "did you mean " + *elsewhere + "? (it belongs in another section) otherwise remove it";
  }
  return "remove it (paxbot ignores it); docs/configuration.md lists every key";
}

}  // namespace config
