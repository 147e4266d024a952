// SPDX-License-Identifier: GPL-3.0-or-later
// The evaluation network's weights and their file format, the one owner of both (the
// trainer in tune/ writes files with save_network, the engine reads them with
// load_network or parse_network).
//
// Shape: the 768 features of features.h feed one hidden layer of `hidden` int16
// accumulators per perspective (weights scaled by kQA); each accumulator is clipped to
// [0, kQA]; the side to move's clipped layer, then the other side's, meet 2 * hidden output
// weights (scaled by kQB) and the output bias (scaled by kQA * kQB). Centipawns for the side
// to move = raw output * output_scale / (kQA * kQB).
//
// File (little-endian): the 8 bytes "PAXNNUE1"; uint32 feature count (768), uint32 hidden,
// int32 output_scale, int32 kQA, int32 kQB; int16 feature_weights[768][hidden];
// int16 feature_bias[hidden]; int16 output_weights[2 * hidden]; int32 output_bias; and a
// uint32 FNV-1a checksum of every byte before it.
//
// A Network is an immutable value once loaded; share it between threads freely. The
// functions are pure apart from the file they read or write.
#pragma once

#include <cstddef>
#include <cstdint>
#include <expected>
#include <span>
#include <string>
#include <vector>

namespace engine::nnue {

inline constexpr int kQA = 255;
inline constexpr int kQB = 512;
// hidden is a multiple of kHiddenStep (the SIMD kernels' width) in [kHiddenStep, kMaxHidden].
inline constexpr int kHiddenStep = 16;
inline constexpr int kMaxHidden = 2048;

struct Network {
  int hidden = 0;
  int output_scale = 0;
  std::vector<std::int16_t> feature_weights;  // [feature * hidden + i]
  std::vector<std::int16_t> feature_bias;     // [hidden]
  std::vector<std::int16_t> output_weights;   // [2 * hidden]: side to move's half first
  std::int32_t output_bias = 0;
  bool operator==(const Network&) const = default;
};

// The error names what is wrong (too short, wrong magic, wrong feature count, a hidden size
// out of range, a checksum mismatch, trailing bytes) with the sizes involved; `source`
// (a file name) starts the message. load_network also refuses a directory, a file it cannot
// open and one larger than any network (it stops reading there: a device is not read whole).
std::expected<Network, std::string> parse_network(std::span<const std::byte> bytes,
                                                  const std::string& source);
std::expected<Network, std::string> load_network(const std::string& path);
// The vectors' sizes must fit `hidden`; save_network checks that and refuses otherwise.
std::vector<std::byte> serialize_network(const Network& net);
std::expected<void, std::string> save_network(const Network& net, const std::string& path);

}  // namespace engine::nnue
