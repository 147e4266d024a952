// SPDX-License-Identifier: GPL-3.0-or-later
// Lichess challenge decline reasons: the keys a bot posts, the lower-case keys events carry,
// and the text the challenger is shown. Constants and pure functions; any thread.
#pragma once

#include <optional>
#include <string_view>

namespace lichess {

// The `reason` form field of POST /api/challenge/{id}/decline.
enum class DeclineReason {
  kGeneric,
  kLater,
  kTooFast,
  kTooSlow,
  kTimeControl,
  kRated,
  kCasual,
  kStandard,
  kVariant,
  kNoBot,
  kOnlyBot,
};

// The key as posted: "generic", "later", "tooFast", "tooSlow", "timeControl", "rated",
// "casual", "standard", "variant", "noBot", "onlyBot".
std::string_view to_string(DeclineReason reason);
// The lower-case `declineReasonKey` of challenge JSON and challengeDeclined events ("toofast").
std::string_view event_key(DeclineReason reason);
// The `declineReason` text shown to the challenger.
std::string_view decline_text(DeclineReason reason);
// Case-insensitive, so it reads both the posted and the event spelling.
std::optional<DeclineReason> parse_decline_reason(std::string_view key);

}  // namespace lichess
