// SPDX-License-Identifier: GPL-3.0-or-later
// The fixture of the LichessClient request/response tests (lichess_client_test.cpp for the
// endpoints, lichess_client_retry_test.cpp for cooldowns and retries): a client over the
// scripted FakeHttpClient and FakeClock, without jitter. One test thread uses it.
#pragma once

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "daemon/lichess/client.h"
#include "tests/daemon/support/fakes.h"

namespace bot::test {

using std::chrono::milliseconds;
using std::chrono::seconds;
inline constexpr HttpMethod kGet = HttpMethod::kGet;
inline constexpr HttpMethod kPost = HttpMethod::kPost;

inline std::string data_file(const std::string& name) {
  std::ifstream in(std::string(PAXBOT_TEST_DATA_DIR) + "/lichess/" + name, std::ios::binary);
  EXPECT_TRUE(in) << name;
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

inline HttpResult ok(std::string body = R"({"ok":true})") {
  return HttpResult::response(200, std::move(body));
}

class LichessClientTest : public ::testing::Test {
 protected:
  FakeClock clock_;
  FakeHttpClient http_;
  std::ostringstream log_text_;
  base::Logger log_{log_text_, base::LogLevel::kDebug, base::LogFormat::kTimestamped, &clock_};
  LichessClient client_{http_, clock_, log_, options()};

  static RequestExecutor::Options options() {
    RequestExecutor::Options options;
    options.random01 = [] { return 0.0; };  // no jitter: full backoff delays
    return options;
  }

  HttpRequest last_request() const {
    const std::vector<HttpRequest> requests = http_.requests();
    EXPECT_FALSE(requests.empty());
    return requests.empty() ? HttpRequest{} : requests.back();
  }
  std::size_t request_count() const { return http_.requests().size(); }
};

}  // namespace bot::test
