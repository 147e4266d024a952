// SPDX-License-Identifier: GPL-3.0-or-later
#include "tests/soak/kill_window.h"

#include <initializer_list>

namespace paxbot_test {
namespace {

// A log line's message: what follows "<time> [LEVEL] ".
std::string_view message_of(std::string_view line) {
  const std::size_t bracket = line.find("] ");
  return bracket == std::string_view::npos ? std::string_view() : line.substr(bracket + 2);
}

// "game G: rest" -> G and rest; nullopt for other messages.
std::optional<std::pair<std::string_view, std::string_view>> game_message(std::string_view m) {
  if (!m.starts_with("game ")) return std::nullopt;
  const std::size_t colon = m.find(": ", 5);
  if (colon == std::string_view::npos) return std::nullopt;
  return std::pair{m.substr(5, colon - 5), m.substr(colon + 2)};
}

// "e2e4", "e7e8q": a UCI move (the game's start line "playing chess960 as ..." is none).
bool uci_move_at(std::string_view text) {
  auto file = [](char c) { return c >= 'a' && c <= 'h'; };
  auto rank = [](char c) { return c >= '1' && c <= '8'; };
  return text.size() >= 4 && file(text[0]) && rank(text[1]) && file(text[2]) && rank(text[3]);
}

// Calls f(message, offset past the line) for each complete line of log from `from`;
// stops when f returns true.
template <class F>
void for_each_line(std::string_view log, std::size_t from, F f) {
  while (from < log.size()) {
    const std::size_t newline = log.find('\n', from);
    if (newline == std::string_view::npos) return;  // a line still being written
    if (f(message_of(log.substr(from, newline - from)), newline + 1)) return;
    from = newline + 1;
  }
}

bool starts_with_any(std::string_view text, std::initializer_list<std::string_view> prefixes) {
  for (std::string_view p : prefixes)
    if (text.starts_with(p)) return true;
  return false;
}

}  // namespace

std::string_view moment_name(Moment m) {
  switch (m) {
    case Moment::kSearch:
      return "during a search";
    case Moment::kPost:
      return "between a move's POST and its echo";
    case Moment::kAccept:
      return "while accepting a challenge";
    case Moment::kShutdown:
      return "during shutdown";
  }
  return "?";
}

std::optional<WindowOpen> find_window_open(Moment m, std::string_view log, std::size_t from,
                                           std::string_view game) {
  std::optional<WindowOpen> found;
  for_each_line(log, from, [&](std::string_view msg, std::size_t end) {
    if (m == Moment::kShutdown) {
      if (msg.starts_with("shutting down: ")) found = WindowOpen{"", end};
    } else if (m == Moment::kAccept) {
      if (msg.starts_with("challenge ") && msg.ends_with("): accepted")) {
        const std::size_t space = msg.find(' ', 10);
        found = WindowOpen{std::string(msg.substr(10, space - 10)), end};
      }
    } else if (auto g = game_message(msg); g && (game.empty() || g->first == game)) {
      const bool opens = m == Moment::kSearch ? g->second.starts_with("searching (")
                                              : g->second.starts_with("playing ") &&
                                                    uci_move_at(g->second.substr(8));
      if (opens) found = WindowOpen{std::string(g->first), end};
    }
    return found.has_value();
  });
  return found;
}

std::string window_closed_by(Moment m, std::string_view id, std::string_view after) {
  std::string closing;
  for_each_line(after, 0, [&](std::string_view msg, std::size_t) {
    bool closes = false;
    if (m == Moment::kShutdown) {
      closes = msg == "stopped";
    } else if (m == Moment::kAccept) {
      const std::string game = "game " + std::string(id) + " ";
      closes = msg.starts_with(game) &&
               starts_with_any(msg.substr(game.size()), {"started against", "is ongoing"});
    } else if (auto g = game_message(msg); g && g->first == id) {
      closes = m == Moment::kSearch
                   ? starts_with_any(g->second, {"over (", "resigning"}) ||
                         (g->second.starts_with("playing ") && uci_move_at(g->second.substr(8)))
                   : starts_with_any(g->second, {"searching (", "over ("});
    }
    if (closes) closing = std::string(msg);
    return closes;
  });
  return closing;
}

}  // namespace paxbot_test
