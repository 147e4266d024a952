// SPDX-License-Identifier: GPL-3.0-or-later
#include "lichess/perf.h"

namespace lichess {

std::string_view perf_key(Variant variant, Speed speed) {
  if (variant == Variant::kStandard || variant == Variant::kFromPosition) return to_string(speed);
  return to_string(variant);
}

std::string perf_name(std::string_view perf) {
  std::string out(perf);
  if (!out.empty() && out[0] >= 'a' && out[0] <= 'z') out[0] = char(out[0] - 'a' + 'A');
  return out;
}

}  // namespace lichess
