// SPDX-License-Identifier: GPL-3.0-or-later
#include "tune/net_data.h"

#include "engine/bitboard.h"
#include "engine/fen.h"
#include "engine/nnue/features.h"
#include "tune/quiet.h"

namespace tune {

using namespace engine;

std::expected<int, std::string> active_features(const Position& pos, Color perspective,
                                                std::span<std::uint16_t, kMaxActiveFeatures> out) {
  Bitboard occupied = pos.occupied();
  if (popcount(occupied) > kMaxActiveFeatures)
    return std::unexpected("the position has " + std::to_string(popcount(occupied)) +
                           " pieces, more than " + std::to_string(kMaxActiveFeatures));
  int n = 0;
  while (occupied) {
    const Square s = pop_lsb(occupied);
    out[std::size_t(n++)] = std::uint16_t(nnue::feature_index(perspective, pos.piece_on(s), s));
  }
  return n;
}

std::expected<void, std::string> NetDataSet::add(const DataLine& line) {
  auto pos = parse_fen(line.fen, Variant::Chess960);
  if (!pos) return std::unexpected("FEN: " + pos.error());
  if (!line.score) {
    ++stats_.no_score;
    return {};
  }
  const bool white = pos->side_to_move() == White;
  const double result = white ? line.result : 1 - line.result;
  const double score = white ? *line.score : -*line.score;
  std::string key = position_key(to_fen(*pos));
  if (auto it = index_of_.find(key); it != index_of_.end()) {
    NetSample& s = samples_[it->second];
    s.result += float(result);
    s.score += float(score);
    ++merged_[it->second];
    ++stats_.duplicates;
    return {};
  }
  if (!is_quiet(*pos)) {
    ++stats_.not_quiet;
    return {};
  }
  auto added = append(*pos, result, score);
  if (!added) return added;
  index_of_.emplace(std::move(key), std::uint32_t(samples_.size() - 1));
  return {};
}

std::expected<std::size_t, std::string> NetDataSet::add_position(const Position& pos, double result,
                                                                 double score) {
  auto added = append(pos, result, score);
  if (!added) return std::unexpected(added.error());
  return samples_.size() - 1;
}

std::expected<void, std::string> NetDataSet::append(const Position& pos, double result,
                                                    double score) {
  NetSample s;
  auto n = active_features(pos, pos.side_to_move(), s.stm);
  if (!n) return std::unexpected(n.error());
  (void)active_features(pos, ~pos.side_to_move(), s.other);
  s.count = std::uint8_t(*n);
  s.result = float(result);
  s.score = float(score);
  samples_.push_back(s);
  merged_.push_back(1);
  ++stats_.kept;
  return {};
}

void NetDataSet::finish() {
  for (std::size_t i = 0; i < samples_.size(); ++i) {
    samples_[i].result /= float(merged_[i]);
    samples_[i].score /= float(merged_[i]);
    merged_[i] = 1;
  }
  index_of_.clear();
}

}  // namespace tune
