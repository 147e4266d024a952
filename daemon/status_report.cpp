// SPDX-License-Identifier: GPL-3.0-or-later
#include "daemon/status_report.h"

#include <algorithm>
#include <cstdlib>
#include <sstream>

namespace bot {
namespace {

template <typename T>
void put_optional(nlohmann::json& j, const char* key, const std::optional<T>& value) {
  j[key] = value ? nlohmann::json(*value) : nlohmann::json(nullptr);
}

// "1h02m", "3m05s", "42s".
std::string duration_text(std::int64_t seconds) {
  if (seconds < 0) seconds = 0;
  std::ostringstream out;
  out.fill('0');
  if (seconds >= 3600) {
    out << seconds / 3600 << "h";
    out.width(2);
    out << (seconds % 3600) / 60 << "m";
  } else if (seconds >= 60) {
    out << seconds / 60 << "m";
    out.width(2);
    out << seconds % 60 << "s";
  } else {
    out << seconds << "s";
  }
  return out.str();
}

std::string clock_text(const nlohmann::json& ms) {
  if (ms.is_null()) return "-";
  const std::int64_t tenths = ms.get<std::int64_t>() / 100;
  std::ostringstream out;
  out << tenths / 600 << ":";
  out.fill('0');
  out.width(2);
  out << (tenths / 10) % 60 << "." << tenths % 10;
  return out.str();
}

std::string eval_text(const nlohmann::json& game) {
  if (!game.at("mate_in").is_null()) return "mate " + std::to_string(game.at("mate_in").get<int>());
  if (game.at("eval_cp").is_null()) return "-";
  const int cp = game.at("eval_cp").get<int>();
  std::ostringstream out;
  out << (cp >= 0 ? "+" : "-") << std::abs(cp) / 100 << ".";
  out.fill('0');
  out.width(2);
  out << std::abs(cp) % 100;
  return out.str();
}

// "  book 4 moves (saved 3.2 s)", or nothing without book moves (or from older daemons).
std::string book_text(const nlohmann::json& game) {
  const int moves = game.value("book_moves", 0);
  if (moves == 0) return "";
  const std::int64_t saved_ms = game.value("book_time_saved_ms", std::int64_t(0));
  std::ostringstream out;
  out << "  book " << moves << (moves == 1 ? " move" : " moves") << " (saved " << saved_ms / 1000
      << "." << (saved_ms % 1000) / 100 << " s)";
  return out.str();
}

// "  ponder 3 of 5 hit, on e7e5 now": the replies pondered on so far and the one pondered
// on now; nothing without pondering (or from older daemons).
std::string ponder_text(const nlohmann::json& game) {
  const int hits = game.value("ponder_hits", 0);
  const int pondered = hits + game.value("ponder_misses", 0);
  const std::string now = game.value("pondering", std::string());
  if (pondered == 0 && now.empty()) return "";
  std::string text =
      "  ponder " + std::to_string(hits) + " of " + std::to_string(pondered) + " hit";
  if (!now.empty()) text += ", on " + now + " now";
  return text;
}

void format_into(std::ostringstream& out, const nlohmann::json& r, std::int64_t now) {
  out << "paxbot " << r.at("version").get<std::string>() << " as "
      << r.at("account").get<std::string>() << " on " << r.at("server").get<std::string>()
      << ", up " << duration_text(now - r.at("started_unix_s").get<std::int64_t>()) << ", report "
      << duration_text(now - r.at("updated_unix_s").get<std::int64_t>()) << " old"
      << (r.at("shutting_down").get<bool>() ? ", SHUTTING DOWN" : "") << "\n";

  const auto& games = r.at("games");
  const auto correspondence = std::ranges::count_if(games, [](const nlohmann::json& g) {
    return g.value("speed", std::string()) == "correspondence";
  });
  out << "games in progress: " << games.size() - std::size_t(correspondence) << " of "
      << r.at("concurrency").get<int>();
  if (correspondence > 0)
    out << ", correspondence " << correspondence << " of "
        << r.value("correspondence_max_games", 0);
  out << "\n";
  for (const auto& g : games) {
    out << "  " << g.at("id").get<std::string>() << "  vs " << g.at("opponent").get<std::string>()
        << "  " << g.at("variant").get<std::string>() << " " << g.at("speed").get<std::string>()
        << "  as " << g.at("color").get<std::string>() << "  ply " << g.at("plies").get<int>()
        << (g.at("our_turn").get<bool>() ? "  our move" : "  their move") << "  clock "
        << clock_text(g.at("our_clock_ms")) << " vs " << clock_text(g.at("their_clock_ms"))
        << "  eval " << eval_text(g) << book_text(g) << ponder_text(g)
        << (g.value("stream_open", true) ? "" : "  stream closed") << "\n";
  }
  if (!r.at("starting").empty()) {
    out << "accepted, not started yet:";
    for (const auto& id : r.at("starting")) out << " " << id.get<std::string>();
    out << "\n";
  }
  out << "challenge queue: " << r.at("queue").size() << "\n";
  for (const auto& c : r.at("queue")) {
    out << "  " << c.at("id").get<std::string>() << "  from "
        << c.at("challenger").get<std::string>() << "  " << c.at("variant").get<std::string>()
        << " " << c.at("speed").get<std::string>() << "\n";
  }
  out << "bot games in the last 24 h: " << r.at("bot_games_today").get<int>() << " of "
      << r.at("bot_games_cap").get<int>() << "\n";

  const auto& mm = r.at("matchmaking");
  if (!mm.at("enabled").get<bool>()) {
    out << "matchmaking: off\n";
  } else {
    out << "matchmaking: on, credits used " << mm.at("credits_last_minute").get<int>()
        << " in the last minute, " << mm.at("credits_last_day").get<int>() << " today";
    if (!mm.at("pending").empty()) {
      out << ", waiting for an answer to";
      for (const auto& id : mm.at("pending")) out << " " << id.get<std::string>();
    }
    if (!mm.at("paused_for_s").is_null())
      out << ", paused " << duration_text(mm.at("paused_for_s").get<std::int64_t>())
          << " after a 429";
    if (const auto why = mm.at("blocked_by").get<std::string>(); !why.empty())
      out << ", held back: " << why;
    out << "\n";
  }
  out << "rate-limit cooldowns:";
  if (r.at("cooldowns").empty()) out << " none";
  for (const auto& c : r.at("cooldowns"))
    out << " " << c.at("key").get<std::string>() << " "
        << duration_text((c.at("remaining_ms").get<std::int64_t>() + 999) / 1000);
  out << "\n";
}

}  // namespace

nlohmann::json to_json(const StatusReport& report) {
  nlohmann::json games = nlohmann::json::array();
  for (const GameSummary& g : report.games) {
    nlohmann::json j = {
        {"id", g.id},       {"opponent", g.opponent}, {"variant", g.variant},  {"speed", g.speed},
        {"color", g.color}, {"plies", g.plies},       {"our_turn", g.our_turn}};
    put_optional(j, "our_clock_ms", g.our_clock_ms);
    put_optional(j, "their_clock_ms", g.their_clock_ms);
    put_optional(j, "eval_cp", g.eval_cp);
    put_optional(j, "mate_in", g.mate_in);
    j["book_moves"] = g.book_moves;
    j["book_time_saved_ms"] = g.book_time_saved_ms;
    j["ponder_hits"] = g.ponder_hits;
    j["ponder_misses"] = g.ponder_misses;
    j["pondering"] = g.pondering;
    j["stream_open"] = g.stream_open;
    games.push_back(std::move(j));
  }
  nlohmann::json queue = nlohmann::json::array();
  for (const QueuedChallenge& c : report.queue)
    queue.push_back(
        {{"id", c.id}, {"challenger", c.challenger}, {"variant", c.variant}, {"speed", c.speed}});
  nlohmann::json cooldowns = nlohmann::json::array();
  for (const Cooldown& c : report.cooldowns)
    cooldowns.push_back({{"key", c.key}, {"remaining_ms", c.remaining_ms}});
  const MatchmakingSummary& m = report.matchmaking;
  nlohmann::json matchmaking = {{"enabled", m.enabled},
                                {"pending", m.pending},
                                {"credits_last_minute", m.credits_last_minute},
                                {"credits_last_day", m.credits_last_day},
                                {"blocked_by", m.blocked_by}};
  put_optional(matchmaking, "paused_for_s", m.paused_for_s);
  return {{"account", report.account},
          {"server", report.server},
          {"version", report.version},
          {"started_unix_s", report.started_unix_s},
          {"updated_unix_s", report.updated_unix_s},
          {"shutting_down", report.shutting_down},
          {"concurrency", report.concurrency},
          {"correspondence_max_games", report.correspondence_max_games},
          {"games", std::move(games)},
          {"starting", report.starting},
          {"queue", std::move(queue)},
          {"bot_games_today", report.bot_games_today},
          {"bot_games_cap", report.bot_games_cap},
          {"matchmaking", std::move(matchmaking)},
          {"cooldowns", std::move(cooldowns)}};
}

std::expected<std::string, std::string> format_status(const nlohmann::json& report,
                                                      std::int64_t now_unix_s) {
  std::ostringstream out;
  try {
    format_into(out, report, now_unix_s);
  } catch (const nlohmann::json::exception& e) {
    // at() names the missing key, get<>() the wrong type.
    return std::unexpected(std::string("not a paxbot status report: ") + e.what());
  }
  return out.str();
}

}  // namespace bot
