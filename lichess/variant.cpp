// SPDX-License-Identifier: GPL-3.0-or-later
#include "lichess/variant.h"

namespace lichess {
namespace {

constexpr std::array<VariantInfo, 4> kVariants = {{
    {kVariantKeys[0], "Standard", "Std", "standard"},
    {kVariantKeys[1], "Chess960", "960", "chess960"},
    {kVariantKeys[2], "From Position", "FEN", "chess960"},
    {kVariantKeys[3], "Pacifist", "Pac", "pacifist"},
}};

}  // namespace

const VariantInfo& variant_info(Variant variant) {
  return kVariants[static_cast<std::size_t>(variant)];
}

std::string_view to_string(Variant variant) {
  return variant_info(variant).key;
}

std::optional<Variant> parse_variant(std::string_view key) {
  for (std::size_t i = 0; i < kVariants.size(); ++i) {
    if (kVariants[i].key == key) return static_cast<Variant>(i);
  }
  return std::nullopt;
}

std::expected<Variant, std::string> parse_supported_variant(std::string_view key) {
  if (const auto variant = parse_variant(key)) return *variant;
  return std::unexpected("unsupported variant '" + std::string(key) +
                         "'; paxbot plays standard, chess960, fromPosition and pacifist");
}

}  // namespace lichess
