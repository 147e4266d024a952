// SPDX-License-Identifier: GPL-3.0-or-later
#include "config/validate.h"

#include <algorithm>
#include <cctype>
#include <functional>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>

#include "config/rules.h"
#include "lichess/chat.h"
#include "lichess/username.h"

namespace config {
namespace {

constexpr int kLichessChatLimit = int(lichess::kMaxChatCharacters);  // per chat message
constexpr int kLongestUsername = 30;              // what {me} and {opponent} can grow to
constexpr int kBullet1stMoveDeadlineMs = 20'000;  // server aborts a bullet game without a move
constexpr int kLichessBotGamesPerDay = 100;       // bot-vs-bot games per rolling day

std::string_view host_of(std::string_view url) {
  const auto start = url.find("://");
  if (start == std::string_view::npos) return {};
  url.remove_prefix(start + 3);
  url = url.substr(0, url.find('/'));
  if (url.starts_with('[')) return url.substr(0, url.find(']') + 1);  // [::1]:8080
  return url.substr(0, url.find(':'));
}

bool is_loopback_host(std::string_view host) {
  if (host == "localhost" || host == "[::1]" || host == "::1") return true;
  if (!host.starts_with("127.")) return false;
  int dots = 0;
  for (const char c : host) {
    if (c == '.') {
      ++dots;
    } else if (!std::isdigit(static_cast<unsigned char>(c))) {
      return false;
    }
  }
  return dots == 3;
}

void check_general(const Config& c, Rules& r) {
  const std::string_view url = c.url;
  const bool has_scheme = url.starts_with("https://") || url.starts_with("http://");
  const bool has_bad_char = std::ranges::any_of(url, [](char ch) {
    return std::isspace(static_cast<unsigned char>(ch)) || ch == '?' || ch == '#';
  });
  if (!has_scheme || host_of(url).empty() || has_bad_char) {
    r.error("url", "must be a server base URL like https://lichess.org (got '" + c.url + "')",
            "write the scheme and host only, e.g. https://lichess.org or http://127.0.0.1:8080");
  } else if (url.starts_with("http://") && !is_loopback_host(host_of(url))) {
    r.warning("url", "plain http to a non-loopback host sends the token unencrypted",
              "use https://, or http:// only for a server on this machine");
  }
  r.range("abort_time_s", c.abort_time_s, 5, 3'600);
  r.range("shutdown.deadline_s", c.shutdown.deadline_s, 0, 86'400);
  r.range("challenge.bot_games_per_day", c.challenge.bot_games_per_day, 1, kLichessBotGamesPerDay,
          "use a value from 1 to 100 (the server allows 100 bot games a day); to refuse bot "
          "challenges set challenge.accept_bot: false");
}

// The files themselves are read at start-up and by check-config (config/book_files.h).
void check_book(const Book& b, Rules& r) {
  bool any = false;
  for (const Variant variant : kBookVariants) {
    const std::string key = "engine.book." + std::string(to_string(variant));
    const std::vector<std::string>& files = book_files(b, variant);
    any = any || !files.empty();
    for (const std::string& file : files)
      if (file.empty()) r.error(key, "lists an empty file name", "remove the empty entry");
    r.no_duplicates(key, files);
  }
  r.range("engine.book.min_weight", b.min_weight, 0, 65'535,
          "use 0 to allow every entry, 1 to skip entries of weight 0");
  r.range("engine.book.max_depth", b.max_depth, 0, 1'000, "use 0 for no limit");
  if (any && !b.against_humans && !b.against_bots) {
    r.warning("engine.book", "has files but against_humans and against_bots are both false",
              "set one of them to true, or remove the files");
  }
}

void check_engine(const Engine& e, Rules& r) {
  r.range("engine.hash_mb", e.hash_mb, 1, 65'536);
  r.range("engine.threads", e.threads, 1, 256);
  r.range("engine.move_overhead_ms", e.move_overhead_ms, 0, 10'000);
  r.range("engine.max_think_ms", e.max_think_ms, 10, 3'600'000);
  r.range("engine.first_move_max_ms", e.first_move_max_ms, 10, kBullet1stMoveDeadlineMs);
  if (e.first_move_max_ms + e.move_overhead_ms >= kBullet1stMoveDeadlineMs) {
    r.error("engine.first_move_max_ms",
            "plus engine.move_overhead_ms (" + std::to_string(e.move_overhead_ms) +
                ") must stay below 20000 ms, the first-move deadline of bullet games",
            "lower first_move_max_ms (5000 leaves a safe margin)");
  }
  r.range("engine.draw_offer.max_score_cp", e.draw_offer.max_score_cp, 0, 1'000);
  r.range("engine.draw_offer.consecutive_moves", e.draw_offer.consecutive_moves, 1, 100);
  r.range("engine.draw_offer.min_moves", e.draw_offer.min_moves, 0, 500);
  r.range("engine.draw_offer.plies_after_opponent_offer", e.draw_offer.plies_after_opponent_offer,
          0, 500);
  r.range("engine.resign.score_cp", e.resign.score_cp, -100'000, -1,
          "use a negative score such as -1000 (ten pawns down)");
  r.range("engine.resign.consecutive_moves", e.resign.consecutive_moves, 1, 100);
  check_book(e.book, r);
  const Tablebases& tb = e.tablebases;
  r.range("engine.tablebases.gaviota_cache_mb", tb.gaviota_cache_mb, 1, 4'096);
  r.range("engine.tablebases.max_pieces", tb.max_pieces, 3, 7,
          "use 3 to 7 (the largest Syzygy tables have 7 pieces, Gaviota's 5)");
  r.no_duplicates("engine.tablebases.use", tb.use);
  for (const auto& [kind, key, path] :
       {std::tuple{TablebaseKind::kSyzygy, "engine.tablebases.syzygy_path", tb.syzygy_path},
        std::tuple{TablebaseKind::kGaviota, "engine.tablebases.gaviota_path", tb.gaviota_path}}) {
    if (!path.empty() && std::ranges::find(tb.use, kind) == tb.use.end())
      r.warning(key,
                "is set but engine.tablebases.use does not list " + std::string(to_string(kind)) +
                    ", so it is not used",
                "add " + std::string(to_string(kind)) + " to engine.tablebases.use");
  }
}

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

void check_user_list(const std::string& key, const std::vector<std::string>& names, Rules& r) {
  for (const std::string& name : names) {
    if (!lichess::is_username(name)) {
      r.error(key, "'" + name + "' is not a Lichess username",
              "use the account name only (2-30 letters, digits, '_' or '-'), not a URL");
    }
  }
  r.no_duplicates(key, names, lower);
}

void check_challenge(const Challenge& ch, Rules& r) {
  r.range("challenge.concurrency", ch.concurrency, 1, 100);
  r.not_empty("challenge.variants", ch.variants.size(), "every challenge is declined");
  r.no_duplicates("challenge.variants", ch.variants);
  r.not_empty("challenge.time_controls", ch.time_controls.size(), "every challenge is declined");
  r.no_duplicates("challenge.time_controls", ch.time_controls);
  r.not_empty("challenge.modes", ch.modes.size(), "every challenge is declined");
  r.no_duplicates("challenge.modes", ch.modes);
  r.ordered("challenge.min_base", ch.min_base, "challenge.max_base", ch.max_base, 0);
  r.ordered("challenge.min_increment", ch.min_increment, "challenge.max_increment",
            ch.max_increment, 0);
  r.ordered("challenge.min_days", ch.min_days, "challenge.max_days", ch.max_days, 1);
  r.ordered("challenge.min_rating", ch.min_rating, "challenge.max_rating", ch.max_rating, 0);
  if (ch.only_bot && !ch.accept_bot) {
    r.error("challenge.only_bot",
            "is true while challenge.accept_bot is false: every "
            "challenge would be declined",
            "set accept_bot: true, or only_bot: false");
  }
  check_user_list("challenge.allow_list", ch.allow_list, r);
  check_user_list("challenge.block_list", ch.block_list, r);
  for (const std::string& name : ch.block_list) {
    const auto same = [&](const std::string& other) { return lower(other) == lower(name); };
    if (std::ranges::any_of(ch.allow_list, same)) {
      r.error("challenge.block_list",
              "'" + name + "' is in both challenge.allow_list and challenge.block_list",
              "remove it from one of the two lists");
    }
  }
  r.range("challenge.max_queue", ch.max_queue, 0, 100);
  if (ch.queue && ch.max_queue == 0) {
    r.error("challenge.max_queue", "is 0 while challenge.queue is true: nothing can wait",
            "set max_queue to 1 or more, or queue: false to decline with 'later'");
  }
}

void check_message(const std::string& key, const std::string& text, Rules& r) {
  int placeholders_length = 0;
  int placeholders = 0;
  for (std::size_t open = text.find('{'); open != std::string::npos;
       open = text.find('{', open + 1)) {
    const std::size_t close = text.find('}', open);
    if (close == std::string::npos) break;
    const std::string_view name = std::string_view(text).substr(open, close - open + 1);
    if (name == "{me}" || name == "{opponent}") {
      placeholders_length += static_cast<int>(name.size());
      ++placeholders;
    } else {
      r.error(key, "unknown placeholder " + std::string(name),
              "use {me} for the bot's name or {opponent} for the opponent's name");
    }
  }
  const int length = int(lichess::chat_characters(text));  // code points: Lichess counts those
  const std::string limit = std::to_string(kLichessChatLimit);
  if (length > kLichessChatLimit) {
    r.error(key, "is " + std::to_string(length) + " characters long; Lichess chat allows " + limit,
            "shorten the message to " + limit + " characters or fewer");
    return;
  }
  const int longest = length - placeholders_length + placeholders * kLongestUsername;
  if (longest > kLichessChatLimit) {
    r.warning(key,
              "can reach " + std::to_string(longest) +
                  " characters once {me}/{opponent} hold 30-character names; Lichess allows " +
                  limit,
              "shorten the message so long usernames still fit");
  }
}

void check_greeting(const Greeting& g, Rules& r) {
  check_message("greeting.hello", g.hello, r);
  check_message("greeting.goodbye", g.goodbye, r);
  check_message("greeting.hello_spectators", g.hello_spectators, r);
  check_message("greeting.goodbye_spectators", g.goodbye_spectators, r);
}

void check_status_http(const StatusHttp& s, Rules& r) {
  const std::string_view listen = s.listen;
  const auto colon = listen.rfind(':');
  const std::string_view host = colon == std::string_view::npos ? "" : listen.substr(0, colon);
  const std::string_view port = colon == std::string_view::npos ? "" : listen.substr(colon + 1);
  const bool port_ok = !port.empty() && port.size() <= 5 &&
                       std::ranges::all_of(port, [](char c) { return c >= '0' && c <= '9'; }) &&
                       std::stoi(std::string(port)) >= 1 && std::stoi(std::string(port)) <= 65535;
  if (host.empty() || !port_ok) {
    r.error("status_http.listen", "must be HOST:PORT (got '" + s.listen + "')",
            "write e.g. 127.0.0.1:8077 or [::1]:8077");
  } else if (!is_loopback_host(host)) {
    r.error("status_http.listen", "must be a loopback address (got '" + s.listen + "')",
            "listen on 127.0.0.1, [::1] or localhost; publish the page through a reverse proxy "
            "if it must be reached from elsewhere");
  }
}

}  // namespace

std::vector<Diagnostic> validate(const Config& config) {
  Rules rules;
  check_general(config, rules);
  check_engine(config.engine, rules);
  check_challenge(config.challenge, rules);
  check_fairness(config.challenge, rules);
  check_engine_overrides(config.engine, rules);
  check_greeting(config.greeting, rules);
  check_matchmaking(config, rules);
  check_status_http(config.status_http, rules);
  check_takebacks(config.takebacks, rules);
  check_online_block_list(config.online_block_list, rules);
  check_correspondence(config, rules);
  return rules.take();
}

namespace {

// `key` is `broken` or lies inside it ("a.b" inside "a", "a[1].b" inside "a[1]").
bool is_within(std::string_view key, std::string_view broken) {
  if (!key.starts_with(broken)) return false;
  return key.size() == broken.size() || key[broken.size()] == '.' || key[broken.size()] == '[';
}

}  // namespace

LoadResult load_and_validate(const std::filesystem::path& file) {
  LoadResult result = load_file(file);
  std::vector<std::string> broken;  // keys whose value could not be read
  for (const Diagnostic& d : result.diagnostics) {
    if (d.severity == Severity::kError && !d.key.empty()) broken.push_back(d.key);
  }
  for (Diagnostic& finding : validate(result.config)) {
    // A value that failed to load holds its default; findings about it would only confuse.
    if (std::ranges::any_of(broken,
                            [&](const std::string& b) { return is_within(finding.key, b); })) {
      continue;
    }
    result.diagnostics.push_back(std::move(finding));
  }
  attach_locations(result.diagnostics, result.locations);
  // In file order; findings about the whole file first.
  const auto position = [](const Diagnostic& d) {
    return d.location ? std::pair(d.location->line, d.location->column) : std::pair(0, 0);
  };
  std::ranges::stable_sort(result.diagnostics, std::less<>(), position);
  return result;
}

}  // namespace config
