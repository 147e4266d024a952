// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/eval/eval_trace.h"

#include <algorithm>

#include "engine/score.h"

namespace engine::eval {

void EvalTrace::reset(int count) {
  for (std::vector<int>* part : {&mg, &eg, &plain}) part->assign(std::size_t(count), 0);
  phase = 0;
  scale = 100;
  sign = 1;
  drawn = false;
}

int traced_eval(const EvalTrace& trace, std::span<const int> weights) {
  if (trace.drawn) return 0;
  Pair tapered;
  int plain = 0;
  for (std::size_t i = 0; i < weights.size(); ++i) {
    tapered.mg += weights[i] * trace.mg[i];
    tapered.eg += weights[i] * trace.eg[i];
    plain += weights[i] * trace.plain[i];
  }
  int value = (tapered.mg * trace.phase + tapered.eg * (kPhaseTotal - trace.phase)) / kPhaseTotal;
  value = value * trace.scale / 100 + plain;
  return std::clamp(trace.sign * value, -kMaxEval, kMaxEval);
}

}  // namespace engine::eval
