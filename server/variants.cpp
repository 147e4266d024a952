// SPDX-License-Identifier: GPL-3.0-or-later
#include "server/variants.h"

#include "engine/variant.h"

namespace server {

engine::Variant engine_rules(lichess::Variant variant) {
  // The lichess table names every rule set by an engine::parse_variant name.
  return engine::parse_variant(lichess::variant_info(variant).rules)
      .value_or(engine::Variant::Standard);
}

}  // namespace server
