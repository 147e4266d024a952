// SPDX-License-Identifier: GPL-3.0-or-later
// The SIMD kernels (engine/nnue/simd.h): the scalar kernels compute the definition exactly
// (modular sums), and the AVX2 kernels give the same bits on every input, the full int16
// range and wrapping sums included.
#include "engine/nnue/simd.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "engine/nnue/network.h"

namespace engine::nnue {
namespace {

using Values = std::vector<std::int16_t>;

Values random_values(std::mt19937& rng, int n, int lo, int hi) {
  std::uniform_int_distribution<int> value(lo, hi);
  Values v(static_cast<std::size_t>(n));
  for (auto& x : v) x = std::int16_t(value(rng));
  return v;
}

struct UpdateCase {
  Values src;
  std::vector<Values> adds, subs;
};

UpdateCase random_update(std::mt19937& rng, int n, int lo, int hi) {
  UpdateCase c;
  c.src = random_values(rng, n, lo, hi);
  const int add_count = int(rng() % 33), sub_count = int(rng() % 33);
  for (int i = 0; i < add_count; ++i) c.adds.push_back(random_values(rng, n, lo, hi));
  for (int i = 0; i < sub_count; ++i) c.subs.push_back(random_values(rng, n, lo, hi));
  return c;
}

Values run_update(const Kernels& k, const UpdateCase& c, bool in_place) {
  std::vector<const std::int16_t*> adds, subs;
  for (const Values& v : c.adds) adds.push_back(v.data());
  for (const Values& v : c.subs) subs.push_back(v.data());
  Values dst = in_place ? c.src : Values(c.src.size(), 12345);
  k.update(dst.data(), in_place ? dst.data() : c.src.data(), adds.data(), int(adds.size()),
           subs.data(), int(subs.size()), int(c.src.size()));
  return dst;
}

// The definition: exact sums, then the low 16 bits.
Values reference_update(const UpdateCase& c) {
  Values out(c.src.size());
  for (std::size_t i = 0; i < c.src.size(); ++i) {
    long long sum = c.src[i];
    for (const Values& v : c.adds) sum += v[i];
    for (const Values& v : c.subs) sum -= v[i];
    out[i] = std::int16_t(std::uint16_t(std::uint64_t(sum) & 0xffff));
  }
  return out;
}

std::int32_t reference_dot(const Values& acc, const Values& w) {
  long long sum = 0;
  for (std::size_t i = 0; i < acc.size(); ++i)
    sum += (long long)std::clamp<int>(acc[i], 0, kQA) * w[i];
  return std::int32_t(std::uint32_t(std::uint64_t(sum) & 0xffffffffu));
}

TEST(NnueSimd, ScalarKernelsComputeTheDefinition) {
  const Kernels& k = scalar_kernels();
  EXPECT_STREQ(k.name, "scalar");
  std::mt19937 rng(1);
  for (int n : {16, 32, 128, 2048}) {
    for (int round = 0; round < 20; ++round) {
      const UpdateCase small = random_update(rng, n, -300, 300);
      EXPECT_EQ(run_update(k, small, false), reference_update(small));
      const UpdateCase wide = random_update(rng, n, -32768, 32767);  // sums wrap
      EXPECT_EQ(run_update(k, wide, false), reference_update(wide));
      EXPECT_EQ(run_update(k, wide, true), reference_update(wide));
      const Values acc = random_values(rng, n, -32768, 32767);
      const Values w = random_values(rng, n, -32768, 32767);  // 2048 terms overflow 32 bits
      EXPECT_EQ(k.clipped_dot(acc.data(), w.data(), n), reference_dot(acc, w));
    }
  }
}

TEST(NnueSimd, Avx2KernelsGiveTheScalarBits) {
  const Kernels* avx2 = avx2_kernels();
  if (!avx2) GTEST_SKIP() << "this CPU (or build target) has no AVX2";
  EXPECT_STREQ(avx2->name, "avx2");
  EXPECT_EQ(&kernels(), avx2) << "AVX2 is available, so it is the kernel in use";
  const Kernels& scalar = scalar_kernels();
  std::mt19937 rng(2);
  for (int n : {16, 48, 256, 2048}) {
    for (int round = 0; round < 20; ++round) {
      for (auto [lo, hi] : {std::pair{-300, 300}, std::pair{-32768, 32767}}) {
        const UpdateCase c = random_update(rng, n, lo, hi);
        EXPECT_EQ(run_update(*avx2, c, false), run_update(scalar, c, false));
        EXPECT_EQ(run_update(*avx2, c, true), run_update(scalar, c, true));
        const Values acc = random_values(rng, n, lo, hi);
        const Values w = random_values(rng, n, -32768, 32767);
        EXPECT_EQ(avx2->clipped_dot(acc.data(), w.data(), n),
                  scalar.clipped_dot(acc.data(), w.data(), n));
      }
    }
  }
  // The clipping bounds exactly: 0, kQA and one beyond each.
  Values acc(16), w(16, 3);
  const std::int16_t edges[] = {-32768, -1, 0, 1, 254, 255, 256, 32767};
  for (int i = 0; i < 16; ++i) acc[std::size_t(i)] = edges[i % 8];
  EXPECT_EQ(avx2->clipped_dot(acc.data(), w.data(), 16), 2 * 3 * (1 + 254 + 255 + 255 + 255));
  EXPECT_EQ(scalar.clipped_dot(acc.data(), w.data(), 16), 2 * 3 * (1 + 254 + 255 + 255 + 255));
}

}  // namespace
}  // namespace engine::nnue
