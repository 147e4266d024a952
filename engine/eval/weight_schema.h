// SPDX-License-Identifier: GPL-3.0-or-later
// The flat view of the evaluation weights the tuner works on: every weight
// struct of eval_params.h is a sequence of ints, so it converts to and from a
// std::array<int, N> (std::bit_cast), and each field is described here by name,
// position and shape, which names every single weight ("passed_pawn[5].eg") and
// lets the tuner write the weights headers. Compile-time tables; read-only.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>

#include "engine/eval/eval_params.h"
#include "engine/types.h"

namespace engine::eval {

template <class Weights>
inline constexpr int kWeightCount = int(sizeof(Weights) / sizeof(int));

template <class Weights>
using FlatWeights = std::array<int, kWeightCount<Weights>>;

template <class Weights>
constexpr FlatWeights<Weights> flatten(const Weights& w) {
  static_assert(std::is_trivially_copyable_v<Weights> && sizeof(Weights) % sizeof(int) == 0);
  return std::bit_cast<FlatWeights<Weights>>(w);
}

template <class Weights>
constexpr Weights unflatten(const FlatWeights<Weights>& flat) {
  return std::bit_cast<Weights>(flat);
}

// How the indices of one array dimension are written in names.
enum class IndexLabel : std::uint8_t { Number, PieceType, Square };

// One member of a weight struct: `dims` array dimensions (0, 1 or 2) of `extent`, each element
// an int or (pair) a middlegame/endgame Pair.
struct WeightField {
  std::string_view name;
  int offset;  // index of its first int in the flat view
  int dims;
  std::array<int, 2> extent;
  std::array<IndexLabel, 2> label;
  bool pair;

  constexpr int size() const {
    int n = pair ? 2 : 1;
    for (int d = 0; d < dims; ++d) n *= extent[d];
    return n;
  }
};

namespace detail {

constexpr int int_offset(std::size_t bytes) {
  return int(bytes / sizeof(int));
}

using L = IndexLabel;

}  // namespace detail

#define PAXBOT_FIELD(S, member, dims, e0, e1, l0, l1, pair)                            \
  WeightField {                                                                        \
#member, detail::int_offset(offsetof(S, member)), dims, {e0, e1 }, {l0, l1 }, pair \
  }

inline constexpr std::array kStandardFields = {
    PAXBOT_FIELD(StandardWeights, piece_square, 2, 6, 64, detail::L::PieceType, detail::L::Square,
                 true),
    PAXBOT_FIELD(StandardWeights, mobility, 2, 6, kMobilityCounts, detail::L::PieceType,
                 detail::L::Number, true),
    PAXBOT_FIELD(StandardWeights, doubled_pawn, 0, 1, 1, detail::L::Number, detail::L::Number,
                 true),
    PAXBOT_FIELD(StandardWeights, isolated_pawn, 0, 1, 1, detail::L::Number, detail::L::Number,
                 true),
    PAXBOT_FIELD(StandardWeights, backward_pawn, 0, 1, 1, detail::L::Number, detail::L::Number,
                 true),
    PAXBOT_FIELD(StandardWeights, phalanx_pawn, 0, 1, 1, detail::L::Number, detail::L::Number,
                 true),
    PAXBOT_FIELD(StandardWeights, supported_pawn, 0, 1, 1, detail::L::Number, detail::L::Number,
                 true),
    PAXBOT_FIELD(StandardWeights, passed_pawn, 1, 8, 1, detail::L::Number, detail::L::Number, true),
    PAXBOT_FIELD(StandardWeights, passed_blocked, 0, 1, 1, detail::L::Number, detail::L::Number,
                 true),
    PAXBOT_FIELD(StandardWeights, passed_own_king_distance, 0, 1, 1, detail::L::Number,
                 detail::L::Number, false),
    PAXBOT_FIELD(StandardWeights, passed_enemy_king_distance, 0, 1, 1, detail::L::Number,
                 detail::L::Number, false),
    PAXBOT_FIELD(StandardWeights, bishop_pair, 0, 1, 1, detail::L::Number, detail::L::Number, true),
    PAXBOT_FIELD(StandardWeights, rook_open_file, 0, 1, 1, detail::L::Number, detail::L::Number,
                 true),
    PAXBOT_FIELD(StandardWeights, rook_semi_open_file, 0, 1, 1, detail::L::Number,
                 detail::L::Number, true),
    PAXBOT_FIELD(StandardWeights, knight_outpost, 0, 1, 1, detail::L::Number, detail::L::Number,
                 true),
    PAXBOT_FIELD(StandardWeights, threat_by_pawn, 0, 1, 1, detail::L::Number, detail::L::Number,
                 true),
    PAXBOT_FIELD(StandardWeights, threat_by_minor, 0, 1, 1, detail::L::Number, detail::L::Number,
                 true),
    PAXBOT_FIELD(StandardWeights, hanging_piece, 0, 1, 1, detail::L::Number, detail::L::Number,
                 true),
    PAXBOT_FIELD(StandardWeights, king_attack, 2, 2, kKingAttackUnitsMax + 1, detail::L::Number,
                 detail::L::Number, false),
    PAXBOT_FIELD(StandardWeights, king_open_file, 1, 2, 1, detail::L::Number, detail::L::Number,
                 false),
    PAXBOT_FIELD(StandardWeights, king_shelter_missing, 1, 2, 1, detail::L::Number,
                 detail::L::Number, false),
    PAXBOT_FIELD(StandardWeights, king_safe_check, 1, 2, 1, detail::L::Number, detail::L::Number,
                 false),
    PAXBOT_FIELD(StandardWeights, tempo, 0, 1, 1, detail::L::Number, detail::L::Number, false),
    PAXBOT_FIELD(StandardWeights, bishop_pawns_same_colour, 0, 1, 1, detail::L::Number,
                 detail::L::Number, true),
    PAXBOT_FIELD(StandardWeights, bishop_cornered, 0, 1, 1, detail::L::Number, detail::L::Number,
                 true),
    PAXBOT_FIELD(StandardWeights, bishop_outpost, 0, 1, 1, detail::L::Number, detail::L::Number,
                 true),
    PAXBOT_FIELD(StandardWeights, minor_behind_pawn, 0, 1, 1, detail::L::Number, detail::L::Number,
                 true),
    PAXBOT_FIELD(StandardWeights, passed_free, 1, 8, 1, detail::L::Number, detail::L::Number, true),
    PAXBOT_FIELD(StandardWeights, passed_safe_stop, 1, 8, 1, detail::L::Number, detail::L::Number,
                 true),
    PAXBOT_FIELD(StandardWeights, passed_connected, 0, 1, 1, detail::L::Number, detail::L::Number,
                 true),
    PAXBOT_FIELD(StandardWeights, threat_by_rook, 0, 1, 1, detail::L::Number, detail::L::Number,
                 true),
    PAXBOT_FIELD(StandardWeights, threat_by_king, 0, 1, 1, detail::L::Number, detail::L::Number,
                 true),
    PAXBOT_FIELD(StandardWeights, weak_pawn_attacked, 0, 1, 1, detail::L::Number, detail::L::Number,
                 true),
    PAXBOT_FIELD(StandardWeights, threat_by_pawn_push, 0, 1, 1, detail::L::Number,
                 detail::L::Number, true),
    PAXBOT_FIELD(StandardWeights, king_zone_weak, 1, 2, 1, detail::L::Number, detail::L::Number,
                 false),
    PAXBOT_FIELD(StandardWeights, space, 0, 1, 1, detail::L::Number, detail::L::Number, true),
    PAXBOT_FIELD(StandardWeights, king_pawn_distance, 0, 1, 1, detail::L::Number, detail::L::Number,
                 false),
    PAXBOT_FIELD(StandardWeights, king_pawn_storm, 2, 2, 8, detail::L::Number, detail::L::Number,
                 false),
};

inline constexpr std::array kPacifistFields = {
    PAXBOT_FIELD(PacifistWeights, piece_value, 1, 5, 1, detail::L::PieceType, detail::L::Number,
                 false),
    PAXBOT_FIELD(PacifistWeights, first_king, 0, 1, 1, detail::L::Number, detail::L::Number, false),
    PAXBOT_FIELD(PacifistWeights, second_king, 0, 1, 1, detail::L::Number, detail::L::Number,
                 false),
    PAXBOT_FIELD(PacifistWeights, mobility, 2, 6, kMobilityCounts, detail::L::PieceType,
                 detail::L::Number, false),
    PAXBOT_FIELD(PacifistWeights, control, 0, 1, 1, detail::L::Number, detail::L::Number, false),
    PAXBOT_FIELD(PacifistWeights, pawn_rank, 1, 8, 1, detail::L::Number, detail::L::Number, false),
    PAXBOT_FIELD(PacifistWeights, over_persuaded, 1, 5, 1, detail::L::PieceType, detail::L::Number,
                 false),
    PAXBOT_FIELD(PacifistWeights, ripe, 2, 2, 5, detail::L::Number, detail::L::PieceType, false),
    PAXBOT_FIELD(PacifistWeights, king_over_persuaded, 1, 2, 1, detail::L::Number,
                 detail::L::Number, false),
    PAXBOT_FIELD(PacifistWeights, king_margin, 2, 2, 3, detail::L::Number, detail::L::Number,
                 false),
    PAXBOT_FIELD(PacifistWeights, king_reachable, 1, 2, 1, detail::L::Number, detail::L::Number,
                 false),
    PAXBOT_FIELD(PacifistWeights, tempo, 0, 1, 1, detail::L::Number, detail::L::Number, false),
};

#undef PAXBOT_FIELD

// Whether the fields follow each other without gaps and cover the whole struct.
template <class Weights, std::size_t N>
constexpr bool covers(const std::array<WeightField, N>& fields) {
  int next = 0;
  for (const WeightField& f : fields) {
    if (f.offset != next) return false;
    next += f.size();
  }
  return next == kWeightCount<Weights>;
}
static_assert(covers<StandardWeights>(kStandardFields));
static_assert(covers<PacifistWeights>(kPacifistFields));

// The fields of the evaluation for the rule set: standard (and Chess960) or Pacifist.
std::span<const WeightField> weight_fields(bool pacifist);

// The name of one flat index, e.g. "piece_square[Knight][e4].mg"; empty when out of range.
std::string weight_name(std::span<const WeightField> fields, int index);

}  // namespace engine::eval
