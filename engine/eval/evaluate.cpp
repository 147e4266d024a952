// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/eval/evaluate.h"

#include <algorithm>

#include "engine/eval/pacifist_eval.h"
#include "engine/eval/standard_eval.h"
#include "engine/score.h"

namespace engine::eval {

int evaluate(const Position& pos, PawnCache* cache) {
  const int value = pos.pacifist() ? evaluate_pacifist(pos) : evaluate_standard(pos, cache);
  return std::clamp(value, -kMaxEval, kMaxEval);
}

int evaluate(const Position& pos, EvalTrace& trace) {
  const int value = pos.pacifist() ? evaluate_pacifist(pos, trace) : evaluate_standard(pos, trace);
  return std::clamp(value, -kMaxEval, kMaxEval);
}

}  // namespace engine::eval
