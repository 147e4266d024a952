// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/nnue/inference.h"

#include <algorithm>
#include <cassert>
#include <limits>
#include <vector>

namespace engine::nnue {

int output(const Network& net, const Kernels& k, const std::int16_t* us, const std::int16_t* them) {
  const int h = net.hidden;
  const std::uint32_t sum = std::uint32_t(k.clipped_dot(us, net.output_weights.data(), h)) +
                            std::uint32_t(k.clipped_dot(them, net.output_weights.data() + h, h));
  const std::int64_t out = std::int64_t(std::int32_t(sum)) + net.output_bias;
  const std::int64_t centipawns = out * net.output_scale / (std::int64_t(kQA) * kQB);
  return int(std::clamp<std::int64_t>(centipawns, std::numeric_limits<int>::min(),
                                      std::numeric_limits<int>::max()));
}

int evaluate(const Network& net, const Position& pos) {
  const Kernels& k = kernels();
  const Board board = board_of(pos);
  const Color us = pos.side_to_move();
  std::vector<std::int16_t> ours(std::size_t(net.hidden)), theirs(std::size_t(net.hidden));
  refresh_accumulator(net, k, board, us, ours.data());
  refresh_accumulator(net, k, board, ~us, theirs.data());
  return output(net, k, ours.data(), theirs.data());
}

int evaluate(AccumulatorStack& stack, const Position& pos) {
  assert(stack.board() == board_of(pos) && "the accumulator stack is out of step with the search");
  const Color us = pos.side_to_move();
  const std::int16_t* ours = stack.accumulator(us);
  const std::int16_t* theirs = stack.accumulator(~us);
  return output(stack.network(), stack.kernels(), ours, theirs);
}

}  // namespace engine::nnue
