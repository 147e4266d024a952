// SPDX-License-Identifier: GPL-3.0-or-later
// Shared pieces of the CurlHttpClient loopback tests (curl_http_client_test.cpp for requests,
// curl_http_client_stream_test.cpp for streams): a client for the in-test server, recorded
// NDJSON files, a line collector and a stream that goes quiet. One test thread uses them.
#pragma once

#include <chrono>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "daemon/http/curl_http_client.h"
#include "tests/daemon/support/test_http_server.h"

namespace bot::test {

using namespace std::chrono_literals;

inline constexpr const char* kToken = "lip_LoopbackSecretToken123";
// Generous upper bound for "promptly": far above the expected few ms, far
// below the 20-60 s the server would otherwise stall.
inline constexpr auto kPrompt = 5s;

inline CurlHttpClient make_client(const TestHttpServer& server, std::string token = kToken) {
  return CurlHttpClient({server.base_url(), std::move(token), "paxbot-test"});
}

inline std::string read_data_file(const std::string& name) {
  std::ifstream in(std::string(PAXBOT_TEST_DATA_DIR) + "/ndjson/" + name, std::ios::binary);
  std::stringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

// Collects stream lines for assertions.
struct Lines {
  std::vector<std::string> seen;
  LineHandler handler() {
    return [this](std::string_view line) {
      seen.emplace_back(line);
      return StreamAction::kContinue;
    };
  }
};

inline StreamControl control_with_silence(std::chrono::milliseconds silence) {
  StreamControl control;
  control.silence_limit = silence;
  return control;
}

// A stream that sends one line and then goes quiet until the client leaves.
inline void silent_stream(const ReceivedRequest&, TestConnection& c) {
  c.send_chunked_head(200, "application/x-ndjson");
  c.send_chunk("{\"type\":\"gameStart\"}\n");
  c.wait_for_close(60s);
}

}  // namespace bot::test
