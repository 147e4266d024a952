// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/eval/weight_schema.h"

namespace engine::eval {
namespace {

std::string index_text(IndexLabel label, int i) {
  static constexpr std::array<std::string_view, 6> kTypes = {"Pawn", "Knight", "Bishop",
                                                             "Rook", "Queen",  "King"};
  switch (label) {
    case IndexLabel::PieceType:
      return i < 6 ? std::string(kTypes[i]) : std::to_string(i);
    case IndexLabel::Square:
      return {char('a' + file_of(i)), char('1' + rank_of(i))};
    default:
      return std::to_string(i);
  }
}

}  // namespace

std::span<const WeightField> weight_fields(bool pacifist) {
  if (pacifist) return kPacifistFields;
  return kStandardFields;
}

std::string weight_name(std::span<const WeightField> fields, int index) {
  for (const WeightField& f : fields) {
    if (index < f.offset || index >= f.offset + f.size()) continue;
    int rest = index - f.offset;
    std::string name(f.name);
    const int part = f.pair ? rest % 2 : 0;
    if (f.pair) rest /= 2;
    if (f.dims == 2) {
      name += "[" + index_text(f.label[0], rest / f.extent[1]) + "][" +
              index_text(f.label[1], rest % f.extent[1]) + "]";
    } else if (f.dims == 1) {
      name += "[" + index_text(f.label[0], rest) + "]";
    }
    if (f.pair) name += part == 0 ? ".mg" : ".eg";
    return name;
  }
  return {};
}

}  // namespace engine::eval
