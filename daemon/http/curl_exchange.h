// SPDX-License-Identifier: GPL-3.0-or-later
// Private to daemon/http/ (included by curl_http_client.cpp and curl_exchange.cpp only; it
// includes <curl/curl.h>, which nothing outside daemon/http/ may see): one call's curl easy
// handle. curl_exchange.cpp owns the request head (validated header list and body), the easy
// handle's options and the callbacks that collect the response (Exchange); curl_http_client.cpp
// owns the client, the handle pool and the multi loop that drives a call (wakeups, stop token,
// silence watchdog) and turns its ending into a result.
//
// Thread contract: a Transfer and an Exchange belong to the one thread running the call;
// the free functions have no state (global_init_once() is safe from any thread).
#pragma once

#include <curl/curl.h>

#include <chrono>
#include <cstddef>
#include <expected>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "daemon/http/curl_http_client.h"
#include "daemon/http/ndjson_splitter.h"

namespace bot {
namespace curl_detail {

using Steady = std::chrono::steady_clock;

// Response headers kept per response; more are ignored.
constexpr std::size_t kMaxResponseHeaders = 200;

// curl_global_init, once per process.
void global_init_once();
// Every character printable ASCII without space (URLs, paths, tokens).
bool is_visible_ascii(std::string_view text);
TransportError classify(CURLcode code);

struct SlistDeleter {
  void operator()(curl_slist* list) const { curl_slist_free_all(list); }
};
using Slist = std::unique_ptr<curl_slist, SlistDeleter>;

// A request's header lines and body bytes, ready for the easy handle.
struct RequestHead {
  Slist headers;
  std::string body;
};
// The head of `request` (with "Authorization: Bearer <token>" when the token is set), or what
// is wrong with it: "invalid content type", "invalid request header", "out of memory".
std::expected<RequestHead, std::string> request_head(const HttpRequest& request,
                                                     const std::string& token);

}  // namespace curl_detail

// RAII owner of one easy handle and the multi handle that drives it. The
// multi handle's connection cache keeps the connection open between calls.
struct CurlHttpClient::Transfer {
  CURL* easy = curl_easy_init();
  CURLM* multi = curl_multi_init();

  Transfer() = default;
  Transfer(const Transfer&) = delete;
  Transfer& operator=(const Transfer&) = delete;
  ~Transfer() {
    if (easy != nullptr) curl_easy_cleanup(easy);
    if (multi != nullptr) curl_multi_cleanup(multi);
  }
  bool valid() const { return easy != nullptr && multi != nullptr; }
};

// State of one call, shared with the curl callbacks on the calling thread.
struct CurlHttpClient::Exchange {
  enum class Halt { kNone, kHandler, kOversizeLine, kBodyTooLarge };

  CURL* easy = nullptr;
  const LineHandler* on_line = nullptr;  // null for request()
  NdjsonSplitter splitter;
  std::size_t max_body = 0;
  std::string body;
  std::vector<HttpHeader> headers;
  long status = -1;  // fetched from curl on the first body byte
  curl_detail::Steady::time_point last_byte = curl_detail::Steady::now();
  Halt halt = Halt::kNone;
  std::size_t lines = 0;
  char error_buffer[CURL_ERROR_SIZE] = {};

  explicit Exchange(std::size_t max_line_bytes) : splitter(max_line_bytes) {}

  // Sets every option of the call on `easy` (which becomes this exchange's handle): the URL,
  // http(s) only, TLS verification, no redirects, no signals, keep-alive, the user agent, the
  // head, the callbacks into this exchange, the timeouts (a stream has no total timeout) and
  // the method. url, agent and head must outlive the transfer.
  void set_options(CURL* handle, const HttpRequest& request, const std::string& url,
                   const std::string& agent, const curl_detail::RequestHead& head);

  // True once a stream's answer is 2xx: its body goes to the line handler.
  bool streaming_lines();
  // Hands one splitter item to the line handler; false ends the transfer.
  bool deliver(const NdjsonItem& item);

  static size_t on_body(char* data, size_t size, size_t count, void* user);
  static size_t on_header(char* data, size_t size, size_t count, void* user);
};

}  // namespace bot
