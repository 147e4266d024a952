// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/nnue/simd.h"

#include <algorithm>

#include "engine/nnue/network.h"

#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace engine::nnue {
namespace {

void scalar_update(std::int16_t* dst, const std::int16_t* src, const std::int16_t* const* adds,
                   int add_count, const std::int16_t* const* subs, int sub_count, int n) {
  // Row by row over the whole accumulator: simple loops the compiler vectorises for the
  // baseline target. int16_t(x) keeps the low 16 bits (C++20), the hardware's wrap.
  if (dst != src) std::copy(src, src + n, dst);
  for (int a = 0; a < add_count; ++a)
    for (int i = 0; i < n; ++i) dst[i] = std::int16_t(dst[i] + adds[a][i]);
  for (int s = 0; s < sub_count; ++s)
    for (int i = 0; i < n; ++i) dst[i] = std::int16_t(dst[i] - subs[s][i]);
}

std::int32_t scalar_clipped_dot(const std::int16_t* acc, const std::int16_t* weights, int n) {
  std::uint32_t sum = 0;  // unsigned: wraps like the SIMD lanes instead of overflowing
  for (int i = 0; i < n; ++i) {
    const int clipped = std::clamp<int>(acc[i], 0, kQA);
    sum += std::uint32_t(clipped * weights[i]);
  }
  return std::int32_t(sum);
}

constexpr Kernels kScalar{scalar_update, scalar_clipped_dot, "scalar"};

#if defined(__x86_64__)

constexpr int kLanes = 16;  // int16 lanes of a 256-bit register

__attribute__((target("avx2"))) void avx2_update(std::int16_t* dst, const std::int16_t* src,
                                                 const std::int16_t* const* adds, int add_count,
                                                 const std::int16_t* const* subs, int sub_count,
                                                 int n) {
  // Lane block by lane block, every row at once: one load and one store of the accumulator.
  for (int i = 0; i < n; i += kLanes) {
    __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(src + i));
    for (int a = 0; a < add_count; ++a)
      v = _mm256_add_epi16(v, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(adds[a] + i)));
    for (int s = 0; s < sub_count; ++s)
      v = _mm256_sub_epi16(v, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(subs[s] + i)));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(dst + i), v);
  }
}

__attribute__((target("avx2"))) std::int32_t avx2_clipped_dot(const std::int16_t* acc,
                                                              const std::int16_t* weights, int n) {
  const __m256i zero = _mm256_setzero_si256();
  const __m256i top = _mm256_set1_epi16(kQA);
  __m256i sum = zero;
  for (int i = 0; i < n; i += kLanes) {
    __m256i a = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(acc + i));
    a = _mm256_min_epi16(_mm256_max_epi16(a, zero), top);
    const __m256i w = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(weights + i));
    // Pairs of products summed in 32 bits: 2 * 255 * 2^15 < 2^31, so a pair never overflows.
    sum = _mm256_add_epi32(sum, _mm256_madd_epi16(a, w));
  }
  __m128i s = _mm_add_epi32(_mm256_castsi256_si128(sum), _mm256_extracti128_si256(sum, 1));
  s = _mm_add_epi32(s, _mm_shuffle_epi32(s, _MM_SHUFFLE(1, 0, 3, 2)));
  s = _mm_add_epi32(s, _mm_shuffle_epi32(s, _MM_SHUFFLE(2, 3, 0, 1)));
  return _mm_cvtsi128_si32(s);
}

constexpr Kernels kAvx2{avx2_update, avx2_clipped_dot, "avx2"};

#endif

}  // namespace

const Kernels& scalar_kernels() {
  return kScalar;
}

const Kernels* avx2_kernels() {
#if defined(__x86_64__)
  static const bool supported = __builtin_cpu_supports("avx2");
  return supported ? &kAvx2 : nullptr;
#else
  return nullptr;
#endif
}

const Kernels& kernels() {
  static const Kernels& chosen = avx2_kernels() ? *avx2_kernels() : scalar_kernels();
  return chosen;
}

}  // namespace engine::nnue
