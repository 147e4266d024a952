// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/variant.h"

namespace engine {

std::expected<Variant, std::string> parse_variant(std::string_view name) {
  if (name == "standard" || name == "chess") return Variant::Standard;
  if (name == "chess960") return Variant::Chess960;
  if (name == "pacifist") return Variant::Pacifist;
  return std::unexpected("unknown variant '" + std::string(name) +
                         "'; expected standard, chess960 or pacifist");
}

std::string_view variant_name(Variant v) {
  switch (v) {
    case Variant::Chess960:
      return "chess960";
    case Variant::Pacifist:
      return "pacifist";
    default:
      return "standard";
  }
}

}  // namespace engine
