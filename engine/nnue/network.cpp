// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/nnue/network.h"

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "engine/nnue/features.h"

namespace engine::nnue {
namespace {

constexpr char kMagic[8] = {'P', 'A', 'X', 'N', 'N', 'U', 'E', '1'};
constexpr std::size_t kHeaderBytes = sizeof(kMagic) + 5 * 4;

std::uint32_t fnv1a(std::span<const std::byte> bytes) {
  std::uint32_t h = 2166136261u;
  for (std::byte b : bytes) h = (h ^ std::uint32_t(b)) * 16777619u;
  return h;
}

std::size_t file_size(int hidden) {
  const std::size_t h = std::size_t(hidden);
  return kHeaderBytes + 2 * (std::size_t(kFeatureCount) * h + h + 2 * h) + 4 + 4;
}

class Writer {
 public:
  void raw(const void* p, std::size_t n) {
    const auto* b = static_cast<const std::byte*>(p);
    out.insert(out.end(), b, b + n);
  }
  void u32(std::uint32_t v) {
    for (int i = 0; i < 4; ++i) out.push_back(std::byte((v >> (8 * i)) & 0xff));
  }
  void i16s(const std::vector<std::int16_t>& v) {
    for (std::int16_t x : v) {
      const auto u = std::uint16_t(x);
      out.push_back(std::byte(u & 0xff));
      out.push_back(std::byte(u >> 8));
    }
  }
  std::vector<std::byte> out;
};

class Reader {
 public:
  explicit Reader(std::span<const std::byte> b) : bytes(b) {}
  std::uint32_t u32() {
    std::uint32_t v = 0;
    for (int i = 0; i < 4; ++i) v |= std::uint32_t(bytes[pos++]) << (8 * i);
    return v;
  }
  void i16s(std::vector<std::int16_t>& v, std::size_t n) {
    v.resize(n);
    for (std::size_t i = 0; i < n; ++i, pos += 2)
      v[i] = std::int16_t(std::uint16_t(bytes[pos]) | (std::uint16_t(bytes[pos + 1]) << 8));
  }
  std::span<const std::byte> bytes;
  std::size_t pos = 0;
};

}  // namespace

std::expected<Network, std::string> parse_network(std::span<const std::byte> bytes,
                                                  const std::string& source) {
  auto fail = [&source](const std::string& what) { return std::unexpected(source + ": " + what); };
  if (bytes.size() < kHeaderBytes)
    return fail("too short for a network header (" + std::to_string(bytes.size()) + " bytes)");
  if (std::memcmp(bytes.data(), kMagic, sizeof(kMagic)) != 0)
    return fail("not a paxbot network file (the first 8 bytes are not \"PAXNNUE1\")");
  Reader in(bytes);
  in.pos = sizeof(kMagic);
  const std::uint32_t features = in.u32();
  if (features != std::uint32_t(kFeatureCount))
    return fail("made for " + std::to_string(features) + " input features, paxbot's are " +
                std::to_string(kFeatureCount));
  const auto hidden = std::int32_t(in.u32());
  if (hidden < kHiddenStep || hidden > kMaxHidden || hidden % kHiddenStep != 0)
    return fail("hidden layer size " + std::to_string(hidden) + " is not a multiple of " +
                std::to_string(kHiddenStep) + " in [" + std::to_string(kHiddenStep) + ", " +
                std::to_string(kMaxHidden) + "]");
  const auto scale = std::int32_t(in.u32());
  const auto qa = std::int32_t(in.u32()), qb = std::int32_t(in.u32());
  if (scale <= 0 || scale > 100000)
    return fail("output scale " + std::to_string(scale) + " is not in [1, 100000]");
  if (qa != kQA || qb != kQB)
    return fail("quantised with QA " + std::to_string(qa) + " and QB " + std::to_string(qb) +
                ", paxbot uses " + std::to_string(kQA) + " and " + std::to_string(kQB));
  const std::size_t expected = file_size(hidden);
  if (bytes.size() != expected)
    return fail("is " + std::to_string(bytes.size()) + " bytes, a network with " +
                std::to_string(hidden) + " hidden units has " + std::to_string(expected));
  const std::uint32_t stored = Reader(bytes.subspan(expected - 4)).u32();
  if (fnv1a(bytes.first(expected - 4)) != stored) return fail("checksum mismatch (damaged file)");
  Network net;
  net.hidden = hidden;
  net.output_scale = scale;
  in.i16s(net.feature_weights, std::size_t(kFeatureCount) * std::size_t(hidden));
  in.i16s(net.feature_bias, std::size_t(hidden));
  in.i16s(net.output_weights, 2 * std::size_t(hidden));
  net.output_bias = std::int32_t(in.u32());
  return net;
}

std::expected<Network, std::string> load_network(const std::string& path) {
  std::error_code ignored;
  if (std::filesystem::is_directory(path, ignored))
    return std::unexpected(path + ": a directory, not a network file");
  std::ifstream file(path, std::ios::binary);
  if (!file) return std::unexpected(path + ": cannot open the network file");
  // Bounded: a device or a huge file must not be read to its end.
  const std::size_t limit = file_size(kMaxHidden);
  std::vector<char> chars;
  std::vector<char> block(1 << 16);
  while (file.read(block.data(), std::streamsize(block.size())) || file.gcount() > 0) {
    chars.insert(chars.end(), block.begin(), block.begin() + file.gcount());
    if (chars.size() > limit)
      return std::unexpected(path + ": larger than any network file (" + std::to_string(limit) +
                             " bytes)");
  }
  if (file.bad()) return std::unexpected(path + ": read error");
  return parse_network(std::as_bytes(std::span(chars)), path);
}

std::vector<std::byte> serialize_network(const Network& net) {
  Writer w;
  w.raw(kMagic, sizeof(kMagic));
  w.u32(std::uint32_t(kFeatureCount));
  w.u32(std::uint32_t(net.hidden));
  w.u32(std::uint32_t(net.output_scale));
  w.u32(std::uint32_t(kQA));
  w.u32(std::uint32_t(kQB));
  w.i16s(net.feature_weights);
  w.i16s(net.feature_bias);
  w.i16s(net.output_weights);
  w.u32(std::uint32_t(net.output_bias));
  w.u32(fnv1a(w.out));
  return w.out;
}

std::expected<void, std::string> save_network(const Network& net, const std::string& path) {
  // A network whose vectors do not match its hidden size would make a file nobody can load.
  const std::size_t h = std::size_t(std::max(net.hidden, 0));
  if (net.feature_weights.size() != std::size_t(kFeatureCount) * h ||
      net.feature_bias.size() != h || net.output_weights.size() != 2 * h)
    return std::unexpected(path + ": not saved: the network's weights (" +
                           std::to_string(net.feature_weights.size()) + " feature, " +
                           std::to_string(net.feature_bias.size()) + " bias, " +
                           std::to_string(net.output_weights.size()) +
                           " output) do not fit its hidden size " + std::to_string(net.hidden));
  const std::vector<std::byte> bytes = serialize_network(net);
  std::ofstream file(path, std::ios::binary | std::ios::trunc);
  if (!file) return std::unexpected(path + ": cannot create the network file");
  file.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
  file.close();
  if (!file) return std::unexpected(path + ": write error");
  return {};
}

}  // namespace engine::nnue
