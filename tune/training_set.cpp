// SPDX-License-Identifier: GPL-3.0-or-later
#include "tune/training_set.h"

#include "engine/eval/evaluate.h"
#include "engine/eval/weight_schema.h"
#include "engine/fen.h"
#include "tune/quiet.h"

namespace tune {

using namespace engine;

TrainingSet::TrainingSet(bool pacifist)
    : pacifist_(pacifist),
      weight_count_(pacifist ? eval::kWeightCount<eval::PacifistWeights>
                             : eval::kWeightCount<eval::StandardWeights>),
      pair_start_(std::size_t(weight_count_), false) {
  for (const eval::WeightField& f : eval::weight_fields(pacifist))
    if (f.pair)
      for (int i = f.offset; i < f.offset + f.size(); i += 2) pair_start_[std::size_t(i)] = true;
}

std::expected<void, std::string> TrainingSet::add(const DataLine& line) {
  auto pos = parse_fen(line.fen, pacifist_ ? Variant::Pacifist : Variant::Chess960);
  if (!pos) return std::unexpected("FEN: " + pos.error());
  const std::string key = position_key(to_fen(*pos));
  if (auto it = index_of_.find(key); it != index_of_.end()) {
    TrainingPosition& p = positions_[it->second];
    ++stats_.duplicates;
    p.result += float(line.result);
    ++merged_[it->second];
    if (line.score) {
      p.score += float(*line.score);
      p.has_score = true;
      ++merged_scores_[it->second];
    }
    return {};
  }
  if (!is_quiet(*pos)) {
    ++stats_.not_quiet;
    return {};
  }
  eval::evaluate(*pos, trace_);
  if (trace_.drawn) {
    ++stats_.drawn;
    return {};
  }
  index_of_.emplace(key, positions_.size());
  append(trace_, line.result, line.score ? std::optional<double>(*line.score) : std::nullopt);
  return {};
}

std::size_t TrainingSet::add_position(const Position& pos, double result,
                                      std::optional<double> score) {
  eval::evaluate(pos, trace_);
  append(trace_, result, score);
  return positions_.size() - 1;
}

void TrainingSet::append(const eval::EvalTrace& trace, double result, std::optional<double> score) {
  TrainingPosition p;
  p.first = std::uint32_t(terms_.size());
  const int n = weight_count_;
  auto push = [this](int i, int c) { terms_.push_back({std::uint16_t(i), std::int16_t(c)}); };
  // A Pair element used with the same count in both halves is one term.
  std::vector<bool> done(std::size_t(n), false);
  for (int i = 0; i + 1 < n; ++i) {
    const int c = trace.mg[std::size_t(i)];
    if (c != 0 && pair_start_[std::size_t(i)] && trace.eg[std::size_t(i) + 1] == c &&
        trace.eg[std::size_t(i)] == 0 && trace.mg[std::size_t(i) + 1] == 0) {
      push(i, c);
      done[std::size_t(i)] = true;
      ++p.pairs;
    }
  }
  for (int i = 0; i < n; ++i)
    if (trace.mg[std::size_t(i)] != 0 && !done[std::size_t(i)]) {
      push(i, trace.mg[std::size_t(i)]);
      ++p.mg;
    }
  for (int i = 0; i < n; ++i)
    if (trace.eg[std::size_t(i)] != 0 && !(i > 0 && done[std::size_t(i) - 1])) {
      push(i, trace.eg[std::size_t(i)]);
      ++p.eg;
    }
  for (int i = 0; i < n; ++i)
    if (trace.plain[std::size_t(i)] != 0) {
      push(i, trace.plain[std::size_t(i)]);
      ++p.plain;
    }
  const double scale = trace.scale / 100.0;
  p.mg_share = float(trace.phase * scale / eval::kPhaseTotal);
  p.eg_share = float((eval::kPhaseTotal - trace.phase) * scale / eval::kPhaseTotal);
  p.result = float(result);
  p.has_score = score.has_value();
  p.score = float(score.value_or(0));
  positions_.push_back(p);
  merged_.push_back(1);
  merged_scores_.push_back(score ? 1 : 0);
  ++stats_.added;
}

void TrainingSet::finish() {
  for (std::size_t i = 0; i < positions_.size(); ++i) {
    positions_[i].result /= float(merged_[i]);
    if (merged_scores_[i] > 0) positions_[i].score /= float(merged_scores_[i]);
    merged_[i] = 1;
    merged_scores_[i] = positions_[i].has_score ? 1 : 0;
  }
  index_of_.clear();
}

double TrainingSet::evaluate(const TrainingPosition& p, std::span<const double> w) const {
  const Term* t = terms_.data() + p.first;
  double mg = 0, eg = 0, plain = 0;
  for (int k = 0; k < p.pairs; ++k, ++t) {
    mg += w[t->index] * t->coefficient;
    eg += w[t->index + 1] * t->coefficient;
  }
  for (int k = 0; k < p.mg; ++k, ++t) mg += w[t->index] * t->coefficient;
  for (int k = 0; k < p.eg; ++k, ++t) eg += w[t->index] * t->coefficient;
  for (int k = 0; k < p.plain; ++k, ++t) plain += w[t->index] * t->coefficient;
  return mg * p.mg_share + eg * p.eg_share + plain;
}

}  // namespace tune
