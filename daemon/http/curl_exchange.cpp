// SPDX-License-Identifier: GPL-3.0-or-later
// One call's curl easy handle: the request head, the options and the response callbacks
// (what owns what in daemon/http/: curl_exchange.h).
#include "daemon/http/curl_exchange.h"

#include <algorithm>
#include <cctype>
#include <mutex>
#include <variant>

namespace bot {
namespace curl_detail {

void global_init_once() {
  static std::once_flag once;
  std::call_once(once, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
}

bool is_visible_ascii(std::string_view text) {
  return std::all_of(text.begin(), text.end(), [](char c) { return c > 0x20 && c < 0x7F; });
}

namespace {

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

bool slist_append(Slist& list, const std::string& line) {
  curl_slist* grown = curl_slist_append(list.get(), line.c_str());
  if (grown == nullptr) return false;
  list.release();
  list.reset(grown);
  return true;
}

}  // namespace

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

std::expected<RequestHead, std::string> request_head(const HttpRequest& request,
                                                     const std::string& token) {
  RequestHead head;
  bool ok = slist_append(head.headers, "Expect:");  // no 100-continue round trip
  if (!token.empty()) ok = ok && slist_append(head.headers, "Authorization: Bearer " + token);
  if (const auto* form = std::get_if<FormFields>(&request.body)) {
    head.body = form_encode(*form);
    ok = ok && slist_append(head.headers, "Content-Type: application/x-www-form-urlencoded");
  } else if (const auto* text = std::get_if<TextBody>(&request.body)) {
    if (!is_header_value(text->content_type)) return std::unexpected("invalid content type");
    head.body = text->text;
    ok = ok && slist_append(head.headers, "Content-Type: " + text->content_type);
  }
  for (const HttpHeader& header : request.headers) {
    if (!is_header_name(header.name) || !is_header_value(header.value)) {
      return std::unexpected("invalid request header");
    }
    ok = ok && slist_append(head.headers, header.name + ": " + header.value);
  }
  if (!ok) return std::unexpected("out of memory");
  return head;
}

}  // namespace curl_detail

void CurlHttpClient::Exchange::set_options(CURL* handle, const HttpRequest& request,
                                           const std::string& url, const std::string& agent,
                                           const curl_detail::RequestHead& head) {
  easy = handle;
  const long timeout_ms =
      static_cast<long>(std::max<std::chrono::milliseconds::rep>(request.timeout.count(), 1));
  curl_easy_setopt(easy, CURLOPT_URL, url.c_str());
  curl_easy_setopt(easy, CURLOPT_PROTOCOLS_STR, "http,https");
  curl_easy_setopt(easy, CURLOPT_FOLLOWLOCATION, 0L);
  curl_easy_setopt(easy, CURLOPT_SSL_VERIFYPEER, 1L);
  curl_easy_setopt(easy, CURLOPT_SSL_VERIFYHOST, 2L);
  curl_easy_setopt(easy, CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(easy, CURLOPT_TCP_KEEPALIVE, 1L);
  curl_easy_setopt(easy, CURLOPT_USERAGENT, agent.c_str());
  curl_easy_setopt(easy, CURLOPT_HTTPHEADER, head.headers.get());
  curl_easy_setopt(easy, CURLOPT_ERRORBUFFER, error_buffer);
  curl_easy_setopt(easy, CURLOPT_WRITEFUNCTION, &Exchange::on_body);
  curl_easy_setopt(easy, CURLOPT_WRITEDATA, this);
  curl_easy_setopt(easy, CURLOPT_HEADERFUNCTION, &Exchange::on_header);
  curl_easy_setopt(easy, CURLOPT_HEADERDATA, this);
  curl_easy_setopt(easy, CURLOPT_CONNECTTIMEOUT_MS, timeout_ms);
  if (on_line == nullptr) curl_easy_setopt(easy, CURLOPT_TIMEOUT_MS, timeout_ms);
  if (request.method == HttpMethod::kPost) {
    curl_easy_setopt(easy, CURLOPT_POST, 1L);
    curl_easy_setopt(easy, CURLOPT_POSTFIELDSIZE_LARGE, static_cast<curl_off_t>(head.body.size()));
    curl_easy_setopt(easy, CURLOPT_POSTFIELDS, head.body.c_str());
  } else {
    curl_easy_setopt(easy, CURLOPT_HTTPGET, 1L);
  }
}

bool CurlHttpClient::Exchange::streaming_lines() {
  if (on_line == nullptr) return false;
  if (status < 0 && easy != nullptr) curl_easy_getinfo(easy, CURLINFO_RESPONSE_CODE, &status);
  return status >= 200 && status < 300;
}

bool CurlHttpClient::Exchange::deliver(const NdjsonItem& item) {
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

size_t CurlHttpClient::Exchange::on_body(char* data, size_t size, size_t count, void* user) {
  auto& self = *static_cast<Exchange*>(user);
  const std::size_t bytes = size * count;
  self.last_byte = curl_detail::Steady::now();
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

size_t CurlHttpClient::Exchange::on_header(char* data, size_t size, size_t count, void* user) {
  auto& self = *static_cast<Exchange*>(user);
  const std::size_t bytes = size * count;
  self.last_byte = curl_detail::Steady::now();
  const std::string_view line(data, bytes);
  if (line.starts_with("HTTP/")) {
    self.headers.clear();  // a new response head (e.g. after 100 Continue)
    return bytes;
  }
  const std::size_t colon = line.find(':');
  if (colon == std::string_view::npos || self.headers.size() >= curl_detail::kMaxResponseHeaders) {
    return bytes;
  }
  std::string name = curl_detail::trim(line.substr(0, colon));
  for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  self.headers.push_back({std::move(name), curl_detail::trim(line.substr(colon + 1))});
  return bytes;
}

}  // namespace bot
