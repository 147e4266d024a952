// SPDX-License-Identifier: GPL-3.0-or-later
// The project's only user of libcurl. Each call drives its transfer through
// a private multi handle with curl_multi_poll(), so abort(), a stream's stop
// token and the silence watchdog can interrupt it at once via
// curl_multi_wakeup() instead of waiting for a progress callback.
// What owns what in daemon/http/: curl_exchange.h.
#include "daemon/http/curl_http_client.h"

#include <algorithm>
#include <chrono>
#include <memory>
#include <mutex>
#include <optional>
#include <stop_token>

#include "daemon/http/curl_exchange.h"
#include "paxbot_version.h"

namespace bot {

namespace {

using curl_detail::Steady;
using std::chrono::milliseconds;

// Bodies of non-2xx stream answers are kept for diagnostics up to this size.
constexpr std::size_t kStreamErrorBodyCap = 64u << 10;
// Upper bound of one poll, a safety net besides the explicit wakeups.
constexpr milliseconds kMaxPollWait{1'000};

}  // namespace

CurlHttpClient::CurlHttpClient(Options options)
    : token_(std::move(options.token)), max_idle_handles_(options.max_idle_handles) {
  curl_detail::global_init_once();
  scrubber_.add(token_);
  std::string base = std::move(options.base_url);
  while (!base.empty() && base.back() == '/') base.pop_back();
  const bool http = base.starts_with("http://") || base.starts_with("https://");
  if (!http || !curl_detail::is_visible_ascii(base)) {
    base_url_error_ = "invalid base URL (expected http:// or https://)";
  } else {
    base_url_ = std::move(base);
  }
  user_agent_ = make_user_agent(options.user_name);
}

CurlHttpClient::~CurlHttpClient() = default;

std::string CurlHttpClient::make_user_agent(std::string_view user_name) {
  std::string agent = "paxbot/" PAXBOT_VERSION;
  if (!user_name.empty()) {
    agent += " user:";
    agent += user_name;
  }
  return agent;
}

void CurlHttpClient::set_user_name(std::string user_name) {
  std::string agent = make_user_agent(user_name);
  std::lock_guard lock(user_agent_mutex_);
  user_agent_ = std::move(agent);
}

std::string CurlHttpClient::user_agent() const {
  std::lock_guard lock(user_agent_mutex_);
  return user_agent_;
}

void CurlHttpClient::abort() {
  aborted_.store(true);
  std::lock_guard lock(active_mutex_);
  for (Transfer* transfer : active_) curl_multi_wakeup(transfer->multi);
}

std::unique_ptr<CurlHttpClient::Transfer> CurlHttpClient::borrow() {
  {
    std::lock_guard lock(pool_mutex_);
    if (!idle_.empty()) {
      std::unique_ptr<Transfer> transfer = std::move(idle_.back());
      idle_.pop_back();
      return transfer;
    }
  }
  auto transfer = std::make_unique<Transfer>();
  if (!transfer->valid()) return nullptr;
  return transfer;
}

void CurlHttpClient::give_back(std::unique_ptr<Transfer> transfer) {
  curl_easy_reset(transfer->easy);  // drops every option; the connection cache stays
  std::lock_guard lock(pool_mutex_);
  if (idle_.size() < max_idle_handles_) idle_.push_back(std::move(transfer));
}

HttpResult CurlHttpClient::request(const HttpRequest& request) {
  return perform(request, nullptr, nullptr).http;
}

StreamResult CurlHttpClient::stream(const HttpRequest& request, const LineHandler& on_line,
                                    const StreamControl& control) {
  return perform(request, &on_line, &control);
}

StreamResult CurlHttpClient::perform(const HttpRequest& request, const LineHandler* on_line,
                                     const StreamControl* control) {
  StreamResult result;
  const std::string what = std::string(to_string(request.method)) + " " + request.path;
  const auto fail = [&](TransportError error, std::string_view message) {
    result.http.error = error;
    result.http.error_message = scrubber_.scrub(what + ": " + std::string(message));
    return result;
  };

  if (aborted_.load()) return fail(TransportError::kAborted, "client aborted");
  if (base_url_.empty()) return fail(TransportError::kOther, base_url_error_);
  if (!request.path.starts_with('/') || !curl_detail::is_visible_ascii(request.path)) {
    return fail(TransportError::kOther, "invalid request path");
  }
  if (!curl_detail::is_visible_ascii(token_))
    return fail(TransportError::kOther, "invalid token characters");

  auto head = curl_detail::request_head(request, token_);
  if (!head) return fail(TransportError::kOther, head.error());

  std::unique_ptr<Transfer> transfer = borrow();
  if (!transfer) return fail(TransportError::kOther, "curl initialisation failed");
  CURL* easy = transfer->easy;
  CURLM* multi = transfer->multi;

  Exchange exchange(control != nullptr ? control->max_line_bytes
                                       : StreamControl::kDefaultMaxLineBytes);
  exchange.on_line = on_line;
  exchange.max_body = on_line != nullptr ? kStreamErrorBodyCap : request.max_body_bytes;

  const std::string url = base_url_ + request.path;
  const std::string agent = user_agent();
  exchange.set_options(easy, request, url, agent, *head);

  enum class Ending { kDone, kAborted, kStopped, kSilence, kMultiError };
  Ending ending = Ending::kDone;
  CURLcode code = CURLE_OK;
  CURLMcode multi_code = CURLM_OK;
  {
    // Registered before the abort check so that abort() either sees this
    // transfer or has already set the flag.
    {
      std::lock_guard lock(active_mutex_);
      active_.push_back(transfer.get());
    }
    std::stop_token stop = control != nullptr ? control->stop : std::stop_token();
    std::stop_callback wake_on_stop(stop, [multi] { curl_multi_wakeup(multi); });

    exchange.last_byte = Steady::now();
    multi_code = curl_multi_add_handle(multi, easy);
    if (multi_code != CURLM_OK) ending = Ending::kMultiError;
    bool finished = false;
    while (ending == Ending::kDone && !finished) {
      int running = 0;
      multi_code = curl_multi_perform(multi, &running);
      if (multi_code != CURLM_OK) {
        ending = Ending::kMultiError;
        break;
      }
      int queued = 0;
      while (CURLMsg* message = curl_multi_info_read(multi, &queued)) {
        if (message->msg == CURLMSG_DONE) {
          finished = true;
          code = message->data.result;
        }
      }
      if (finished) break;
      if (aborted_.load()) {
        ending = Ending::kAborted;
        break;
      }
      if (stop.stop_requested()) {
        ending = Ending::kStopped;
        break;
      }
      milliseconds wait = kMaxPollWait;
      if (control != nullptr) {
        const Steady::time_point deadline = exchange.last_byte + control->silence_limit;
        const Steady::time_point now = Steady::now();
        if (now >= deadline) {
          ending = Ending::kSilence;
          break;
        }
        wait = std::min(wait, std::chrono::ceil<milliseconds>(deadline - now));
      }
      multi_code = curl_multi_poll(multi, nullptr, 0, static_cast<int>(wait.count()), nullptr);
      if (multi_code != CURLM_OK) ending = Ending::kMultiError;
    }
    curl_multi_remove_handle(multi, easy);  // closes the connection if unfinished

    std::lock_guard lock(active_mutex_);
    active_.erase(std::find(active_.begin(), active_.end(), transfer.get()));
  }

  long status = 0;
  curl_easy_getinfo(easy, CURLINFO_RESPONSE_CODE, &status);
  if (exchange.status < 0) exchange.status = status;
  exchange.easy = nullptr;  // the handle goes back to the pool now
  const std::string curl_message =
      exchange.error_buffer[0] != '\0' ? exchange.error_buffer : curl_easy_strerror(code);
  give_back(std::move(transfer));

  result.http.status = static_cast<int>(status);
  result.http.headers = std::move(exchange.headers);
  result.http.body = std::move(exchange.body);
  result.lines = exchange.lines;

  switch (ending) {
    case Ending::kAborted:
      return fail(TransportError::kAborted, "client aborted");
    case Ending::kStopped:
      result.stopped = true;
      return result;
    case Ending::kSilence:
      return fail(TransportError::kSilence,
                  "no data for " + std::to_string(control->silence_limit.count()) + " ms");
    case Ending::kMultiError:
      return fail(TransportError::kOther, curl_multi_strerror(multi_code));
    case Ending::kDone:
      break;
  }

  if (code == CURLE_OK) {
    // A last line without its '\n' still counts when the stream ended cleanly.
    if (on_line != nullptr && exchange.streaming_lines()) {
      if (std::optional<NdjsonItem> tail = exchange.splitter.finish()) {
        if (!exchange.deliver(*tail) && exchange.halt == Exchange::Halt::kOversizeLine) {
          return fail(TransportError::kOversizeLine, "line longer than the limit");
        }
        result.lines = exchange.lines;
        result.stopped = exchange.halt == Exchange::Halt::kHandler;
      }
    }
    return result;
  }
  switch (exchange.halt) {
    case Exchange::Halt::kHandler:
      result.stopped = true;
      return result;
    case Exchange::Halt::kOversizeLine:
      return fail(
          TransportError::kOversizeLine,
          "line longer than " + std::to_string(exchange.splitter.max_line_bytes()) + " bytes");
    case Exchange::Halt::kBodyTooLarge:
      result.http.body.clear();
      return fail(TransportError::kOther,
                  "response body exceeds " + std::to_string(request.max_body_bytes) + " bytes");
    case Exchange::Halt::kNone:
      break;
  }
  return fail(curl_detail::classify(code), curl_message);
}

}  // namespace bot
