#include "daemon/lichess/variant_key.h"

#include <array>
#include <utility>

namespace bot {

namespace {

struct VariantRow {
  std::string_view key;
  engine::Variant variant;
};

constexpr std::array<VariantRow, 4> kVariants = {{
    {"standard", engine::Variant::Standard},
    {"chess960", engine::Variant::Chess960},
    {"fromPosition", engine::Variant::Chess960},
    {"pacifist", engine::Variant::Pacifist},
}};

constexpr std::array<std::pair<Speed, std::string_view>, 6> kSpeeds = {{
    {Speed::kUltraBullet, "ultraBullet"},
    {Speed::kBullet, "bullet"},
    {Speed::kBlitz, "blitz"},
    {Speed::kRapid, "rapid"},
    {Speed::kClassical, "classical"},
    {Speed::kCorrespondence, "correspondence"},
}};

}  // namespace

std::expected<engine::Variant, std::string> engine_variant_for(std::string_view lichess_key) {
  for (const VariantRow& row : kVariants) {
    if (row.key == lichess_key) return row.variant;
  }
  return std::unexpected("unsupported variant '" + std::string(lichess_key) +
                         "'; paxbot plays standard, chess960, fromPosition and pacifist");
}

bool is_supported_variant_key(std::string_view lichess_key) {
  return engine_variant_for(lichess_key).has_value();
}

std::string_view lichess_variant_key(engine::Variant variant) {
  switch (variant) {
    case engine::Variant::Standard:
      return "standard";
    case engine::Variant::Chess960:
      return "chess960";
    case engine::Variant::Pacifist:
      return "pacifist";
  }
  return "standard";
}

std::string_view to_string(Speed speed) {
  for (const auto& [value, key] : kSpeeds) {
    if (value == speed) return key;
  }
  return "?";
}

std::optional<Speed> parse_speed(std::string_view key) {
  for (const auto& [value, name] : kSpeeds) {
    if (name == key) return value;
  }
  return std::nullopt;
}

Speed classify_speed(int limit_s, int increment_s) {
  const long long estimate = static_cast<long long>(limit_s) + 40LL * increment_s;
  if (estimate < 30) return Speed::kUltraBullet;
  if (estimate < 180) return Speed::kBullet;
  if (estimate < 480) return Speed::kBlitz;
  if (estimate < 1500) return Speed::kRapid;
  return Speed::kClassical;
}

Speed classify_speed(std::optional<int> limit_s, std::optional<int> increment_s,
                     std::optional<int> days_per_turn) {
  if (days_per_turn || !limit_s) return Speed::kCorrespondence;
  return classify_speed(*limit_s, increment_s.value_or(0));
}

}  // namespace bot
