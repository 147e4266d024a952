// SPDX-License-Identifier: GPL-3.0-or-later
#include "daemon/online_block_list.h"

#include <algorithm>
#include <filesystem>

#include "daemon/atomic_file.h"
#include "lichess/username.h"

namespace bot {
namespace {

// cache_file: this header line, then per URL a "url <URL>" line followed by its usernames
// (a username never contains a space, so the two kinds of lines cannot be confused).
constexpr std::string_view kCacheHeader =
    "# paxbot online block lists: each 'url' line is followed by that list's usernames\n";
constexpr std::string_view kUrlPrefix = "url ";

std::string_view trim(std::string_view text) {
  const auto space = [](char c) { return c == ' ' || c == '\t' || c == '\r'; };
  while (!text.empty() && space(text.front())) text.remove_prefix(1);
  while (!text.empty() && space(text.back())) text.remove_suffix(1);
  return text;
}

template <class F>
void for_each_line(std::string_view text, F on_line) {
  while (!text.empty()) {
    const auto end = text.find('\n');
    on_line(trim(text.substr(0, end)));
    if (end == std::string_view::npos) break;
    text.remove_prefix(end + 1);
  }
}

std::string describe_failure(const HttpResult& r) {
  if (!r.transport_ok()) return r.error_message.empty() ? "transport error" : r.error_message;
  return "HTTP " + std::to_string(r.status);
}

}  // namespace

std::optional<UrlParts> split_url(std::string_view url) {
  std::size_t scheme_end = 0;
  if (url.starts_with("https://"))
    scheme_end = 8;
  else if (url.starts_with("http://"))
    scheme_end = 7;
  else
    return std::nullopt;
  const std::size_t path_start = url.find_first_of("/?", scheme_end);
  UrlParts parts;
  parts.base = std::string(url.substr(0, path_start));
  if (parts.base.size() == scheme_end) return std::nullopt;  // no host
  parts.path = path_start == std::string_view::npos ? "/" : std::string(url.substr(path_start));
  if (parts.path.front() == '?') parts.path.insert(0, "/");
  return parts;
}

std::set<std::string> parse_block_list(std::string_view body) {
  std::set<std::string> names;
  for_each_line(body, [&](std::string_view line) {
    if (lichess::is_username(line)) names.insert(lichess::user_id(line));
  });
  return names;
}

OnlineBlockList::OnlineBlockList(config::OnlineBlockList settings, HttpClientFactory make_client,
                                 const base::Clock& clock, base::Logger& log)
    : settings_(std::move(settings)), clock_(clock), log_(log) {
  for (const std::string& url : settings_.urls) {
    Source source{url, "", nullptr};
    if (const auto parts = split_url(url)) {
      source.path = parts->path;
      source.client = make_client(parts->base);
    } else {
      log_.error("online block list: '", url, "' is not an http(s) URL; it is never fetched");
    }
    sources_.push_back(std::move(source));
  }
}

OnlineBlockList::~OnlineBlockList() {
  stop_.request_stop();
  for (Source& source : sources_)
    if (source.client) source.client->abort();
  if (refresher_.joinable()) refresher_.join();
}

void OnlineBlockList::start() {
  if (sources_.empty()) return;
  read_cache();
  refresh();
  refresher_ = std::thread([this] { run(stop_.get_token()); });
}

void OnlineBlockList::run(std::stop_token stop) {
  const auto every = std::chrono::minutes(std::max(1, settings_.refresh_min));
  while (clock_.sleep_for(every, stop)) refresh();
}

int OnlineBlockList::refresh() {
  int failed = 0;
  bool changed = false;
  for (Source& source : sources_) {
    if (!source.client) {
      ++failed;
      continue;
    }
    HttpRequest request = HttpRequest::get(source.path);
    request.timeout = kFetchTimeout;
    request.max_body_bytes = kMaxListBytes;
    const HttpResult result = source.client->request(request);
    std::lock_guard lock(mutex_);
    const std::size_t kept = lists_.contains(source.url) ? lists_[source.url].size() : 0;
    if (!result.ok()) {
      ++failed;
      log_.warning("online block list ", source.url, ": fetch failed (", describe_failure(result),
                   "); keeping the previous ", kept, " user(s)");
      continue;
    }
    std::set<std::string> names = parse_block_list(result.body);
    auto [it, inserted] = lists_.try_emplace(source.url);
    if (!inserted && it->second == names) continue;
    log_.info("online block list ", source.url, ": ", names.size(), " user(s)");
    it->second = std::move(names);
    changed = true;
  }
  if (changed) {
    std::lock_guard lock(mutex_);
    write_cache();
  }
  return failed;
}

bool OnlineBlockList::contains(std::string_view username) const {
  const std::string id = lichess::user_id(username);
  std::lock_guard lock(mutex_);
  for (const auto& [url, names] : lists_)
    if (names.contains(id)) return true;
  return false;
}

std::size_t OnlineBlockList::size() const {
  std::lock_guard lock(mutex_);
  std::set<std::string> all;
  for (const auto& [url, names] : lists_) all.insert(names.begin(), names.end());
  return all.size();
}

void OnlineBlockList::read_cache() {
  if (settings_.cache_file.empty()) return;
  std::error_code ec;
  if (!std::filesystem::exists(settings_.cache_file, ec)) return;
  auto text = read_whole_file(settings_.cache_file);
  if (!text) {
    log_.warning("online block list: ", text.error(), "; starting without the saved lists");
    return;
  }
  std::map<std::string, std::set<std::string>> saved;
  std::set<std::string>* current = nullptr;
  for_each_line(*text, [&](std::string_view line) {
    if (line.starts_with(kUrlPrefix)) {
      const std::string url(trim(line.substr(kUrlPrefix.size())));
      const bool configured = std::ranges::find(settings_.urls, url) != settings_.urls.end();
      current = configured ? &saved[url] : nullptr;  // lists of removed URLs are dropped
    } else if (current && lichess::is_username(line)) {
      current->insert(lichess::user_id(line));
    }
  });
  std::lock_guard lock(mutex_);
  std::size_t users = 0;
  for (const auto& [url, names] : saved) users += names.size();
  log_.info("online block list: ", saved.size(), " list(s) with ", users, " user(s) read from ",
            settings_.cache_file);
  lists_ = std::move(saved);
}

// Called with mutex_ held.
void OnlineBlockList::write_cache() {
  if (settings_.cache_file.empty()) return;
  std::string text(kCacheHeader);
  for (const auto& [url, names] : lists_) {
    text.append(kUrlPrefix).append(url).append("\n");
    for (const std::string& name : names) text.append(name).append("\n");
  }
  if (auto written = write_file_atomically(settings_.cache_file, text); !written)
    log_.warning("online block list: ", written.error(), "; the lists stay in memory only");
}

}  // namespace bot
