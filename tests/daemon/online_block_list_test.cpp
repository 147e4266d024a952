// SPDX-License-Identifier: GPL-3.0-or-later
// Online block lists over the fake HTTP client: URL splitting, list parsing, a failed
// fetch keeping the previous list, the cache file surviving a restart without network,
// and the periodic refresh on the fake clock.
#include "daemon/online_block_list.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>

#include <unistd.h>

#include "daemon/atomic_file.h"
#include "tests/daemon/support/fakes.h"
#include "tests/support/locked_stream.h"

namespace bot {
namespace {

using namespace std::chrono_literals;
using test::FakeClock;
using test::FakeHttpClient;

// The client the factory hands out: forwards to the test's fake for that host.
class Forwarding final : public HttpClient {
 public:
  explicit Forwarding(FakeHttpClient& to) : to_(to) {}
  HttpResult request(const HttpRequest& r) override { return to_.request(r); }
  StreamResult stream(const HttpRequest& r, const LineHandler& h, const StreamControl& c) override {
    return to_.stream(r, h, c);
  }
  void abort() override {}

 private:
  FakeHttpClient& to_;
};

class OnlineBlockListTest : public testing::Test {
 protected:
  ~OnlineBlockListTest() override { std::filesystem::remove_all(dir_); }

  config::OnlineBlockList settings(std::vector<std::string> urls) const {
    return {.urls = std::move(urls),
            .challenges = true,
            .matchmaking = true,
            .refresh_min = 30,
            .cache_file = (dir_ / "block_list.txt").string()};
  }

  std::unique_ptr<OnlineBlockList> make(config::OnlineBlockList s) {
    return std::make_unique<OnlineBlockList>(
        std::move(s),
        [this](const std::string& base) -> std::unique_ptr<HttpClient> {
          bases_.push_back(base);
          return std::make_unique<Forwarding>(base == "https://b.example" ? other_ : http_);
        },
        clock_, log_);
  }

  FakeClock clock_{FakeClock::SleepMode::kBlock};
  FakeHttpClient http_;   // https://a.example
  FakeHttpClient other_;  // https://b.example
  std::vector<std::string> bases_;
  paxbot_test::LockedStream log_text_;  // read while the threads under test log
  base::Logger log_{log_text_, base::LogLevel::kDebug, base::LogFormat::kTimestamped, &clock_};
  std::filesystem::path dir_ = [] {
    auto d = std::filesystem::path(testing::TempDir()) /
             ("online_block_list_test_" + std::to_string(::getpid()));
    std::filesystem::create_directories(d);
    return d;
  }();
};

TEST(SplitUrl, BaseAndPath) {
  const auto full = split_url("https://host.example:8443/lists/bots.txt?v=2");
  ASSERT_TRUE(full);
  EXPECT_EQ(full->base, "https://host.example:8443");
  EXPECT_EQ(full->path, "/lists/bots.txt?v=2");
  const auto bare = split_url("http://127.0.0.1:9000");
  ASSERT_TRUE(bare);
  EXPECT_EQ(bare->base, "http://127.0.0.1:9000");
  EXPECT_EQ(bare->path, "/");
  EXPECT_EQ(split_url("http://h?x")->path, "/?x");
  EXPECT_FALSE(split_url("ftp://host/list"));
  EXPECT_FALSE(split_url("https:///list"));
  EXPECT_FALSE(split_url("host/list"));
}

TEST(ParseBlockList, OneNamePerLineAnyCaseJunkIgnored) {
  const std::set<std::string> names =
      parse_block_list("Mallory\r\n\n  eve  \nbob-the-bot\n<html>\n# comment\nx\nMALLORY");
  EXPECT_EQ(names, (std::set<std::string>{"bob-the-bot", "eve", "mallory"}));
  EXPECT_TRUE(parse_block_list("").empty());
}

TEST_F(OnlineBlockListTest, AFailedFetchKeepsThePreviousList) {
  http_.reply(HttpMethod::kGet, "/list.txt", HttpResult::response(200, "Mallory\neve\n"));
  http_.reply(HttpMethod::kGet, "/list.txt", HttpResult::response(503, "down"));
  http_.reply(HttpMethod::kGet, "/list.txt",
              HttpResult::failure(TransportError::kConnect, "connection refused"));
  http_.reply(HttpMethod::kGet, "/list.txt", HttpResult::response(200, "trudy\n"));
  auto lists = make(settings({"https://a.example/list.txt"}));
  EXPECT_EQ(bases_, std::vector<std::string>{"https://a.example"});
  EXPECT_EQ(lists->refresh(), 0);
  EXPECT_TRUE(lists->contains("MALLORY"));
  EXPECT_TRUE(lists->contains("eve"));
  EXPECT_FALSE(lists->contains("alice"));
  EXPECT_EQ(lists->refresh(), 1);  // 503
  EXPECT_EQ(lists->refresh(), 1);  // connection refused
  EXPECT_TRUE(lists->contains("mallory"));
  EXPECT_NE(log_text_.str().find("fetch failed (HTTP 503); keeping the previous 2 user(s)"),
            std::string::npos)
      << log_text_.str();
  EXPECT_NE(log_text_.str().find("connection refused"), std::string::npos);
  EXPECT_EQ(lists->refresh(), 0);  // a new list replaces the old one
  EXPECT_FALSE(lists->contains("mallory"));
  EXPECT_TRUE(lists->contains("Trudy"));
  const std::vector<HttpRequest> sent = http_.requests();
  ASSERT_FALSE(sent.empty());
  EXPECT_EQ(sent[0].max_body_bytes, OnlineBlockList::kMaxListBytes);
  EXPECT_TRUE(sent[0].headers.empty());  // nothing of ours travels to the list's host
}

TEST_F(OnlineBlockListTest, EachUrlKeepsItsOwnList) {
  http_.reply(HttpMethod::kGet, "/a.txt", HttpResult::response(200, "mallory\n"));
  other_.reply(HttpMethod::kGet, "/b.txt", HttpResult::response(200, "eve\nmallory\n"));
  other_.reply(HttpMethod::kGet, "/b.txt", HttpResult::response(500));
  auto lists = make(settings({"https://a.example/a.txt", "https://b.example/b.txt"}));
  EXPECT_EQ(lists->refresh(), 0);
  EXPECT_EQ(lists->size(), 2u);
  http_.reply(HttpMethod::kGet, "/a.txt", HttpResult::response(200, ""));
  EXPECT_EQ(lists->refresh(), 1);  // b fails and keeps its list; a is now empty
  EXPECT_TRUE(lists->contains("eve"));
  EXPECT_TRUE(lists->contains("mallory"));
  EXPECT_EQ(lists->size(), 2u);
}

TEST_F(OnlineBlockListTest, ARestartWithoutNetworkUsesTheCachedLists) {
  http_.reply(HttpMethod::kGet, "/list.txt", HttpResult::response(200, "mallory\neve\n"));
  {
    auto lists = make(settings({"https://a.example/list.txt"}));
    lists->refresh();
  }
  const auto cached = read_whole_file(dir_ / "block_list.txt");
  ASSERT_TRUE(cached) << cached.error();
  EXPECT_NE(cached->find("url https://a.example/list.txt\neve\nmallory\n"), std::string::npos)
      << *cached;

  http_.set_default_reply(HttpResult::failure(TransportError::kDns, "could not resolve host"));
  auto restarted = make(settings({"https://a.example/list.txt"}));
  restarted->start();  // the fetch at start-up fails
  EXPECT_TRUE(restarted->contains("mallory"));
  EXPECT_TRUE(restarted->contains("eve"));
  // A URL no longer configured takes its cached list with it.
  auto changed = make(settings({"https://b.example/other.txt"}));
  changed->start();
  EXPECT_FALSE(changed->contains("mallory"));
}

TEST_F(OnlineBlockListTest, RefreshesEveryRefreshMin) {
  http_.reply(HttpMethod::kGet, "/list.txt", HttpResult::response(200, "mallory\n"));
  http_.reply(HttpMethod::kGet, "/list.txt", HttpResult::response(200, "eve\n"));
  auto lists = make(settings({"https://a.example/list.txt"}));
  lists->start();  // fetches once at once
  EXPECT_EQ(http_.requests().size(), 1u);
  EXPECT_TRUE(lists->contains("mallory"));
  clock_.wait_for_sleepers(1);
  clock_.advance(29min);
  EXPECT_EQ(http_.requests().size(), 1u);
  clock_.advance(1min);
  http_.wait_for_requests(HttpMethod::kGet, "/list.txt", 2);
  clock_.wait_for_sleepers(1);  // the refresher sleeps again once the fetch is applied
  EXPECT_TRUE(lists->contains("eve"));
  EXPECT_FALSE(lists->contains("mallory"));
}

TEST_F(OnlineBlockListTest, WithoutUrlsNothingIsFetched) {
  auto lists = make(settings({}));
  lists->start();
  EXPECT_TRUE(http_.requests().empty());
  EXPECT_FALSE(lists->contains("mallory"));
}

}  // namespace
}  // namespace bot
