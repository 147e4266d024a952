// SPDX-License-Identifier: GPL-3.0-or-later
// The network's two inner loops, the one owner of its SIMD code: updating an accumulator by
// whole weight rows, and the clipped-ReLU dot product of the output layer. Two
// implementations give bit-identical results: portable scalar code, and on x86-64 an AVX2
// one compiled for that target alone (the rest of the build stays generic) and chosen at
// run time when the CPU has AVX2.
//
// Arithmetic is modular, so every order of summation gives the same bits: accumulator lanes
// wrap at 16 bits (as the hardware adds), dot products at 32 bits.
//
// Thread contract: the kernel tables are immutable (kernels() decides once, on first use,
// in a function-local static); the functions touch only the memory they are given.
#pragma once

#include <cstdint>

namespace engine::nnue {

struct Kernels {
  // dst[i] = src[i] + sum over a of adds[a][i] - sum over s of subs[s][i], for i < n.
  // n is a multiple of kHiddenStep (network.h); dst may be src.
  void (*update)(std::int16_t* dst, const std::int16_t* src, const std::int16_t* const* adds,
                 int add_count, const std::int16_t* const* subs, int sub_count, int n);
  // Sum over i < n of clamp(acc[i], 0, kQA) * weights[i], modulo 2^32. n as above.
  std::int32_t (*clipped_dot)(const std::int16_t* acc, const std::int16_t* weights, int n);
  const char* name;  // "scalar" or "avx2"
};

const Kernels& scalar_kernels();
// The AVX2 kernels, or null when they are not compiled in (not x86-64) or the CPU lacks AVX2.
const Kernels* avx2_kernels();
// The fastest kernels this CPU runs.
const Kernels& kernels();

}  // namespace engine::nnue
