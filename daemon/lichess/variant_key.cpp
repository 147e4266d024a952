// SPDX-License-Identifier: GPL-3.0-or-later
#include "daemon/lichess/variant_key.h"

#include "engine/variant.h"
#include "lichess/variant.h"

namespace bot {

std::expected<engine::Variant, std::string> engine_variant_for(std::string_view lichess_key) {
  const auto variant = lichess::parse_supported_variant(lichess_key);
  if (!variant) return std::unexpected(variant.error());
  // The lichess table names every rule set by an engine::parse_variant name.
  return engine::parse_variant(lichess::variant_info(*variant).rules);
}

bool is_supported_variant_key(std::string_view lichess_key) {
  return lichess::parse_variant(lichess_key).has_value();
}

std::string_view lichess_variant_key(engine::Variant variant) {
  // The engine's own names are the Lichess keys of the same rules.
  return engine::variant_name(variant);
}

}  // namespace bot
