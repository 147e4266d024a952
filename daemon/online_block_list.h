// SPDX-License-Identifier: GPL-3.0-or-later
// The online block lists (config section `online_block_list`): plain-text lists of
// usernames published at URLs, fetched at start-up and every refresh_min minutes through
// HttpClients made by the injected factory (the daemon's is token-less: the Lichess token
// never travels to a list's host). Each URL keeps its own last good list: a failed fetch
// (transport error, non-2xx status, oversized body) keeps it and logs a warning, never
// more. The lists are kept in cache_file (written atomically, daemon/atomic_file.h) and
// read back at start-up before the first fetch, so a restart without network still
// applies them.
//
// Thread contract: contains() and size() may be called from any thread (the bot's main
// loop asks while the refresher thread replaces lists); start(), refresh() and the
// destructor belong to the owner's thread. The destructor stops the refresher thread and
// aborts a fetch in flight.
#pragma once

#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <stop_token>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "base/clock.h"
#include "base/logging.h"
#include "config/config.h"
#include "daemon/http/http_client.h"

namespace bot {

// "https://host:8000/a/b?c" -> base "https://host:8000", path "/a/b?c"; nullopt when the
// text is not an http(s) URL with a host.
struct UrlParts {
  std::string base;
  std::string path;
};
std::optional<UrlParts> split_url(std::string_view url);

// One list body: a username per line, lower-cased; blank lines, surrounding spaces and a
// '\r' before the line end are ignored, and so is a line that is no Lichess username
// (a stray HTML page yields nothing rather than garbage).
std::set<std::string> parse_block_list(std::string_view body);

// Makes the client that fetches one list's URL; `base_url` is UrlParts::base.
using HttpClientFactory = std::function<std::unique_ptr<HttpClient>(const std::string& base_url)>;

class OnlineBlockList {
 public:
  // A list body larger than this fails the fetch (a username list is a few kilobytes).
  static constexpr std::size_t kMaxListBytes = 1u << 20;
  static constexpr std::chrono::seconds kFetchTimeout{15};

  OnlineBlockList(config::OnlineBlockList settings, HttpClientFactory make_client,
                  const base::Clock& clock, base::Logger& log);
  ~OnlineBlockList();
  OnlineBlockList(const OnlineBlockList&) = delete;
  OnlineBlockList& operator=(const OnlineBlockList&) = delete;

  // Reads cache_file, fetches every list once, and starts the refresher thread. Without
  // URLs it does nothing.
  void start();
  // Fetches every list now; returns how many fetches failed. Writes cache_file when a
  // list changed.
  int refresh();

  // Whether `username` (any case) is on one of the lists.
  bool contains(std::string_view username) const;
  // Distinct usernames over all lists.
  std::size_t size() const;
  const config::OnlineBlockList& settings() const { return settings_; }

 private:
  struct Source {
    std::string url;
    std::string path;
    std::unique_ptr<HttpClient> client;  // null: the URL is unusable (logged at start-up)
  };

  void read_cache();
  void write_cache();
  void run(std::stop_token stop);

  const config::OnlineBlockList settings_;
  const base::Clock& clock_;
  base::Logger& log_;
  std::vector<Source> sources_;

  mutable std::mutex mutex_;
  std::map<std::string, std::set<std::string>> lists_;  // by URL; guarded by mutex_

  std::stop_source stop_;
  std::thread refresher_;
};

}  // namespace bot
