#include "server/variants.h"

#include <array>

namespace server {
namespace {

constexpr std::array<VariantInfo, 4> kVariants = {{
    {"standard", "Standard", "Std", engine::Variant::Standard},
    {"chess960", "Chess960", "960", engine::Variant::Chess960},
    {"fromPosition", "From Position", "FEN", engine::Variant::Chess960},
    {"pacifist", "Pacifist", "Pac", engine::Variant::Pacifist},
}};

}  // namespace

const VariantInfo& variant_info(GameVariant v) {
  return kVariants[static_cast<int>(v)];
}

std::optional<GameVariant> parse_variant_key(std::string_view key) {
  for (std::size_t i = 0; i < kVariants.size(); ++i)
    if (kVariants[i].key == key) return GameVariant(i);
  return std::nullopt;
}

std::string perf_key(GameVariant v, const std::string& speed) {
  if (v == GameVariant::Standard || v == GameVariant::FromPosition) return speed;
  return std::string(variant_info(v).key);
}

std::string perf_name(const std::string& perf) {
  if (perf == "ultraBullet") return "UltraBullet";
  if (perf == "chess960") return "Chess960";
  if (perf.empty()) return perf;
  std::string out = perf;
  out[0] = char(out[0] - 'a' + 'A');
  return out;
}

}  // namespace server
