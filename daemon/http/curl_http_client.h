// SPDX-License-Identifier: GPL-3.0-or-later
// HttpClient over libcurl. Only daemon/http/ includes <curl/curl.h>: curl_http_client.cpp (this
// class: the handle pool and the multi loop of each call) and the private curl_exchange.*
// (one call's easy handle: request head, options, response callbacks); this header stays
// curl-free.
#pragma once

#include <atomic>
#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "base/logging.h"
#include "daemon/http/http_client.h"

namespace bot {

// Owns every curl handle it uses (RAII): each call borrows an easy+multi
// handle pair from a small pool, so sequential requests reuse the open
// connection and TLS session. TLS peer and host verification are always on.
// Sends "User-Agent: paxbot/<version> user:<name>" and, when a token is set,
// "Authorization: Bearer <token>"; the token is scrubbed from every error
// message. Never follows redirects (the token must not travel elsewhere).
//
// Thread contract: request(), stream(), set_user_name() and abort() may be
// called from any threads concurrently; each request/stream runs on its
// caller's thread. abort() wakes every transfer of this client at once.
class CurlHttpClient final : public HttpClient {
 public:
  struct Options {
    // "https://lichess.org" or "http://127.0.0.1:PORT"; request paths are appended.
    std::string base_url;
    std::string token;                 // empty: no Authorization header
    std::string user_name;             // for the User-Agent; may be set later
    std::size_t max_idle_handles = 4;  // idle connections kept for reuse
  };

  explicit CurlHttpClient(Options options);
  ~CurlHttpClient() override;
  CurlHttpClient(const CurlHttpClient&) = delete;
  CurlHttpClient& operator=(const CurlHttpClient&) = delete;

  HttpResult request(const HttpRequest& request) override;
  StreamResult stream(const HttpRequest& request, const LineHandler& on_line,
                      const StreamControl& control) override;
  void abort() override;

  // The bot's account name becomes known after GET /api/account.
  void set_user_name(std::string user_name);
  std::string user_agent() const;
  const std::string& base_url() const { return base_url_; }

  // "paxbot/<version> user:<name>", or "paxbot/<version>" without a name.
  static std::string make_user_agent(std::string_view user_name);

 private:
  struct Transfer;  // an easy+multi handle pair, defined in the .cpp
  struct Exchange;  // per-call state seen by the curl callbacks

  StreamResult perform(const HttpRequest& request, const LineHandler* on_line,
                       const StreamControl* control);
  std::unique_ptr<Transfer> borrow();
  void give_back(std::unique_ptr<Transfer> transfer);

  std::string base_url_;  // validated, no trailing '/'; empty when invalid
  std::string base_url_error_;
  const std::string token_;
  const std::size_t max_idle_handles_;
  base::SecretScrubber scrubber_;  // immutable after construction

  mutable std::mutex user_agent_mutex_;
  std::string user_agent_;

  std::atomic<bool> aborted_{false};
  std::mutex active_mutex_;  // guards active_: transfers that abort() must wake
  std::vector<Transfer*> active_;

  std::mutex pool_mutex_;
  std::vector<std::unique_ptr<Transfer>> idle_;
};

}  // namespace bot
