// SPDX-License-Identifier: GPL-3.0-or-later
// The project's only user of libcurl. Each call drives its transfer through
// a private multi handle with curl_multi_poll(), so abort(), a stream's stop
// token and the silence watchdog can interrupt it at once via
// curl_multi_wakeup() instead of waiting for a progress callback.
#include "daemon/http/curl_http_client.h"

#include <curl/curl.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <memory>
#include <mutex>
#include <optional>
#include <stop_token>

#include "daemon/http/ndjson_splitter.h"
#include "paxbot_version.h"

namespace bot {

namespace {

using Steady = std::chrono::steady_clock;
using std::chrono::milliseconds;

// Bodies of non-2xx stream answers are kept for diagnostics up to this size.
constexpr std::size_t kStreamErrorBodyCap = 64u << 10;
constexpr std::size_t kMaxResponseHeaders = 200;
// Upper bound of one poll, a safety net besides the explicit wakeups.
constexpr milliseconds kMaxPollWait{1'000};

void global_init_once() {
  static std::once_flag once;
  std::call_once(once, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
}

bool is_visible_ascii(std::string_view text) {
  return std::all_of(text.begin(), text.end(), [](char c) { return c > 0x20 && c < 0x7F; });
}

bool is_header_name(std::string_view name) {
  return !name.empty() && is_visible_ascii(name) && name.find(':') == std::string_view::npos;
}

bool is_header_value(std::string_view value) {
  return std::none_of(value.begin(), value.end(),
                      [](char c) { return c == '\r' || c == '\n' || c == '\0'; });
}

std::string trim(std::string_view text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) {
    text.remove_prefix(1);
  }
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) {
    text.remove_suffix(1);
  }
  return std::string(text);
}

TransportError classify(CURLcode code) {
  switch (code) {
    case CURLE_COULDNT_RESOLVE_HOST:
    case CURLE_COULDNT_RESOLVE_PROXY:
      return TransportError::kDns;
    case CURLE_COULDNT_CONNECT:
      return TransportError::kConnect;
    case CURLE_OPERATION_TIMEDOUT:
      return TransportError::kTimeout;
    case CURLE_SSL_CONNECT_ERROR:
    case CURLE_PEER_FAILED_VERIFICATION:
    case CURLE_SSL_CERTPROBLEM:
    case CURLE_SSL_CIPHER:
    case CURLE_SSL_CACERT_BADFILE:
    case CURLE_SSL_ISSUER_ERROR:
    case CURLE_SSL_PINNEDPUBKEYNOTMATCH:
    case CURLE_SSL_INVALIDCERTSTATUS:
    case CURLE_SSL_ENGINE_NOTFOUND:
    case CURLE_SSL_ENGINE_SETFAILED:
    case CURLE_SSL_ENGINE_INITFAILED:
    case CURLE_SSL_CRL_BADFILE:
    case CURLE_SSL_SHUTDOWN_FAILED:
    case CURLE_USE_SSL_FAILED:
      return TransportError::kTls;
    default:
      return TransportError::kOther;
  }
}

struct SlistDeleter {
  void operator()(curl_slist* list) const { curl_slist_free_all(list); }
};
using Slist = std::unique_ptr<curl_slist, SlistDeleter>;

bool slist_append(Slist& list, const std::string& line) {
  curl_slist* grown = curl_slist_append(list.get(), line.c_str());
  if (grown == nullptr) return false;
  list.release();
  list.reset(grown);
  return true;
}

}  // namespace

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
  Steady::time_point last_byte = Steady::now();
  Halt halt = Halt::kNone;
  std::size_t lines = 0;
  char error_buffer[CURL_ERROR_SIZE] = {};

  explicit Exchange(std::size_t max_line_bytes) : splitter(max_line_bytes) {}

  bool streaming_lines() {
    if (on_line == nullptr) return false;
    if (status < 0 && easy != nullptr) curl_easy_getinfo(easy, CURLINFO_RESPONSE_CODE, &status);
    return status >= 200 && status < 300;
  }

  // Hands one splitter item to the line handler; false ends the transfer.
  bool deliver(const NdjsonItem& item) {
    if (item.kind == NdjsonItem::Kind::kOversize) {
      halt = Halt::kOversizeLine;
      return false;
    }
    ++lines;
    if ((*on_line)(item.text) == StreamAction::kStop) {
      halt = Halt::kHandler;
      return false;
    }
    return true;
  }

  static size_t on_body(char* data, size_t size, size_t count, void* user) {
    auto& self = *static_cast<Exchange*>(user);
    const std::size_t bytes = size * count;
    self.last_byte = Steady::now();
    const std::string_view chunk(data, bytes);
    if (self.streaming_lines()) {
      for (const NdjsonItem& item : self.splitter.feed(chunk)) {
        if (!self.deliver(item)) return 0;  // makes curl end with CURLE_WRITE_ERROR
      }
      return bytes;
    }
    if (self.body.size() + bytes > self.max_body) {
      if (self.on_line != nullptr) {  // a stream's error body: keep the start only
        self.body.append(chunk.substr(0, self.max_body - self.body.size()));
        return bytes;
      }
      self.halt = Halt::kBodyTooLarge;
      return 0;
    }
    self.body.append(chunk);
    return bytes;
  }

  static size_t on_header(char* data, size_t size, size_t count, void* user) {
    auto& self = *static_cast<Exchange*>(user);
    const std::size_t bytes = size * count;
    self.last_byte = Steady::now();
    const std::string_view line(data, bytes);
    if (line.starts_with("HTTP/")) {
      self.headers.clear();  // a new response head (e.g. after 100 Continue)
      return bytes;
    }
    const std::size_t colon = line.find(':');
    if (colon == std::string_view::npos || self.headers.size() >= kMaxResponseHeaders) {
      return bytes;
    }
    std::string name = trim(line.substr(0, colon));
    for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    self.headers.push_back({std::move(name), trim(line.substr(colon + 1))});
    return bytes;
  }
};

CurlHttpClient::CurlHttpClient(Options options)
    : token_(std::move(options.token)), max_idle_handles_(options.max_idle_handles) {
  global_init_once();
  scrubber_.add(token_);
  std::string base = std::move(options.base_url);
  while (!base.empty() && base.back() == '/') base.pop_back();
  const bool http = base.starts_with("http://") || base.starts_with("https://");
  if (!http || !is_visible_ascii(base)) {
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
  if (!request.path.starts_with('/') || !is_visible_ascii(request.path)) {
    return fail(TransportError::kOther, "invalid request path");
  }
  if (!is_visible_ascii(token_)) return fail(TransportError::kOther, "invalid token characters");

  // Request head and body.
  Slist headers;
  std::string body;
  bool ok = slist_append(headers, "Expect:");  // no 100-continue round trip
  if (!token_.empty()) ok = ok && slist_append(headers, "Authorization: Bearer " + token_);
  if (const auto* form = std::get_if<FormFields>(&request.body)) {
    body = form_encode(*form);
    ok = ok && slist_append(headers, "Content-Type: application/x-www-form-urlencoded");
  } else if (const auto* text = std::get_if<TextBody>(&request.body)) {
    if (!is_header_value(text->content_type)) {
      return fail(TransportError::kOther, "invalid content type");
    }
    body = text->text;
    ok = ok && slist_append(headers, "Content-Type: " + text->content_type);
  }
  for (const HttpHeader& header : request.headers) {
    if (!is_header_name(header.name) || !is_header_value(header.value)) {
      return fail(TransportError::kOther, "invalid request header");
    }
    ok = ok && slist_append(headers, header.name + ": " + header.value);
  }
  if (!ok) return fail(TransportError::kOther, "out of memory");

  std::unique_ptr<Transfer> transfer = borrow();
  if (!transfer) return fail(TransportError::kOther, "curl initialisation failed");
  CURL* easy = transfer->easy;
  CURLM* multi = transfer->multi;

  Exchange exchange(control != nullptr ? control->max_line_bytes
                                       : StreamControl::kDefaultMaxLineBytes);
  exchange.easy = easy;
  exchange.on_line = on_line;
  exchange.max_body = on_line != nullptr ? kStreamErrorBodyCap : request.max_body_bytes;

  const std::string url = base_url_ + request.path;
  const std::string agent = user_agent();
  const long timeout_ms =
      static_cast<long>(std::max<milliseconds::rep>(request.timeout.count(), 1));
  curl_easy_setopt(easy, CURLOPT_URL, url.c_str());
  curl_easy_setopt(easy, CURLOPT_PROTOCOLS_STR, "http,https");
  curl_easy_setopt(easy, CURLOPT_FOLLOWLOCATION, 0L);
  curl_easy_setopt(easy, CURLOPT_SSL_VERIFYPEER, 1L);
  curl_easy_setopt(easy, CURLOPT_SSL_VERIFYHOST, 2L);
  curl_easy_setopt(easy, CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(easy, CURLOPT_TCP_KEEPALIVE, 1L);
  curl_easy_setopt(easy, CURLOPT_USERAGENT, agent.c_str());
  curl_easy_setopt(easy, CURLOPT_HTTPHEADER, headers.get());
  curl_easy_setopt(easy, CURLOPT_ERRORBUFFER, exchange.error_buffer);
  curl_easy_setopt(easy, CURLOPT_WRITEFUNCTION, &Exchange::on_body);
  curl_easy_setopt(easy, CURLOPT_WRITEDATA, &exchange);
  curl_easy_setopt(easy, CURLOPT_HEADERFUNCTION, &Exchange::on_header);
  curl_easy_setopt(easy, CURLOPT_HEADERDATA, &exchange);
  curl_easy_setopt(easy, CURLOPT_CONNECTTIMEOUT_MS, timeout_ms);
  if (on_line == nullptr) curl_easy_setopt(easy, CURLOPT_TIMEOUT_MS, timeout_ms);
  if (request.method == HttpMethod::kPost) {
    curl_easy_setopt(easy, CURLOPT_POST, 1L);
    curl_easy_setopt(easy, CURLOPT_POSTFIELDSIZE_LARGE, static_cast<curl_off_t>(body.size()));
    curl_easy_setopt(easy, CURLOPT_POSTFIELDS, body.c_str());
  } else {
    curl_easy_setopt(easy, CURLOPT_HTTPGET, 1L);
  }

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
  return fail(classify(code), curl_message);
}

}  // namespace bot
