// SPDX-License-Identifier: GPL-3.0-or-later
// Rules for the takebacks and online_block_list sections.
#include <algorithm>
#include <cctype>
#include <string>
#include <string_view>

#include "config/rules.h"

namespace config {
namespace {

constexpr int kMaxTakebacksPerGame = 100;
constexpr int kMaxRefreshMin = 7 * 24 * 60;  // a week

// http(s)://host[...] without spaces: what the HTTP client can fetch.
bool is_fetchable_url(std::string_view url) {
  std::string_view rest;
  if (url.starts_with("https://"))
    rest = url.substr(8);
  else if (url.starts_with("http://"))
    rest = url.substr(7);
  else
    return false;
  const bool has_space = std::ranges::any_of(
      url, [](char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; });
  return !has_space && !rest.empty() && rest.front() != '/' && rest.front() != ':';
}

}  // namespace

void check_takebacks(const Takebacks& t, Rules& r) {
  r.range("takebacks.max_per_game", t.max_per_game, 0, kMaxTakebacksPerGame,
          "use 0 to decline every takeback request");
  if (t.only_humans && t.max_per_game == 0) {
    r.warning("takebacks.only_humans", "has no effect while takebacks.max_per_game is 0",
              "set max_per_game to 1 or more to accept requests from humans");
  }
}

void check_online_block_list(const OnlineBlockList& b, Rules& r) {
  for (const std::string& url : b.urls) {
    if (!is_fetchable_url(url)) {
      r.error("online_block_list.urls", "'" + url + "' is not an http:// or https:// URL",
              "write the full address of the list, e.g. https://example.org/blocked.txt");
    }
  }
  r.no_duplicates("online_block_list.urls", b.urls);
  r.range("online_block_list.refresh_min", b.refresh_min, 1, kMaxRefreshMin);
  if (!b.urls.empty() && !b.challenges && !b.matchmaking) {
    r.warning("online_block_list.urls",
              "are fetched but used for neither challenges nor matchmaking",
              "set online_block_list.challenges or online_block_list.matchmaking to true");
  }
  if (!b.urls.empty() && b.cache_file.empty()) {
    r.warning("online_block_list.cache_file",
              "is empty: after a restart without network the lists are empty until a fetch works",
              "name a file, e.g. /var/lib/paxbot/block_list.txt");
  }
}

}  // namespace config
