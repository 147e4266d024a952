// SPDX-License-Identifier: GPL-3.0-or-later
// The network file format (engine/nnue/network.h): a round trip through bytes and through a
// file keeps every value, and each kind of damage is refused with a message naming the
// source and what is wrong.
#include "engine/nnue/network.h"

#include <gtest/gtest.h>

#include <cstring>
#include <fstream>

#include "tests/engine/nnue/nnue_test_support.h"

namespace engine::nnue {
namespace {

void put_u32(std::vector<std::byte>& bytes, std::size_t at, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) bytes[at + std::size_t(i)] = std::byte((v >> (8 * i)) & 0xff);
}

// The error of parsing bytes, or "" when they parse.
std::string parse_error(const std::vector<std::byte>& bytes) {
  auto parsed = parse_network(bytes, "net.bin");
  return parsed ? std::string() : parsed.error();
}

TEST(NnueNetwork, BytesRoundTripKeepEveryValue) {
  for (int hidden : {16, 32, 128}) {
    Network net = paxbot_test::random_network(hidden, 7u + unsigned(hidden));
    // Extremes of every field's range survive too.
    net.feature_weights.front() = -32768;
    net.feature_weights.back() = 32767;
    net.output_bias = -2'000'000'000;
    const std::vector<std::byte> bytes = serialize_network(net);
    EXPECT_EQ(bytes.size(), 28 + 2 * (768 * std::size_t(hidden) + 3 * std::size_t(hidden)) + 8);
    EXPECT_EQ(std::memcmp(bytes.data(), "PAXNNUE1", 8), 0);
    auto parsed = parse_network(bytes, "memory");
    ASSERT_TRUE(parsed) << parsed.error();
    EXPECT_TRUE(*parsed == net);
  }
}

TEST(NnueNetwork, FileRoundTripAndLoadErrorsNameTheFile) {
  const Network net = paxbot_test::random_network(64, 3);
  paxbot_test::TempPath path("net.bin");
  ASSERT_TRUE(save_network(net, path.str()));
  auto loaded = load_network(path.str());
  ASSERT_TRUE(loaded) << loaded.error();
  EXPECT_TRUE(*loaded == net);

  auto missing = load_network("/nonexistent/net.bin");
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.error(), "/nonexistent/net.bin: cannot open the network file");
  auto directory = load_network("/tmp");
  ASSERT_FALSE(directory);
  EXPECT_EQ(directory.error(), "/tmp: a directory, not a network file");
  // A device is not read to its end.
  auto endless = load_network("/dev/zero");
  ASSERT_FALSE(endless);
  EXPECT_EQ(endless.error(), "/dev/zero: larger than any network file (" +
                                 std::to_string(28 + 2 * (768 * 2048 + 3 * 2048) + 8) + " bytes)");
  auto unwritable = save_network(net, "/nonexistent/net.bin");
  ASSERT_FALSE(unwritable);
  EXPECT_EQ(unwritable.error(), "/nonexistent/net.bin: cannot create the network file");
}

TEST(NnueNetwork, SaveRefusesWeightsThatDoNotFitTheHiddenSize) {
  Network net = paxbot_test::random_network(32, 5);
  net.feature_bias.pop_back();
  paxbot_test::TempPath path("net.bin");
  auto saved = save_network(net, path.str());
  ASSERT_FALSE(saved);
  EXPECT_NE(saved.error().find("31 bias"), std::string::npos) << saved.error();
  EXPECT_NE(saved.error().find("hidden size 32"), std::string::npos) << saved.error();
  EXPECT_FALSE(std::filesystem::exists(path.str()));
}

TEST(NnueNetwork, EachKindOfDamageIsNamed) {
  const std::vector<std::byte> good = serialize_network(paxbot_test::random_network(32, 11));
  ASSERT_EQ(parse_error(good), "");

  EXPECT_EQ(parse_error(std::vector<std::byte>(good.begin(), good.begin() + 20)),
            "net.bin: too short for a network header (20 bytes)");

  auto magic = good;
  magic[7] = std::byte('2');
  EXPECT_EQ(parse_error(magic),
            "net.bin: not a paxbot network file (the first 8 bytes are not \"PAXNNUE1\")");

  auto features = good;
  put_u32(features, 8, 769);
  EXPECT_EQ(parse_error(features), "net.bin: made for 769 input features, paxbot's are 768");

  for (std::uint32_t hidden : {0u, 24u, 4096u, 0x80000000u}) {
    auto bad = good;
    put_u32(bad, 12, hidden);
    EXPECT_NE(
        parse_error(bad).find("net.bin: hidden layer size " + std::to_string(std::int32_t(hidden)) +
                              " is not a multiple of 16 in [16, 2048]"),
        std::string::npos)
        << parse_error(bad);
  }

  auto scale = good;
  put_u32(scale, 16, 0);
  EXPECT_EQ(parse_error(scale), "net.bin: output scale 0 is not in [1, 100000]");

  for (std::size_t at : {20u, 24u}) {
    auto quantised = good;
    put_u32(quantised, at, 127);
    EXPECT_NE(parse_error(quantised).find("paxbot uses 255 and 512"), std::string::npos)
        << parse_error(quantised);
  }

  const std::string size_message =
      "a network with 32 hidden units has " + std::to_string(good.size());
  auto truncated = good;
  truncated.pop_back();
  EXPECT_NE(parse_error(truncated).find(size_message), std::string::npos) << parse_error(truncated);
  auto trailing = good;
  trailing.push_back(std::byte(0));
  EXPECT_EQ(parse_error(trailing),
            "net.bin: is " + std::to_string(good.size() + 1) + " bytes, " + size_message);

  auto damaged = good;
  damaged[100] ^= std::byte(1);  // a feature weight
  EXPECT_EQ(parse_error(damaged), "net.bin: checksum mismatch (damaged file)");
  auto checksum = good;
  checksum.back() ^= std::byte(0x80);
  EXPECT_EQ(parse_error(checksum), "net.bin: checksum mismatch (damaged file)");
}

}  // namespace
}  // namespace engine::nnue
