// SPDX-License-Identifier: GPL-3.0-or-later
#include "server/challenges.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>

#include "engine/bitboard.h"
#include "engine/fen.h"
#include "engine/status.h"

namespace server {
namespace {

constexpr std::array<std::string_view, 5> kRules = {"noAbort", "noRematch", "noGiveTime",
                                                    "noClaimWin", "noEarlyDraw"};

Result<int> parse_int_field(const FormFields& fields, const std::string& name, int min, int max) {
  const std::string& text = fields.at(name);
  int value = 0;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || error != std::errc() || end != text.data() + text.size())
    return bad_request(name + ": '" + text.substr(0, 40) + "' is not a whole number");
  if (value < min || value > max)
    return bad_request(name + ": " + text + " is out of range " + std::to_string(min) + ".." +
                       std::to_string(max));
  return value;
}

Result<TimeControl> parse_time_control(const FormFields& fields, bool any_clock) {
  const bool has_limit = fields.contains("clock.limit");
  const bool has_increment = fields.contains("clock.increment");
  const bool has_days = fields.contains("days");
  if ((has_limit || has_increment) && has_days)
    return bad_request("give either clock.limit and clock.increment or days, not both");
  if (has_increment && !has_limit) return bad_request("clock.limit is missing");
  if (has_limit) {
    auto limit = parse_int_field(fields, "clock.limit", 0, lichess::kMaxClockLimitS);
    if (!limit) return std::unexpected(limit.error());
    int increment = 0;
    if (has_increment) {
      auto inc =
          parse_int_field(fields, "clock.increment", 0, any_clock ? 180 : lichess::kMaxIncrementS);
      if (!inc) return std::unexpected(inc.error());
      increment = *inc;
    }
    if (!any_clock && !lichess::is_challenge_clock_limit(*limit))
      return bad_request("clock.limit: " + std::to_string(*limit) +
                         " is not one of 0, 15, 30, 45, 60, 90 or a multiple of 60 up to 10800");
    if (*limit == 0 && increment == 0) return bad_request("clock: 0+0 is not a time control");
    return TimeControl::clock(*limit, increment);
  }
  if (has_days) {
    auto days = parse_int_field(fields, "days", 1, 14);
    if (!days) return std::unexpected(days.error());
    if (!lichess::is_correspondence_days(*days))
      return bad_request("days: " + std::to_string(*days) + " is not one of 1, 2, 3, 5, 7, 10, 14");
    return TimeControl::correspondence(*days);
  }
  return TimeControl::unlimited();
}

bool is_chess960_start(const engine::Position& pos) {
  const std::string fen = engine::to_fen(pos);
  for (int i = 0; i < 960; ++i) {
    auto start = engine::parse_fen(engine::chess960_start_fen(i), engine::Variant::Chess960);
    if (start && engine::to_fen(*start) == fen) return true;
  }
  return false;
}

}  // namespace

std::string_view color_choice_name(ColorChoice c) {
  switch (c) {
    case ColorChoice::kWhite:
      return "white";
    case ColorChoice::kBlack:
      return "black";
    default:
      return "random";
  }
}

std::string_view challenge_status_name(ChallengeStatus s) {
  switch (s) {
    case ChallengeStatus::kCreated:
      return "created";
    case ChallengeStatus::kOffline:
      return "offline";
    case ChallengeStatus::kCanceled:
      return "canceled";
    case ChallengeStatus::kDeclined:
      return "declined";
    case ChallengeStatus::kAccepted:
      return "accepted";
  }
  return "created";
}

Result<bool> parse_bool_field(const FormFields& fields, const std::string& name, bool fallback) {
  auto it = fields.find(name);
  if (it == fields.end()) return fallback;
  if (it->second == "true" || it->second == "1") return true;
  if (it->second == "false" || it->second == "0") return false;
  return bad_request(name + ": expected true or false, not '" + it->second.substr(0, 40) + "'");
}

Result<ChallengeRequest> parse_challenge_request(const FormFields& fields, bool any_clock) {
  ChallengeRequest request;
  auto tc = parse_time_control(fields, any_clock);
  if (!tc) return std::unexpected(tc.error());
  request.time_control = *tc;
  for (auto [name, target] : {std::pair{"rated", &request.rated},
                              std::pair{"keepAliveStream", &request.keep_alive_stream},
                              std::pair{"chess960", &request.chess960_start}}) {
    auto value = parse_bool_field(fields, name, false);
    if (!value) return std::unexpected(value.error());
    *target = *value;
  }
  if (auto it = fields.find("color"); it != fields.end()) {
    if (it->second == "white")
      request.color = ColorChoice::kWhite;
    else if (it->second == "black")
      request.color = ColorChoice::kBlack;
    else if (it->second != "random")
      return bad_request("color: expected random, white or black");
  }
  if (auto it = fields.find("variant"); it != fields.end()) {
    auto variant = lichess::parse_variant(it->second);
    if (!variant)
      return bad_request("variant: unknown variant '" + it->second.substr(0, 40) +
                         "'; this server plays standard, chess960, fromPosition and pacifist");
    request.variant = *variant;
  }
  if (auto it = fields.find("fen"); it != fields.end()) request.fen = it->second;
  if (auto it = fields.find("rules"); it != fields.end() && !it->second.empty()) {
    std::string_view rest = it->second;
    while (!rest.empty()) {
      std::size_t comma = rest.find(',');
      std::string_view rule = rest.substr(0, comma);
      if (std::find(kRules.begin(), kRules.end(), rule) == kRules.end())
        return bad_request("rules: unknown rule '" + std::string(rule.substr(0, 40)) + "'");
      request.rules.emplace_back(rule);
      rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
    }
  }
  return request;
}

Result<Challenge> make_challenge(std::string id, std::string challenger, std::string dest,
                                 ChallengeRequest request, std::int64_t now, std::mt19937_64& rng) {
  Challenge c;
  c.id = std::move(id);
  c.challenger = std::move(challenger);
  c.dest = std::move(dest);
  c.variant = request.variant;
  c.rated = request.rated;
  c.created_at = now;
  const engine::Variant rules = engine_rules(c.variant);
  if (!request.fen.empty()) {
    auto pos = engine::parse_fen(request.fen, rules);
    if (!pos) return bad_request("Invalid FEN: " + pos.error());
    if (engine::game_status(*pos).over())
      return bad_request("Invalid FEN: the game is already over in this position");
    if (c.variant == lichess::Variant::kChess960 && !is_chess960_start(*pos))
      return bad_request("Invalid FEN: not a Chess960 start position");
    const std::string fen = engine::to_fen(*pos);
    auto standard_start = engine::parse_fen(engine::kStartFen, rules);
    const bool is_start = standard_start && engine::to_fen(*standard_start) == fen;
    if (c.variant == lichess::Variant::kStandard && !is_start)
      c.variant = lichess::Variant::kFromPosition;
    const bool pacifist_start = c.variant == lichess::Variant::kPacifist && is_start;
    if (c.variant != lichess::Variant::kStandard && !pacifist_start) c.initial_fen = fen;
    c.rated = false;
  } else if (c.variant == lichess::Variant::kFromPosition) {
    return bad_request("fen: a fromPosition challenge needs a FEN");
  } else if (c.variant == lichess::Variant::kChess960 ||
             (c.variant == lichess::Variant::kPacifist && request.chess960_start)) {
    c.initial_fen = engine::chess960_start_fen(int(rng() % 960));
  }
  switch (request.color) {
    case ColorChoice::kWhite:
      c.challenger_color = engine::White;
      break;
    case ColorChoice::kBlack:
      c.challenger_color = engine::Black;
      break;
    case ColorChoice::kRandom:
      c.challenger_color = rng() % 2 ? engine::White : engine::Black;
  }
  c.request = std::move(request);
  return c;
}

std::string random_id(std::mt19937_64& rng, int length) {
  static constexpr std::string_view kAlphabet =
      "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
  std::string out;
  for (int i = 0; i < length; ++i) out += kAlphabet[rng() % kAlphabet.size()];
  return out;
}

}  // namespace server
