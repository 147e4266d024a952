// SPDX-License-Identifier: GPL-3.0-or-later
// The network's evaluation of a position, the one owner of the output layer's arithmetic
// (network.h defines it): out = output_bias + sum of clip(us[i]) * w[i] + sum of
// clip(them[i]) * w[hidden + i], `us` the side to move's accumulator, clip to [0, kQA];
// the sums wrap at 32 bits like the SIMD lanes (simd.h), the rest is 64-bit. Centipawns =
// out * output_scale / (kQA * kQB), the division rounding toward zero (C++ integer
// division), saturated to the int range. No clamp to the evaluation range and no draw
// rule here: that is the caller's (the search worker's static evaluation).
//
// Thread contract: pure functions of their arguments (the stack is the caller's, one per
// thread; the network is immutable).
#pragma once

#include <cstdint>

#include "engine/nnue/accumulator.h"
#include "engine/nnue/network.h"
#include "engine/position.h"

namespace engine::nnue {

// Centipawns for the side to move, both accumulators computed from scratch.
int evaluate(const Network& net, const Position& pos);
// The same value from the top of the stack (brought up to date lazily), for the search. pos
// is the position of the top entry; the network is the stack's.
int evaluate(AccumulatorStack& stack, const Position& pos);
// The output layer alone, from the side to move's accumulator and the other side's.
int output(const Network& net, const Kernels& k, const std::int16_t* us, const std::int16_t* them);

}  // namespace engine::nnue
