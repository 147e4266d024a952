// Game variants as the server knows them: the Lichess keys standard, chess960
// and fromPosition, plus pacifist. Each maps to an engine rule set. Plain values.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "engine/types.h"

namespace server {

enum class GameVariant { Standard, Chess960, FromPosition, Pacifist };

struct VariantInfo {
  std::string_view key;         // "fromPosition"
  std::string_view name;        // "From Position"
  std::string_view short_name;  // "FEN"
  engine::Variant rules;        // the engine rule set (fromPosition plays with Chess960 castling)
};

const VariantInfo& variant_info(GameVariant v);
std::optional<GameVariant> parse_variant_key(std::string_view key);

// The perf key of a game: the speed for standard and fromPosition, else the variant key.
std::string perf_key(GameVariant v, const std::string& speed);
// The display name of a perf key ("blitz" -> "Blitz", "chess960" -> "Chess960").
std::string perf_name(const std::string& perf);

}  // namespace server
