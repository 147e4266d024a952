// SPDX-License-Identifier: GPL-3.0-or-later
// The Lichess variant keys paxbot plays and what each means: display names and the engine
// rule set. Owns the variant vocabulary for config, daemon and server. Constants and pure
// functions; safe to use from any thread.
#pragma once

#include <array>
#include <expected>
#include <optional>
#include <string>
#include <string_view>

namespace lichess {

enum class Variant { kStandard, kChess960, kFromPosition, kPacifist };

// The keys in enumerator order: "standard", "chess960", "fromPosition", "pacifist".
inline constexpr std::array<std::string_view, 4> kVariantKeys = {"standard", "chess960",
                                                                 "fromPosition", "pacifist"};

struct VariantInfo {
  std::string_view key;         // "fromPosition"
  std::string_view name;        // "From Position"
  std::string_view short_name;  // "FEN"
  // The engine rule set, spelled as engine::parse_variant reads it. fromPosition plays
  // standard chess with Chess960-style castling, so X-FEN castling with rooks off the a/h
  // files works (Lichess plays fromPosition as 960 inside).
  std::string_view rules;
};

const VariantInfo& variant_info(Variant variant);
std::string_view to_string(Variant variant);  // the key
// Exact, case-sensitive key match; nullopt for variants paxbot does not play.
std::optional<Variant> parse_variant(std::string_view key);
// As parse_variant, with an error naming the key and the variants paxbot plays.
std::expected<Variant, std::string> parse_supported_variant(std::string_view key);

}  // namespace lichess
