// SPDX-License-Identifier: GPL-3.0-or-later
#include "lichess/decline_reason.h"

#include <array>
#include <cctype>
#include <cstddef>

namespace lichess {
namespace {

struct ReasonRow {
  std::string_view key;
  std::string_view event_key;
  std::string_view text;
};

// In enumerator order.
constexpr std::array<ReasonRow, 11> kReasons = {{
    {"generic", "generic", "This bot is not taking challenges right now."},
    {"later", "later", "Not now, please try again later."},
    {"tooFast", "toofast",
     "This time control is too fast for this bot; please offer a slower game."},
    {"tooSlow", "tooslow",
     "This time control is too slow for this bot; please offer a faster game."},
    {"timeControl", "timecontrol", "This bot does not play this time control."},
    {"rated", "rated", "This bot only plays rated games; please send a rated challenge."},
    {"casual", "casual", "This bot only plays casual games; please send a casual challenge."},
    {"standard", "standard", "This bot does not play variants right now."},
    {"variant", "variant", "This bot does not play this variant right now."},
    {"noBot", "nobot", "This bot does not play other bots."},
    {"onlyBot", "onlybot", "This bot only plays other bots."},
}};

const ReasonRow& row(DeclineReason reason) {
  return kReasons[static_cast<std::size_t>(reason)];
}

bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(a[i])) !=
        std::tolower(static_cast<unsigned char>(b[i]))) {
      return false;
    }
  }
  return true;
}

}  // namespace

std::string_view to_string(DeclineReason reason) {
  return row(reason).key;
}

std::string_view event_key(DeclineReason reason) {
  return row(reason).event_key;
}

std::string_view decline_text(DeclineReason reason) {
  return row(reason).text;
}

std::optional<DeclineReason> parse_decline_reason(std::string_view key) {
  for (std::size_t i = 0; i < kReasons.size(); ++i) {
    if (iequals(kReasons[i].key, key)) return static_cast<DeclineReason>(i);
  }
  return std::nullopt;
}

}  // namespace lichess
