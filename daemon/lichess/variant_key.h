// SPDX-License-Identifier: GPL-3.0-or-later
// The bridge from a Lichess variant key (lichess/variant.h owns them) to the engine rule set
// the daemon plays it with. Pure functions; safe to use from any thread.
#pragma once

#include <expected>
#include <string>
#include <string_view>

#include "engine/types.h"

namespace bot {

// Lichess variant key -> engine rules: standard -> Standard, chess960 and fromPosition ->
// Chess960 (fromPosition is standard chess whose X-FEN castling may name inner rooks),
// pacifist -> Pacifist. Any other key (crazyhouse, atomic, ...) is unsupported: the error
// names it.
std::expected<engine::Variant, std::string> engine_variant_for(std::string_view lichess_key);

// Whether engine_variant_for() accepts the key.
bool is_supported_variant_key(std::string_view lichess_key);

// engine rules -> the Lichess key a challenge for them uses:
// Standard -> "standard", Chess960 -> "chess960", Pacifist -> "pacifist".
std::string_view lichess_variant_key(engine::Variant variant);

}  // namespace bot
