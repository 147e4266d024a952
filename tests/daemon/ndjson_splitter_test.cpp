// SPDX-License-Identifier: GPL-3.0-or-later
#include "daemon/http/ndjson_splitter.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace bot {
namespace {

using Kind = NdjsonItem::Kind;

NdjsonItem line(std::string text) {
  return {Kind::kLine, std::move(text), 0};
}
NdjsonItem keep_alive() {
  return {Kind::kKeepAlive, {}, 0};
}

std::vector<NdjsonItem> feed_all(NdjsonSplitter& splitter, const std::vector<std::string>& chunks) {
  std::vector<NdjsonItem> out;
  for (const std::string& chunk : chunks) {
    for (NdjsonItem& item : splitter.feed(chunk)) out.push_back(std::move(item));
  }
  return out;
}

std::string read_file(const std::string& name) {
  std::ifstream in(std::string(PAXBOT_TEST_DATA_DIR) + "/ndjson/" + name, std::ios::binary);
  std::stringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

// The reference split: std::getline, then strip '\r'.
std::vector<NdjsonItem> reference_items(const std::string& text) {
  std::vector<NdjsonItem> out;
  std::istringstream in(text);
  std::string l;
  while (std::getline(in, l)) {
    if (!l.empty() && l.back() == '\r') l.pop_back();
    out.push_back(l.empty() ? keep_alive() : line(l));
  }
  return out;
}

TEST(NdjsonSplitterTest, SplitsCompleteLines) {
  NdjsonSplitter splitter;
  EXPECT_EQ(splitter.feed("{\"a\":1}\n{\"b\":2}\n"),
            (std::vector<NdjsonItem>{line("{\"a\":1}"), line("{\"b\":2}")}));
  EXPECT_EQ(splitter.buffered_bytes(), 0u);
}

TEST(NdjsonSplitterTest, KeepsPartialLineAcrossChunks) {
  NdjsonSplitter splitter;
  EXPECT_TRUE(splitter.feed("{\"type\":\"ga").empty());
  EXPECT_TRUE(splitter.feed("meStart\"").empty());
  EXPECT_EQ(splitter.feed("}\n{\"x\""), std::vector<NdjsonItem>{line("{\"type\":\"gameStart\"}")});
  EXPECT_EQ(splitter.buffered_bytes(), 4u);  // {"x"
}

TEST(NdjsonSplitterTest, ReportsKeepAlivesDistinctly) {
  NdjsonSplitter splitter;
  EXPECT_EQ(splitter.feed("\n\n{}\n\r\n"),
            (std::vector<NdjsonItem>{keep_alive(), keep_alive(), line("{}"), keep_alive()}));
}

TEST(NdjsonSplitterTest, StripsCrlfEvenWhenSplitBetweenChunks) {
  NdjsonSplitter splitter;
  EXPECT_TRUE(splitter.feed("{\"a\":1}\r").empty());
  EXPECT_EQ(splitter.feed("\n"), std::vector<NdjsonItem>{line("{\"a\":1}")});
  // A lone '\r' inside a line is data.
  EXPECT_EQ(splitter.feed("a\rb\n"), std::vector<NdjsonItem>{line("a\rb")});
}

TEST(NdjsonSplitterTest, EveryTwoChunkSplitOfRecordedStreamsMatchesReference) {
  for (const char* name : {"event-stream.ndjson", "game-stream-crlf.ndjson"}) {
    const std::string text = read_file(name);
    ASSERT_FALSE(text.empty()) << name;
    const std::vector<NdjsonItem> expected = reference_items(text);
    for (std::size_t cut = 0; cut <= text.size(); ++cut) {
      NdjsonSplitter splitter;
      const auto items = feed_all(splitter, {text.substr(0, cut), text.substr(cut)});
      ASSERT_EQ(items, expected) << name << " cut at " << cut;
      EXPECT_FALSE(splitter.finish().has_value());
    }
  }
}

TEST(NdjsonSplitterTest, ByteByByteAndThreeWaySplitsMatchReference) {
  const std::string text = "{\"k\":1}\r\n\n{\"k\":22}\n\r\n{\"k\":333}\n";
  const std::vector<NdjsonItem> expected = reference_items(text);
  {
    NdjsonSplitter splitter;
    std::vector<std::string> bytes;
    for (char c : text) bytes.emplace_back(1, c);
    EXPECT_EQ(feed_all(splitter, bytes), expected);
  }
  for (std::size_t a = 0; a <= text.size(); ++a) {
    for (std::size_t b = a; b <= text.size(); ++b) {
      NdjsonSplitter splitter;
      ASSERT_EQ(feed_all(splitter, {text.substr(0, a), text.substr(a, b - a), text.substr(b)}),
                expected)
          << a << "," << b;
    }
  }
}

TEST(NdjsonSplitterTest, LineAtTheLimitIsAccepted) {
  NdjsonSplitter splitter(8);
  EXPECT_EQ(splitter.feed("12345678\n"), std::vector<NdjsonItem>{line("12345678")});
  EXPECT_EQ(splitter.feed("12345678\r\n"), std::vector<NdjsonItem>{line("12345678")});
  // Split right before the CR.
  EXPECT_TRUE(splitter.feed("12345678").empty());
  EXPECT_TRUE(splitter.feed("\r").empty());
  EXPECT_EQ(splitter.feed("\n"), std::vector<NdjsonItem>{line("12345678")});
}

TEST(NdjsonSplitterTest, OversizeLineIsRejectedOnceThenSplittingRecovers) {
  NdjsonSplitter splitter(8);
  auto items = splitter.feed("{\"ok\":1}\n1234567890");  // 10 > 8 + 1
  ASSERT_EQ(items.size(), 2u);
  EXPECT_EQ(items[0], line("{\"ok\":1}"));
  EXPECT_EQ(items[1].kind, Kind::kOversize);
  EXPECT_GT(items[1].dropped_bytes, 8u);
  // The rest of the oversize line is discarded without further reports.
  EXPECT_TRUE(splitter.feed(std::string(5000, 'x')).empty());
  EXPECT_LE(splitter.buffered_bytes(), 9u);
  EXPECT_EQ(splitter.feed("tail\n{\"b\":2}\n\n"),
            (std::vector<NdjsonItem>{line("{\"b\":2}"), keep_alive()}));
}

TEST(NdjsonSplitterTest, OversizeDetectedAtNewlineWhenLineEndsExactlyOneOver) {
  NdjsonSplitter splitter(8);
  EXPECT_TRUE(splitter.feed("123456789").empty());  // could still be "12345678\r"
  const auto items = splitter.feed("\n{}\n");
  ASSERT_EQ(items.size(), 2u);
  EXPECT_EQ(items[0].kind, Kind::kOversize);
  EXPECT_EQ(items[1], line("{}"));
}

TEST(NdjsonSplitterTest, OversizeWithinOneChunkRecoversInSameChunk) {
  NdjsonSplitter splitter(4);
  const auto items = splitter.feed("abcdefghij\nok\n");
  ASSERT_EQ(items.size(), 2u);
  EXPECT_EQ(items[0].kind, Kind::kOversize);
  EXPECT_EQ(items[0].dropped_bytes, 10u);
  EXPECT_EQ(items[1], line("ok"));
}

TEST(NdjsonSplitterTest, OversizeAtEveryOffsetRecovers) {
  const std::string text = "{}\n" + std::string(40, 'z') + "\n{\"after\":1}\n";
  for (std::size_t cut = 0; cut <= text.size(); ++cut) {
    NdjsonSplitter splitter(16);
    const auto items = feed_all(splitter, {text.substr(0, cut), text.substr(cut)});
    ASSERT_EQ(items.size(), 3u) << cut;
    EXPECT_EQ(items[0], line("{}"));
    EXPECT_EQ(items[1].kind, Kind::kOversize);
    EXPECT_EQ(items[2], line("{\"after\":1}"));
  }
}

TEST(NdjsonSplitterTest, FinishReturnsUnterminatedTail) {
  NdjsonSplitter splitter;
  EXPECT_EQ(splitter.feed("{\"a\":1}\n{\"b\""), std::vector<NdjsonItem>{line("{\"a\":1}")});
  EXPECT_EQ(splitter.finish(), std::optional<NdjsonItem>(line("{\"b\"")));
  EXPECT_EQ(splitter.buffered_bytes(), 0u);
  EXPECT_FALSE(splitter.finish().has_value());
  splitter.feed("\r");
  EXPECT_FALSE(splitter.finish().has_value());  // nothing but a CR: not a line
}

TEST(NdjsonSplitterTest, DefaultLimitIsOneMebibyte) {
  NdjsonSplitter splitter;
  EXPECT_EQ(splitter.max_line_bytes(), std::size_t{1} << 20);
  const std::string big(1u << 20, 'a');
  const auto items = splitter.feed(big + "\n");
  ASSERT_EQ(items.size(), 1u);
  EXPECT_EQ(items[0].kind, Kind::kLine);
  const auto over = splitter.feed(big + "a\n");
  ASSERT_EQ(over.size(), 1u);
  EXPECT_EQ(over[0].kind, Kind::kOversize);
}

}  // namespace
}  // namespace bot
