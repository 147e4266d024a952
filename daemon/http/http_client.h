// SPDX-License-Identifier: GPL-3.0-or-later
// The HTTP transport seen by the rest of the daemon: plain request/response
// calls and long-lived NDJSON streams. Results are values, never exceptions.
// The real implementation is CurlHttpClient; tests use a scripted fake.
#pragma once

#include <chrono>
#include <cstddef>
#include <functional>
#include <optional>
#include <stop_token>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace bot {

enum class HttpMethod { kGet, kPost };

std::string_view to_string(HttpMethod method);

// Why a transfer failed before a complete HTTP answer arrived.
enum class TransportError {
  kNone,          // a response was received (any status code)
  kDns,           // host name could not be resolved
  kConnect,       // TCP connection refused or unreachable
  kTimeout,       // connect or total request timeout expired
  kTls,           // TLS handshake or certificate verification failed
  kAborted,       // HttpClient::abort() was called (shutdown)
  kSilence,       // stream watchdog: no byte received for too long
  kOversizeLine,  // stream line longer than StreamControl::max_line_bytes
  kOther,         // anything else (connection reset, invalid request, ...)
};

std::string_view to_string(TransportError error);

// One form field of an application/x-www-form-urlencoded body.
using FormFields = std::vector<std::pair<std::string, std::string>>;

// A raw body with its content type, e.g. text/plain for /api/token/test.
struct TextBody {
  std::string content_type = "text/plain";
  std::string text;
};

using HttpBody = std::variant<std::monostate, FormFields, TextBody>;

struct HttpHeader {
  std::string name;  // response headers: lower-case
  std::string value;
};

struct HttpRequest {
  HttpMethod method = HttpMethod::kGet;
  // Path and query relative to the client's base URL; must start with '/'.
  // Callers percent-encode dynamic parts (see url_encode_component).
  std::string path;
  HttpBody body;
  std::vector<HttpHeader> headers;  // extra request headers
  // request(): limit for the whole exchange. stream(): limit for connecting;
  // after that the silence watchdog (StreamControl) decides.
  std::chrono::milliseconds timeout{10'000};
  // request(): larger response bodies fail with TransportError::kOther.
  std::size_t max_body_bytes = 8u << 20;

  static HttpRequest get(std::string path);
  static HttpRequest post(std::string path);  // empty body
  static HttpRequest post_form(std::string path, FormFields fields);
  static HttpRequest post_text(std::string path, std::string content_type, std::string text);
};

struct HttpResult {
  TransportError error = TransportError::kNone;
  std::string error_message;  // empty when error == kNone; never contains the token
  int status = 0;             // HTTP status; 0 when no response head arrived
  std::string body;           // streams: only filled for non-2xx answers
  std::vector<HttpHeader> headers;

  bool transport_ok() const { return error == TransportError::kNone; }
  bool ok() const { return transport_ok() && status >= 200 && status < 300; }
  // Case-insensitive lookup of a response header (first occurrence).
  std::optional<std::string_view> header(std::string_view name) const;

  static HttpResult response(int status, std::string body = "",
                             std::vector<HttpHeader> headers = {});
  static HttpResult failure(TransportError error, std::string message);
};

// What a stream line handler wants next.
enum class StreamAction { kContinue, kStop };

// Gets every complete line without its terminator. An empty line is a
// keep-alive: it carries no data but proves the connection is alive.
using LineHandler = std::function<StreamAction(std::string_view line)>;

struct StreamControl {
  static constexpr std::chrono::milliseconds kDefaultSilenceLimit{20'000};
  static constexpr std::size_t kDefaultMaxLineBytes = 1u << 20;

  // The stream is dead when no byte arrives for this long (TransportError::kSilence).
  std::chrono::milliseconds silence_limit = kDefaultSilenceLimit;
  // Longer lines end the stream with TransportError::kOversizeLine.
  std::size_t max_line_bytes = kDefaultMaxLineBytes;
  // Lets the owner close this one stream from another thread (e.g. a game
  // session that is being dropped). Ends the stream with `stopped` set.
  std::stop_token stop;
};

struct StreamResult {
  // status/headers of the answer; `error` tells why the stream ended when it
  // was not a clean end of file. body is only filled for non-2xx answers.
  HttpResult http;
  // Ended by the owner (handler returned kStop or `stop` was requested);
  // not an error: http.error stays kNone.
  bool stopped = false;
  std::size_t lines = 0;  // lines delivered to the handler, keep-alives included
};

// Thread contract: request() and stream() may be called concurrently from
// any threads; each call blocks its caller. abort() may be called from any
// thread: it makes every in-flight and every later call of this client
// return TransportError::kAborted promptly (it is meant for shutdown and is
// not undone).
class HttpClient {
 public:
  virtual ~HttpClient() = default;

  virtual HttpResult request(const HttpRequest& request) = 0;
  virtual StreamResult stream(const HttpRequest& request, const LineHandler& on_line,
                              const StreamControl& control) = 0;
  virtual void abort() = 0;
};

// Percent-encodes everything except unreserved characters (A-Z a-z 0-9 - . _ ~);
// for path segments and query values.
std::string url_encode_component(std::string_view text);

// application/x-www-form-urlencoded: "a=1&b=x+y".
std::string form_encode(const FormFields& fields);

}  // namespace bot
